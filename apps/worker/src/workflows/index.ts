export { SmokeWorkflow } from './smoke';
export { IssueDteWorkflow } from './issue-dte';

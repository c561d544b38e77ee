export { SmokeWorkflow } from './smoke';

export { SmokeWorkflow } from './smoke';
export { IssueDteWorkflow } from './issue-dte';
export { RenderPdfWorkflow } from './render-pdf';

export { SmokeWorkflow } from './smoke';
export { IssueDteWorkflow } from './issue-dte';
export { RenderPdfWorkflow } from './render-pdf';
export { ResendDteWorkflow } from './resend';
export { InvalidateDteWorkflow } from './invalidate-dte';
export { ContingencyWorkflow } from './contingency';
export { SettleOutcomesWorkflow } from './settle-outcomes';

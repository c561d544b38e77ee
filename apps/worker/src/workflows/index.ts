/** Every workflow the worker registers, each under the Temporal type its contract names. */
export { SmokeWorkflow } from './smoke';
export { IssueDteWorkflow } from './issue-dte';
export { RenderPdfWorkflow } from './render-pdf';
export { RenderLibroWorkflow } from './render-libro';
export { RenderInformeCertificacionWorkflow } from './render-informe-certificacion';
export { ResendDteWorkflow } from './resend';
export { InvalidateDteWorkflow } from './anulacion';
export { ContingencyWorkflow } from './contingencia/workflow';
export { SettleOutcomesWorkflow } from './settle-outcomes';
export { WebhookDeliveryWorkflow } from './webhook';
export { ConciliacionWorkflow, ConciliacionDiariaWorkflow } from './conciliacion';
export { CertificacionWorkflow } from './certificacion/workflow';
export { ImportacionWorkflow } from './importacion';
export { LecturaBuzonWorkflow, LecturaBuzonesWorkflow } from './compras/buzon';
export { ConfirmarCompraWorkflow, RecibirCompraWorkflow, RevisionComprasWorkflow } from './compras/recibir';
export { NumeracionWorkflow } from './numeracion';
export { EnlaceDeAccesoWorkflow } from './enlace-de-acceso';

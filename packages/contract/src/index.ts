/**
 * The Temporal contract between the API (which starts workflows) and the worker (which runs them): each
 * workflow's type, id, messages and the types that cross them, defined once. Workflows import it, so it
 * stays free of I/O; the client's typed calls are in `@dte/contract/client`.
 */
export { defineWorkflow, executeChildOf, startChildOf, type WorkflowContract, type WorkflowFn } from './workflow';
export { IssueDte, type DocumentEstado, type DocumentOutcome, type Issuer, type IssueDteInput } from './emision';
export { colaNumeracion, DUENO_CORRELATIVO, Numeracion, SERIE_CORRELATIVO } from './numeracion';
export { Anulacion, type AnulacionInput, type AnulacionResult } from './anulacion';
export { Importacion, type ImportacionInput, type ResumenImportacion } from './importacion';
export {
  Contingencia,
  type ContingenciaContinuacion,
  type ContingenciaEstado,
  type ContingenciaInput,
  type FaseContingencia,
  type SolicitudSondeo,
  type SondeoMh,
} from './contingencia';
export {
  RenderLibro,
  RenderPdf,
  ResendDte,
  SettleOutcomes,
  Smoke,
  type RenderLibroInput,
  type ResendDteInput,
  type SettleOutcomesInput,
  type SettleOutcomesResult,
  type SmokeInput,
  type SmokeResult,
} from './operaciones';
export type { RespuestaMh, TransmitOutcome } from './mh';
export type { RespuestaMhView } from './views';
export { DTE_ERROR_FAILURE, type DteErrorDetails } from './errors';
export { RECHAZADO_EN_API, SearchAttribute, SearchAttributeKeys, searchAttributeTypes } from './search-attributes';
export {
  colaEntregas,
  DESTINO_NO_PERMITIDO,
  EntregaWebhook,
  INTENTOS_ENTREGA_PEDIDA,
  type EntregaWebhookInput,
  type EventoWebhook,
  type ReintentoWebhook,
  type ResultadoEntrega,
} from './webhooks';
export {
  Conciliacion,
  ConciliacionDiaria,
  type ConciliacionDiariaInput,
  type ConciliacionInput,
  type Diferencia,
  type ResumenConciliacion,
} from './conciliacion';
export {
  Certificacion,
  type AvanceCertificacion,
  type CertificacionContinuacion,
  type CertificacionEstado,
  type CertificacionInput,
  type DocumentoCampana,
  RenderInformeCertificacion,
  RITMO_CERTIFICACION,
  type EstadoCampana,
  type RechazoCertificacion,
  type TipoCertificable,
} from './certificacion';
export {
  ConfirmarCompra,
  RecibirCompra,
  RevisionCompras,
  type CompraOutcome,
  type ConfirmarCompraInput,
  type EstadoCompra,
  type MotivoCompra,
  type OrigenCompra,
  type RecibirCompraInput,
  type ResumenRevisionCompras,
  type RevisionComprasInput,
} from './compras';
export {
  LecturaBuzon,
  LecturaBuzones,
  type LecturaBuzonInput,
  type MotivoBuzon,
  type ResumenLecturaBuzon,
} from './buzon';
export { EnlaceDeAcceso, type EnlaceDeAccesoInput } from './personas';

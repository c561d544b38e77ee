export { parseRequest, type FieldError } from './parse';
export { direccion as direccionRequest, nrcDelRegistro } from './common';
export type {
  ApendiceRequest,
  CondicionOperacion,
  DireccionRequest,
  ItemCompraRequest,
  ItemVentaRequest,
  PagoRequest,
  TipoDocumento,
  TipoImpuesto,
} from './common';
export * from './dte01';
export * from './dte03';
export * from './dte04';
export * from './nota';
export * from './dte07';
export * from './dte08';
export * from './dte09';
export * from './dte11';
export * from './dte14';
export * from './dte15';
export * from './retorno';
export * from './anulacion';
export * from './resend';
export * as examples from './examples';
export * from './lista';
export * from './webhooks';
export * from './conciliacion';
export * from './libros';
export * from './buzon';
export * from './auditoria';

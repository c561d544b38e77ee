export * from './plan';
export { generarSolicitud, type CcfAceptado, type CuerpoSolicitud, type OpcionesGenerador } from './generador';
export type { Contribuyente } from './datos';
export * from './anulacion';
export { contribuyentesCertificacion, type ContribuyenteRegistrado } from './contribuyentes';

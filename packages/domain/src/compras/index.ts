export { archivoDteRecibido, identificarCompra, periodoDeCompra, type IdentidadCompra } from './identidad';
export type { MotivoCompra } from './motivos';
export { RECEPTOR_DE_COMPRA } from './receptor';
export { aritmeticaDeCompra } from './aritmetica';
export { AGREGADOS_DEL_ARCHIVO, difiereDeLoFirmado, documentoDelArchivo } from './firma';
export {
  comprobarCompra,
  consultaDeReceptor,
  estadoSegunMh,
  type ComprobacionCompra,
  type RespuestaConsulta,
} from './verificacion';
export {
  clasificarCompraRequest,
  ESTADOS_COMPRA,
  listaComprasRequest,
  type ClasificarCompraRequest,
  type EstadoCompra,
  type ListaComprasRequest,
} from './solicitudes';

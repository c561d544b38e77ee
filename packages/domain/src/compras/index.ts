export {
  archivoDteRecibido,
  exigirEstructura,
  identificarCompra,
  identificarImportado,
  periodoDeCompra,
  type IdentidadCompra,
} from './identidad';
export type { MotivoCompra } from './motivos';
export { RECEPTOR_DE_COMPRA } from './receptor';
export { aritmeticaDeCompra } from './aritmetica';
export { AGREGADOS_DEL_ARCHIVO, difiereDeLoFirmado, documentoDelArchivo, estaFirmado } from './firma';
export { MAX_PROFUNDIDAD, MAX_VALORES, problemaDeEstructura } from './estructura';
export { MONTO_DE_COMPRA, montoDeCompra } from './monto';
export {
  comprobarCompra,
  conclusionDeCompra,
  CONFIRMADO_POR_MH,
  consultaDeReceptor,
  verificacionSinMh,
  type ComprobacionCompra,
  type ConfirmacionCompra,
  type ConclusionCompra,
  type HechoConfirmadoPorMh,
  type HechosDeCompra,
  type PoliticaCompras,
  type RespaldoDelContenido,
  type RespuestaConsulta,
  type VerificacionCompra,
} from './verificacion';
export {
  clasificarCompraRequest,
  confirmarCompraRequest,
  ESTADOS_COMPRA,
  ESTADOS_CONFIRMADOS_POR_MH,
  listaComprasRequest,
  type ClasificarCompraRequest,
  type ConfirmarCompraRequest,
  type EstadoCompra,
  type ListaComprasRequest,
} from './solicitudes';

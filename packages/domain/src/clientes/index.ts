export { claveCliente, clienteRequest, EL_SALVADOR, type Cliente, type ClienteRequest } from './cliente';
export {
  claveProducto,
  productoRequest,
  TIPOS_VENTA,
  type Producto,
  type ProductoRequest,
  type TipoVenta,
} from './producto';
export { clienteCoincide, normalizarBusqueda, productoCoincide } from './busqueda';
export {
  esTipoConLibreta,
  itemDesdeProducto,
  precioParaTipo,
  receptorDesdeCliente,
  seccionDelCliente,
  TIPOS_CON_LIBRETA,
  type ItemsDesdeProducto,
  type ReceptoresDesdeCliente,
  type TipoConLibreta,
} from './emision';
export {
  encabezadoDe,
  filaDe,
  importacionRechazada,
  leerFilas,
  MAX_FILAS_IMPORTACION,
  TABLA_CLIENTES,
  TABLA_PRODUCTOS,
  type ErrorDeFila,
  type FilaValida,
  type Tabla,
} from './archivo';
export { clienteDelDocumento } from './desde-documento';
export { exportarLibretaRequest, libretaRequest, type ExportarLibretaRequest, type LibretaRequest } from './lista';

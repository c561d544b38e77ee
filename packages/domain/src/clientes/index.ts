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

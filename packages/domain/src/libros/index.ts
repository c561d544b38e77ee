export {
  delEstablecimiento,
  desdeAnulables,
  fechaDeProcesamiento,
  lecturaCompleta,
  lecturaDeLibros,
  periodoDe,
  type DocumentoLibro,
  type Periodo,
} from './documento';
export {
  ANEXOS_F07,
  CODIGOS_TIPO_INGRESO,
  esTipoIngreso,
  filasAnexo,
  TIPOS_INGRESO,
  type AnexoF07,
  type FilaAnexo,
  type OpcionesAnexo,
} from './anexos';
export { csvDgii, ENCODING_ANEXOS } from './formato';
export { debitoFiscal, ventasConsumidor, ventasContribuyentes, type LibroEnCurso } from './libros';
export {
  libroDelMes,
  LIBROS,
  sumaDeColumnas,
  type CeldaLibro,
  type ColumnaLibro,
  type DisenoTabla,
  type Libro,
  type TablaLibro,
} from './tabla';
export { libroCompras, type CompraLibro } from './compras';
export { librosDe, TIPOS_POR_LIBRO } from './tipos';
export { ANEXOS_F07_COMPRAS, comprasSinClasificar, filasAnexoCompras, type AnexoCompras } from './compras-anexos';
export {
  clasificacionRenta,
  llevaRentaCompras,
  RENTA_COMPRAS_DESDE,
  sinClasificacion,
  type ClasificacionRenta,
} from './compras-renta';

export {
  delEstablecimiento,
  desdeAnulables,
  fechaDeProcesamiento,
  periodoDe,
  type DocumentoLibro,
  type Periodo,
} from './documento';
export { ANEXOS_F07, filasAnexo, type AnexoF07, type FilaAnexo, type OpcionesAnexo } from './anexos';
export { csvDgii, ENCODING_ANEXOS } from './formato';
export { libroVentasConsumidor, libroVentasContribuyentes, resumenDebitoFiscal } from './libros';
export { LIBROS, type ColumnaLibro, type TablaLibro } from './tabla';

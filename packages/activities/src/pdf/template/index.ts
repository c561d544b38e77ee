export {
  aspectoDe,
  dteHtml,
  HOJAS,
  INICIO_DTE,
  PAGINA,
  paginaDte,
  parteDte,
  type Branding,
  type DtePdfInput,
  type EstadoDte,
  type ParteDte,
} from './dte-template';

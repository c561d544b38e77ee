export { dteHtml, type Branding, type DtePdfInput, type EstadoDte } from './dte-template';
export { consultaPublicaUrl, type ConsultaPublicaRef } from './consulta-publica';

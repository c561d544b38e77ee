export { BrowserPool, type BrowserPoolOptions } from './browser-pool';
export { renderDtePdf } from './render-dte-pdf';
export { consultaPublicaUrl, dteHtml, type Branding, type DtePdfInput, type EstadoDte } from './template';

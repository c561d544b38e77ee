export { BrowserPool, removeOrphanProfiles, type BrowserPoolOptions } from './browser-pool';
export { DtePdfRenderer, type DtePdfRendererOptions } from './dte-pdf-renderer';
export { dteHtml, type Branding, type DtePdfInput, type EstadoDte } from './template';

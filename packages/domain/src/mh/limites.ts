/**
 * MH's limits on what one message carries, read by the domain's builders and by the contingencia
 * workflow (which imports this file alone: it is free of I/O and of the rest of the domain).
 */

/** Documents one Evento de Contingencia may list (contingencia-schema-v3 `detalleDTE.maxItems`). */
export const MAX_DOCUMENTOS_EVENTO_CONTINGENCIA = 1000;
/** Documents one lote may carry (Manual Técnico §3.4). */
export const MAX_DOCUMENTOS_LOTE = 100;

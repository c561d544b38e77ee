/**
 * MH's limits on what one message carries and on how long the service waits for MH, read by the domain's
 * builders, the activities, the configuration check and the workflows (which import this file alone: it
 * is free of I/O and of the rest of the domain).
 */

/** Documents one Evento de Contingencia may list (contingencia-schema-v3 `detalleDTE.maxItems`). */
export const MAX_DOCUMENTOS_EVENTO_CONTINGENCIA = 1000;
/** Documents one lote may carry (Manual Técnico §3.4). */
export const MAX_DOCUMENTOS_LOTE = 100;

/**
 * MH's reception policy (Manual Técnico §3.1): a document is sent at most three times (one send and two
 * retries), a consult of MH before each resend, each exchange bounded by MH's 8-second timeout
 * (`MH_TIMEOUT_MS`); then the document goes into contingencia.
 */
export const ENVIOS_POR_RECEPCION = 3;
export const TIMEOUT_MH_MS = 8000;

/**
 * How long one reception (the `transmitDocument` activity) may take in all. It holds a login, and a consult
 * before every send when MH may already hold the document: `INTERCAMBIOS_POR_RECEPCION` exchanges, each
 * bounded by MH_TIMEOUT_MS, which must therefore be at most `MAX_TIMEOUT_MH_MS` (checked at start-up).
 */
export const LIMITE_RECEPCION_MS = 120_000;
export const INTERCAMBIOS_POR_RECEPCION = 1 + 2 * ENVIOS_POR_RECEPCION;
export const MAX_TIMEOUT_MH_MS = Math.floor(LIMITE_RECEPCION_MS / INTERCAMBIOS_POR_RECEPCION);

/** A backoff: waits `inicialSegundos`, doubling each time up to `maxSegundos`. */
export interface Espera {
  inicialSegundos: number;
  maxSegundos: number;
}

/** The wait after `segundos` in a backoff: double, up to its maximum. The one rule both retry loops follow. */
export const siguienteEspera = (segundos: number, espera: Espera): number => Math.min(segundos * 2, espera.maxSegundos);

/**
 * A document MH does not answer and that cannot be issued in contingencia (CAT-023) waits for MH: each
 * round sends again (consulting first), 10 s after the first failure, doubling up to 10 minutes.
 */
export const ESPERA_MH: Espera = { inicialSegundos: 10, maxSegundos: 600 };

/** MH processes a lote in seconds; its results are asked for sooner than an outage is probed. */
export const CONSULTA_LOTE: Espera = { inicialSegundos: 1, maxSegundos: 60 };

import type { Papel } from '@dte/domain';
import { defineWorkflow } from './workflow';

export interface SmokeInput {
  id: string;
  email: string;
}

export interface SmokeResult {
  id: string;
  storedKey: string;
  pdfBytes: number;
  messageId: string;
}

/** Touches every real component once (POST /diagnostics/smoke). */
export const Smoke = {
  ...defineWorkflow<(input: SmokeInput) => Promise<SmokeResult>>('SmokeWorkflow'),
  workflowId: (id: string) => `smoke-${id}`,
};

/**
 * Renders and stores a document's PDF again (asked for before the issuance workflow stored it), or its
 * ticket (`papel`, `ticket80` or `ticket58`) the first time it is asked for. Without `papel`: Letter.
 */
export const RenderPdf = {
  ...defineWorkflow<(codigoGeneracion: string, papel?: Papel) => Promise<void>>('RenderPdfWorkflow'),
  workflowId: (codigoGeneracion: string, papel: Papel = 'carta') =>
    papel === 'carta' ? `pdf-${codigoGeneracion}` : `pdf-${codigoGeneracion}-${papel}`,
};

/**
 * The API resolves `to` (the override or the receptor's address); started by hand, it may be left out. The
 * workflow checks what the API checks (`destinatarioReenvio`) before sending.
 */
export interface ResendDteInput {
  codigoGeneracion: string;
  to?: string;
}

/** E-mails a stored document again; answers whether the SMTP server took it. */
export const ResendDte = {
  ...defineWorkflow<(input: ResendDteInput) => Promise<boolean>>('ResendDteWorkflow'),
  /** One resend per request: a retry with the same Idempotency-Key (its id) joins it. */
  workflowId: (codigoGeneracion: string, solicitud: string) => `resend-${codigoGeneracion}-${solicitud}`,
};

export interface SettleOutcomesInput {
  /** Only documents at least this old: younger ones are still in their first exchange with MH. */
  minAgeSeconds: number;
  /** Documents looked at per run; the next run takes the rest. */
  limit: number;
}

export interface SettleOutcomesResult {
  /** Settled as PROCESSED with MH's sello. */
  procesados: string[];
  /** MH does not hold them: they need an operator (see the README's Operations section). */
  desconocidosEnMh: string[];
  /** MH did not answer; the next run asks again. */
  sinRespuesta: string[];
}

/**
 * A Temporal Schedule (id `scheduleId`) runs this workflow periodically: documents still PENDIENTE whose
 * IssueDte workflow no longer runs (terminated by an operator, failed) have an unknown MH outcome, and
 * consultadte settles those MH accepted. Documents MH does not hold stay PENDIENTE and are reported.
 */
export const SettleOutcomes = {
  ...defineWorkflow<(input: SettleOutcomesInput) => Promise<SettleOutcomesResult>>('SettleOutcomesWorkflow'),
  scheduleId: 'settle-unknown-outcomes',
};

/** A book of a month to print: the emisor's, of every establishment or one (codEstable). */
export interface RenderLibroInput {
  emisorId: number;
  libro: string;
  periodo: string;
  establecimiento?: string;
}

/**
 * Prints a book as a PDF with the worker's Chromium pool and stores it; answers its storage key. A book
 * changes as its documents do, so each request runs one of its own.
 */
export const RenderLibro = {
  ...defineWorkflow<(input: RenderLibroInput) => Promise<string>>('RenderLibroWorkflow'),
  workflowId: (id: string) => `libro-${id}`,
};

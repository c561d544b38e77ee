import { defineWorkflow } from './workflow';

/**
 * Why a message of the mailbox (or one of its attachments) gave no Archivo DTE: SIN_ARCHIVO_DTE, no JSON
 * attachment at all; JSON_INVALIDO, a `.json` attachment that does not parse; NO_ES_ARCHIVO_DTE, a JSON
 * without what identifies a DTE (identificarCompra's refusal, named in `detalle`).
 */
export type MotivoBuzon = 'SIN_ARCHIVO_DTE' | 'JSON_INVALIDO' | 'NO_ES_ARCHIVO_DTE';

export interface LecturaBuzonInput {
  emisorId: number;
}

/** What one reading of an emisor's mailbox did. */
export interface ResumenLecturaBuzon {
  emisorId: number;
  /** Messages examined: every one not marked yet (up to the run's bound), marked now. */
  mensajes: number;
  /** Archivos DTE handed to `RecibirCompra` (one verification each, a duplicate recognised there). */
  tomados: number;
  /** Messages or attachments that gave no Archivo DTE, each recorded (GET /buzon) and logged. */
  informes: number;
  /** Messages left for the next run (the run's bound was reached). */
  quedan: boolean;
  /** The server refused the connection, the login or the folder: nothing was read (also `ultimoError`). */
  error: string | null;
}

/**
 * Reads one emisor's mailbox: each message not marked yet gives its Archivos DTE (JSON attachments, with
 * the PDF beside each) to `RecibirCompra`, started with the document's own workflow id, and is marked once
 * they were started, so it is never taken twice; what gives no Archivo DTE is reported. One at a time per
 * emisor (its workflow id): the schedule and `POST /buzon/lectura` join the same run.
 */
export const LecturaBuzon = {
  ...defineWorkflow<(input: LecturaBuzonInput) => Promise<ResumenLecturaBuzon>>('LecturaBuzonWorkflow'),
  workflowId: (emisorId: number) => `buzon-${emisorId}`,
};

/** The Temporal Schedule's run: every configured mailbox, one `LecturaBuzon` child each. */
export const LecturaBuzones = {
  ...defineWorkflow<(input: Record<string, never>) => Promise<ResumenLecturaBuzon[]>>('LecturaBuzonesWorkflow'),
  scheduleId: 'lectura-buzones',
};

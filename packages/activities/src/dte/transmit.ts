import { Context } from '@temporalio/activity';
import type { ActivityDependencies } from '../dependencies';
import type { MhCall, MhClient, RespuestaMh } from '../mh/mh-client';

export type TransmitOutcome =
  { result: 'PROCESADO' | 'RECHAZADO'; respuesta: RespuestaMh } | { result: 'UNREACHABLE'; reason: string };

export interface TransmitInput {
  emisorId: number;
  ambiente: string;
  tipoDte: string;
  version: number;
  codigoGeneracion: string;
  documento: string;
}

/** How many times MH's policy lets us send one document before operating in contingency (1 + 2 retries). */
const MAX_SENDS = 3;

/**
 * MH's reception policy (Manual Técnico §3.1): an 8-second timeout; when the outcome is unknown, ask
 * consultadte before sending again; at most two retries. A 004 (already received) recovers the existing
 * sello. MH never receives the same document twice as new, even when this activity itself is retried
 * after a crash, because every attempt but the very first consults before sending.
 */
export async function transmitWithPolicy(
  mh: MhClient,
  creds: { nit: string; password: string },
  input: TransmitInput,
): Promise<TransmitOutcome> {
  const consult = async (): Promise<RespuestaMh | undefined> => {
    const res = await mh.post<RespuestaMh>(creds, '/fesv/recepcion/consultadte/', {
      nitEmisor: creds.nit,
      tdte: input.tipoDte,
      codigoGeneracion: input.codigoGeneracion,
    });
    return res.answered && res.body.estado === 'PROCESADO' && res.body.selloRecibido ? res.body : undefined;
  };
  const firstAttempt = Context.current().info.attempt === 1;
  let lastReason = 'not sent';
  for (let send = 1; send <= MAX_SENDS; send++) {
    if (send > 1 || !firstAttempt) {
      const known = await consult();
      if (known) return { result: 'PROCESADO', respuesta: known };
    }
    const res: MhCall<RespuestaMh> = await mh.post<RespuestaMh>(creds, '/fesv/recepciondte', {
      ambiente: input.ambiente,
      idEnvio: send,
      version: input.version,
      tipoDte: input.tipoDte,
      documento: input.documento,
      codigoGeneracion: input.codigoGeneracion,
    });
    if (!res.answered) {
      lastReason = res.reason;
      continue;
    }
    const body = res.body;
    if (body.estado === 'PROCESADO') return { result: 'PROCESADO', respuesta: body };
    if (body.codigoMsg === '004') {
      const known = await consult();
      if (known) return { result: 'PROCESADO', respuesta: known };
    }
    if (body.estado === 'RECHAZADO') return { result: 'RECHAZADO', respuesta: body };
    lastReason = `unexpected MH answer HTTP ${res.status}: ${JSON.stringify(body).slice(0, 200)}`;
  }
  return { result: 'UNREACHABLE', reason: lastReason };
}

export function createTransmitActivities(deps: ActivityDependencies, mh: MhClient) {
  return {
    async transmitDocument(input: TransmitInput): Promise<TransmitOutcome> {
      const emisor = await deps.db.models.Emisor.findOne({ id: input.emisorId }, { nit: 1, secrets: 1 }).lean();
      if (!emisor?.secrets) throw new Error(`emisor ${input.emisorId} does not exist`);
      return transmitWithPolicy(mh, { nit: emisor.nit, password: deps.secrets.open(emisor.secrets.mhPassword) }, input);
    },
  };
}

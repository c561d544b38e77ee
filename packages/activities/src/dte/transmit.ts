import { Context } from '@temporalio/activity';
import { ENVIOS_POR_RECEPCION } from '@dte/domain/limites';
import { activityLog } from '../activity-log';
import type { ActivityDependencies } from '../dependencies';
import type { RespuestaMh, TransmitOutcome } from '@dte/contract';
import type { MhCall, MhClient, MhCredentials } from '../mh/mh-client';

export interface TransmitInput {
  emisorId: number;
  ambiente: string;
  tipoDte: string;
  version: number;
  codigoGeneracion: string;
  /**
   * The signed DTE. Executions started since documents stay out of history pass none: it is read from the
   * record, as saved.
   */
  documento?: string;
  /**
   * MH may hold the document already: it was on record before this run of the workflow reached it (a
   * replay after a worker crash re-runs its local activities from the top), so MH is asked before sending.
   */
  consultarAntes?: boolean;
}

/**
 * MH's consultadte: what MH holds of one document. `nitEmisor` is the session's own unless a receptor
 * asks for a supplier's document (`consultaDeReceptor`).
 */
export function consultDte(
  mh: MhClient,
  creds: MhCredentials,
  tipoDte: string,
  codigoGeneracion: string,
  nitEmisor = creds.nit,
): Promise<MhCall<RespuestaMh>> {
  return mh.post<RespuestaMh>(creds, '/fesv/recepcion/consultadte/', {
    nitEmisor,
    tdte: tipoDte,
    codigoGeneracion,
  });
}

/** MH's answer when it holds the document as accepted, with its sello. */
export function sealed(r: RespuestaMh): RespuestaMh | undefined {
  return r.estado === 'PROCESADO' && r.selloRecibido ? r : undefined;
}

/**
 * MH's reception policy (Manual Técnico §3.1): an 8-second timeout; when the outcome is unknown, ask
 * consultadte before sending again; at most two retries. A 004 (already received) recovers the existing
 * sello. MH never receives the same document twice as new, even when this activity itself is retried
 * after a crash, because every attempt but the very first consults before sending.
 */
export async function transmitWithPolicy(
  mh: MhClient,
  creds: MhCredentials,
  input: TransmitInput & { documento: string },
): Promise<TransmitOutcome> {
  const consult = async (): Promise<RespuestaMh | undefined> => {
    const res = await consultDte(mh, creds, input.tipoDte, input.codigoGeneracion);
    return res.answered ? sealed(res.body) : undefined;
  };
  const firstAttempt = Context.current().info.attempt === 1 && !input.consultarAntes;
  let lastReason = 'not sent';
  for (let send = 1; send <= ENVIOS_POR_RECEPCION; send++) {
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

/** The emisor's MH API user and password. */
export async function mhCredentials(deps: ActivityDependencies, emisorId: number): Promise<MhCredentials> {
  const emisor = await deps.tenants.emisor(emisorId);
  if (!emisor?.secrets) throw new Error(`emisor ${emisorId} does not exist`);
  return { nit: emisor.nit, password: deps.secrets.open(emisor.secrets.mhPassword) };
}

export function createTransmitActivities(deps: ActivityDependencies, mh: MhClient) {
  return {
    async transmitDocument(input: TransmitInput): Promise<TransmitOutcome> {
      const log = activityLog(deps.log, { emisorId: input.emisorId, codigoGeneracion: input.codigoGeneracion });
      const documento =
        input.documento ??
        deps.preparados.leer(input.codigoGeneracion)?.dteFirmado ??
        (await deps.documents.load(input.codigoGeneracion, ['dteFirmado'])).dteFirmado;
      const outcome = await transmitWithPolicy(mh, await mhCredentials(deps, input.emisorId), {
        ...input,
        documento,
      });
      if (outcome.result === 'UNREACHABLE') {
        // The document waits (or goes into contingencia): whatever happens to its record meanwhile, the step
        // that records MH's verdict reads it. It is on its emisor's list as PENDIENTE since it was saved, and its
        // record says why it still waits.
        deps.preparados.olvidar(input.codigoGeneracion);
        await deps.documents.sinRespuesta(input.codigoGeneracion, outcome.reason);
        log.warn({ reason: outcome.reason }, 'MH did not answer the document');
      } else {
        const { estado, codigoMsg, selloRecibido } = outcome.respuesta;
        log.info({ estado, codigoMsg, selloRecibido }, 'MH answered the document');
      }
      return outcome;
    },
  };
}

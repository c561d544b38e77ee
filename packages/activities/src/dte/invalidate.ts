import { buildAnulacionV2, DteError, type AnulacionRequest } from '@dte/domain';
import type { InvalidateDteInput, InvalidateDteResult } from '@dte/domain/workflow-contract';
import type { ActivityDependencies } from '../dependencies';
import type { MhClient, RespuestaMh } from '../mh/mh-client';
import { elSalvadorNow, loadIssuer } from './issuer';
import { dteFailure } from './prepare';
import { respuestaMhView } from './record-view';
import { mhCredentials } from './transmit';

/** The invalidation event of a document: building it, sending it to MH and recording MH's verdict. */
export function createInvalidationActivities(deps: ActivityDependencies, mh: MhClient) {
  const { Document } = deps.db.models;

  return {
    async prepareInvalidation(input: InvalidateDteInput): Promise<{ ambiente: string; evento: object }> {
      const original = await Document.findById(input.codigoGeneracion).lean();
      if (!original?.selloRecibido) throw new Error(`document ${input.codigoGeneracion} has no sello on record`);
      const { emisorDte, establecimiento, ambiente } = await loadIssuer(deps.tenants, input.issuer);
      const { fecEmi: fecAnula, horEmi: horAnula } = elSalvadorNow();
      try {
        const evento = buildAnulacionV2(
          {
            ambiente,
            codigoGeneracion: input.eventoCodigoGeneracion,
            fecAnula,
            horAnula,
            emisor: emisorDte,
            nomEstablecimiento: establecimiento.nombre,
          },
          {
            tipoDte: original.tipoDte,
            codigoGeneracion: original.codigoGeneracion,
            selloRecibido: original.selloRecibido,
            numeroControl: original.numeroControl,
            fecEmi: original.fecEmi,
            dteJson: original.dteJson as Record<string, unknown>,
          },
          input.request as AnulacionRequest,
        );
        return { ambiente, evento };
      } catch (err) {
        throw err instanceof DteError ? dteFailure(err) : err;
      }
    },

    /**
     * One send to /fesv/anulardte. An unknown outcome is thrown so Temporal retries; a retry of an event MH
     * already took answers 004 for the event's codigoGeneracion, which the caller sees as a rejection.
     */
    async transmitInvalidation(input: { emisorId: number; ambiente: string; documento: string }): Promise<RespuestaMh> {
      const res = await mh.post<RespuestaMh>(await mhCredentials(deps, input.emisorId), '/fesv/anulardte', {
        ambiente: input.ambiente,
        idEnvio: 1,
        version: 2,
        documento: input.documento,
      });
      if (!res.answered) throw new Error(`MH did not answer the invalidation: ${res.reason}`);
      if (res.body.estado !== 'PROCESADO' && res.body.estado !== 'RECHAZADO') {
        throw new Error(`unexpected MH answer HTTP ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      return res.body;
    },

    /** On acceptance the original becomes CANCELLED and keeps the event; a rejection leaves it untouched. */
    async recordInvalidation(input: {
      codigoGeneracion: string;
      eventoCodigoGeneracion: string;
      evento: object;
      documento: string;
      respuesta: RespuestaMh;
    }): Promise<InvalidateDteResult> {
      const r = input.respuesta;
      const aceptado = r.estado === 'PROCESADO';
      if (aceptado) {
        await Document.updateOne(
          { _id: input.codigoGeneracion },
          {
            $set: {
              estado: 'CANCELLED',
              anulacion: {
                codigoGeneracion: input.eventoCodigoGeneracion,
                evento: input.evento,
                eventoFirmado: input.documento,
                selloRecibido: r.selloRecibido,
                fhProcesamiento: r.fhProcesamiento,
                respuestaMh: respuestaMhView(r),
              },
            },
          },
        );
      }
      const doc = await Document.findById(input.codigoGeneracion, { estado: 1 }).lean();
      return {
        aceptado,
        codigoGeneracion: input.codigoGeneracion,
        estado: doc!.estado as InvalidateDteResult['estado'],
        eventoCodigoGeneracion: input.eventoCodigoGeneracion,
        selloRecibido: aceptado ? (r.selloRecibido ?? null) : null,
        respuestaMh: respuestaMhView(r),
        observaciones: r.observaciones ?? [],
      };
    },
  };
}

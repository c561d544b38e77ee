import {
  anulacionRequest,
  buildEventoInvalidacion,
  elSalvadorNow,
  generacionEn,
  parseRequest,
  validationError,
} from '@dte/domain';
import type { AnulacionInput, AnulacionResult, DocumentEstado, RespuestaMh } from '@dte/contract';
import {
  comprobarAnulacion,
  documentoPropio,
  dteGuardado,
  jsonGuardado,
  loadIssuer,
  normativaDelEmisor,
  respuestaMhView,
} from '@dte/store';
import type { ActivityDependencies } from '../dependencies';
import type { MhClient } from '../mh/mh-client';
import { datosDocumento, publicar } from '../webhooks/publicar';
import { consultDte, mhCredentials } from './transmit';

/** consultadte's estado of a document MH holds as invalidated. */
const INVALIDADO = 'INVALIDADO';

/** The signed event (the JWS payload is the event itself): its version and the document it invalidates. */
function eventoFirmado(jws: string) {
  const payload = JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    identificacion?: { version?: number };
    documento?: { tipoDte?: string; codigoGeneracion?: string };
  };
  const version = payload.identificacion?.version;
  const { tipoDte, codigoGeneracion } = payload.documento ?? {};
  if (typeof version !== 'number' || !tipoDte || !codigoGeneracion)
    throw new Error('signed invalidation event without identificacion.version or documento');
  return { version, tipoDte, codigoGeneracion };
}

/** The invalidation event of a document: building it, sending it to MH and recording MH's verdict. */
export function createAnulacionActivities(deps: ActivityDependencies, mh: MhClient) {
  return {
    /**
     * The event in the emisor's generation in force now, whatever the generation of the document it
     * invalidates: the event is a document of its own, issued now.
     */
    async prepareInvalidation(input: AnulacionInput): Promise<{ ambiente: string; evento: object }> {
      // As the API checks it: a workflow started by hand (the Temporal UI) comes through here unchecked.
      const request = parseRequest(anulacionRequest, input.request);
      if (request.codigoGeneracion.toUpperCase() !== input.codigoGeneracion.toUpperCase())
        throw validationError('codigoGeneracion de la solicitud no es el documento del workflow', [
          { field: 'codigoGeneracion', message: `se esperaba ${input.codigoGeneracion}` },
        ]);
      const { emisorId } = input.issuer;
      const original = await documentoPropio(deps.documents, emisorId, input.codigoGeneracion);
      const { emisor, emisorDte, establecimiento, ambiente } = await loadIssuer(deps.tenants, input.issuer);
      const instante = new Date();
      await comprobarAnulacion(deps.documents, deps.config, emisorId, emisor, original, request, instante);
      if (!original.selloRecibido) throw new Error(`document ${input.codigoGeneracion} has no sello on record`);
      const { fecEmi: fecAnula, horEmi: horAnula } = elSalvadorNow(instante);
      const generacion = generacionEn(normativaDelEmisor(emisor, deps.config), instante);
      const evento = buildEventoInvalidacion(
        generacion,
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
          // The record numbers a retorno too; the event names only the numeroControl MH knows.
          numeroControl: dteGuardado(original).identificacion.numeroControl ?? null,
          fecEmi: original.fecEmi,
          dteJson: jsonGuardado(original),
        },
        request,
      );
      return { ambiente, evento };
    },

    /**
     * One send to /fesv/anulardte, with the version the signed event carries (2 or 3). MH is first asked
     * about the document: one it already reports INVALIDADO (an earlier send whose answer was lost, or a
     * retry after MH was unreachable) is not invalidated twice, and that answer (estado INVALIDADO) is
     * MH's verdict. An unknown outcome is thrown so Temporal retries.
     */
    async transmitInvalidation(input: { emisorId: number; ambiente: string; documento: string }): Promise<RespuestaMh> {
      const creds = await mhCredentials(deps, input.emisorId);
      const evento = eventoFirmado(input.documento);
      const consulta = await consultDte(mh, creds, evento.tipoDte, evento.codigoGeneracion);
      if (!consulta.answered) throw new Error(`MH did not answer consultadte: ${consulta.reason}`);
      if (consulta.body.estado === INVALIDADO) return consulta.body;
      const res = await mh.post<RespuestaMh>(creds, '/fesv/anulardte', {
        ambiente: input.ambiente,
        idEnvio: 1,
        version: evento.version,
        documento: input.documento,
      });
      if (!res.answered) throw new Error(`MH did not answer the invalidation: ${res.reason}`);
      if (res.body.estado !== 'PROCESADO' && res.body.estado !== 'RECHAZADO') {
        throw new Error(`unexpected MH answer HTTP ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      return res.body;
    },

    /**
     * On acceptance the original becomes CANCELLED and keeps the event, and the emisor's webhooks are told
     * (dte.invalidado); a rejection leaves it untouched.
     * MH reporting the document INVALIDADO already is an acceptance whose own sello was not learned.
     */
    async recordInvalidation(input: {
      codigoGeneracion: string;
      eventoCodigoGeneracion: string;
      evento: object;
      documento: string;
      respuesta: RespuestaMh;
    }): Promise<AnulacionResult> {
      const r = input.respuesta;
      const yaInvalidado = r.estado === INVALIDADO;
      const aceptado = r.estado === 'PROCESADO' || yaInvalidado;
      const doc = aceptado
        ? await deps.documents.cancel(input.codigoGeneracion, {
            codigoGeneracion: input.eventoCodigoGeneracion,
            evento: input.evento,
            eventoFirmado: input.documento,
            // consultadte's sello is the document's, not the event's.
            selloRecibido: yaInvalidado ? null : r.selloRecibido,
            fhProcesamiento: r.fhProcesamiento,
            respuestaMh: respuestaMhView(r),
          })
        : await deps.documents.load(input.codigoGeneracion, ['estado']);
      if (aceptado)
        await publicar(deps, doc.emisorId, 'dte.invalidado', input.codigoGeneracion, {
          ...datosDocumento(deps, doc),
          anulacion: {
            codigoGeneracion: input.eventoCodigoGeneracion,
            selloRecibido: (doc.anulacion as { selloRecibido?: string | null } | null)?.selloRecibido ?? null,
          },
        });
      return {
        aceptado,
        codigoGeneracion: input.codigoGeneracion,
        estado: doc.estado as DocumentEstado,
        eventoCodigoGeneracion: input.eventoCodigoGeneracion,
        selloRecibido: aceptado && !yaInvalidado ? (r.selloRecibido ?? null) : null,
        respuestaMh: respuestaMhView(r),
        observaciones: r.observaciones ?? [],
      };
    },
  };
}

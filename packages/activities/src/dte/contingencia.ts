import { Context } from '@temporalio/activity';
import {
  buildEventoContingencia,
  documentKindOfTipoDte,
  DteError,
  ErrorCode,
  enContingencia,
  generacionEn,
  generacionEventoContingencia,
  elSalvadorNow,
  MAX_DOCUMENTOS_LOTE,
  motivoContingenciaDe,
  MOTIVO_MH_NO_DISPONIBLE,
  puedeEmitirseEnContingencia,
  type MotivoContingencia,
} from '@dte/domain';
import {
  Contingencia,
  type ContingenciaInput,
  type DocumentOutcome,
  type RespuestaMh,
  type SolicitudSondeo,
} from '@dte/contract';
import { DteWorkflowClient } from '@dte/contract/client';
import { dteGuardado, loadIssuer, normativaDelEmisor } from '@dte/store';
import type { ActivityDependencies } from '../dependencies';
import { consultarTodos } from '../mh/consultas';
import { MhAuthError, type MhClient } from '../mh/mh-client';
import { signForEmisor } from '../signing/sign-document';
import { datosDocumento, publicar } from '../webhooks/publicar';
import { storeReceptorJson } from './deliver';
import { consultDte, mhCredentials, sealed } from './transmit';

/** MH's answer to an Evento de Contingencia: a shape of its own (Manual Técnico §4.4). */
export interface RespuestaContingencia {
  estado: 'RECIBIDO' | 'RECHAZADO';
  fechaHora: string;
  mensaje: string;
  selloRecibido: string | null;
  observaciones: string[];
}

/** A lote's results once MH has processed it. */
export interface ResultadoLote {
  procesados: RespuestaMh[];
  rechazados: RespuestaMh[];
}

/** The permission a probe asked for by a person needs (packages/domain/src/personas/roles.ts). */
const PERMISO_SONDEO = 'SONDEO_MH';

/** Issuing documents while MH is unavailable, and reporting them to MH once it answers again. */
export function createContingenciaActivities(deps: ActivityDependencies, mh: MhClient) {
  const load = (codigoGeneracion: string) => deps.documents.load(codigoGeneracion);

  /** One read per document: the store reads by `_id` alone (see `Documents`). */
  async function loadAll(emisorId: number, codigos: string[]) {
    const docs = await Promise.all(codigos.map(load));
    if (docs.some((d) => d.emisorId !== emisorId))
      throw new Error("a document of the contingency is not this emisor's");
    return docs;
  }

  /** MH unavailable, unless the document's stored request rehearses another contingencia (`testContingencia`). */
  async function motivoDe(doc: { _id: string; emisorId: number; tipoDte: string }): Promise<MotivoContingencia> {
    const kind = documentKindOfTipoDte(doc.tipoDte);
    if (!kind?.motivoEnsayo) return MOTIVO_MH_NO_DISPONIBLE;
    const request = await deps.documents.request(doc.emisorId, doc._id);
    return request && kind.ensayoContingencia?.(request) ? kind.motivoEnsayo(request) : MOTIVO_MH_NO_DISPONIBLE;
  }

  async function consult(codigoGeneracion: string) {
    const doc = await load(codigoGeneracion);
    return consultDte(mh, await mhCredentials(deps, doc.emisorId), doc.tipoDte, codigoGeneracion);
  }

  return {
    /**
     * Re-signs a signed, never-accepted document as issued in contingency and records it so (estado
     * CONTINGENCIA, no sello), keeping its identifiers and its schema version (a document built before
     * the emisor's cut-over stays in the 2023 generation), and stores the receptor's JSON. The workflow
     * calls it only for documents MH takes in contingency (`ReadyDocument.admiteContingencia`); null for
     * any other was how executions recorded before that decision moved into the workflow learned it.
     */
    async issueInContingency(codigoGeneracion: string): Promise<DocumentOutcome | null> {
      const doc = await load(codigoGeneracion);
      // A retried activity whose first attempt got this far.
      if (doc.estado === 'CONTINGENCIA') {
        await storeReceptorJson(deps, doc);
        await publicar(deps, doc.emisorId, 'dte.contingencia', codigoGeneracion, datosDocumento(deps, doc));
        return { codigoGeneracion, estado: 'CONTINGENCIA' };
      }
      if (doc.estado !== 'PENDIENTE') throw new Error(`document ${codigoGeneracion} is ${doc.estado}, not PENDIENTE`);
      const dteJson = dteGuardado(doc);
      if (!puedeEmitirseEnContingencia(dteJson)) return null;
      const dte = enContingencia(dteJson, await motivoDe(doc));
      const dteFirmado = await signForEmisor(deps, doc.emisorId, dte);
      deps.preparados.olvidar(codigoGeneracion);
      // Only this workflow moves a PENDIENTE document on (the settle schedule takes those whose workflow ended).
      const updated = await deps.documents.enterContingencia(codigoGeneracion, { dteJson: dte, dteFirmado });
      await storeReceptorJson(deps, updated);
      await publicar(deps, updated.emisorId, 'dte.contingencia', codigoGeneracion, datosDocumento(deps, updated));
      return { codigoGeneracion, estado: 'CONTINGENCIA' };
    },

    /**
     * Tells the emisor's webhooks that less than a quarter of one of MH's contingency deadlines is left
     * (contingencia.alerta): once per deadline, however often the workflow asks.
     */
    async alertarContingencia(input: {
      emisorId: number;
      plazo: 'EVENTO' | 'LOTES';
      vence: string;
      pendientes: number;
    }): Promise<void> {
      await publicar(deps, input.emisorId, 'contingencia.alerta', `${input.emisorId}:${input.plazo}:${input.vence}`, {
        plazo: input.plazo,
        vence: input.vence,
        documentosPendientes: input.pendientes,
      });
    },

    /** Hands the document to its emisor's contingency workflow, starting that workflow if it is not running. */
    async enlistInContingency(emisorId: number, codigoGeneracion: string): Promise<void> {
      const { client, info } = Context.current();
      const input: ContingenciaInput = {
        emisorId,
        sondeo: {
          inicialSegundos: deps.config.CONTINGENCIA_SONDEO_SEGUNDOS,
          maxSegundos: deps.config.CONTINGENCIA_SONDEO_MAX_SEGUNDOS,
        },
        plazos: {
          eventoHoras: deps.config.CONTINGENCIA_PLAZO_EVENTO_HORAS,
          lotesHoras: deps.config.CONTINGENCIA_PLAZO_LOTES_HORAS,
        },
      };
      await new DteWorkflowClient(client.workflow).signalWithStart(Contingencia, {
        workflowId: Contingencia.workflowId(emisorId),
        taskQueue: info.taskQueue,
        args: [input],
        signal: Contingencia.documento,
        signalArgs: [codigoGeneracion],
      });
    },

    /**
     * Who asks the contingency to probe MH now (`sondearAhora`), checked as the API checks them: a token
     * of the emisor, not revoked, with SONDEO_MH. The update may come from the Temporal UI or any client
     * that reaches the server, with any token id: this is its door.
     */
    async comprobarSolicitudSondeo(input: SolicitudSondeo & { emisorId: number }): Promise<void> {
      const token = await deps.db.models.ApiToken.findOne({ id: input.tokenId }).lean();
      if (!token || token.emisorId !== input.emisorId || token.revokedAt)
        throw new DteError(ErrorCode.AUTH_TOKEN_INVALID, 401, 'El token de API no existe o fue revocado');
      if (!token.permissions.includes(PERMISO_SONDEO))
        throw new DteError(ErrorCode.PERMISSION_DENIED, 403, `Sondear MH requiere el permiso ${PERMISO_SONDEO}`, {
          permission: PERMISO_SONDEO,
        });
    },

    /** Whether MH answers the emisor again (it is asked about one of the waiting documents). */
    async probeMh(codigoGeneracion: string): Promise<boolean> {
      try {
        return (await consult(codigoGeneracion)).answered;
      } catch (err) {
        // Refusing the login of a known emisor is how an unavailable MH may answer too.
        if (err instanceof MhAuthError) return false;
        throw err;
      }
    },

    /**
     * MH's answers for the documents it already accepted (sends whose answer was lost before the outage);
     * the others are absent. A few consults run at once: a round may hold a thousand documents.
     */
    async consultAcceptedDocuments(input: {
      emisorId: number;
      codigos: string[];
    }): Promise<Record<string, RespuestaMh>> {
      const { codigos } = input;
      const creds = await mhCredentials(deps, input.emisorId);
      const aceptados: Record<string, RespuestaMh> = {};
      await consultarTodos(codigos, async (codigoGeneracion) => {
        const { tipoDte } = await load(codigoGeneracion);
        const res = await consultDte(mh, creds, tipoDte, codigoGeneracion);
        if (!res.answered) throw new Error(`MH did not answer consultadte: ${res.reason}`);
        const respuesta = sealed(res.body);
        if (respuesta) aceptados[codigoGeneracion] = respuesta;
      });
      return aceptados;
    },

    /**
     * Builds, signs and sends the Evento de Contingencia listing the documents. The outage began when the
     * first of them was issued, for the reason (CAT-005) it carries, and ends now, as MH answers again. The
     * event is a document of its own, issued now: in the emisor's generation in force, or v4 if it lists a
     * 2026 document.
     */
    async sendContingencyEvent(input: {
      emisorId: number;
      eventoCodigoGeneracion: string;
      codigos: string[];
    }): Promise<RespuestaContingencia> {
      const docs = await loadAll(input.emisorId, input.codigos);
      const emitidos = docs
        .map((d) => dteGuardado(d))
        .sort((a, b) =>
          `${a.identificacion.fecEmi} ${a.identificacion.horEmi}`.localeCompare(
            `${b.identificacion.fecEmi} ${b.identificacion.horEmi}`,
          ),
        );
      const primero = emitidos[0]!;
      const listado = docs[0]!;
      // MH's event names one establishment: the one of the first document (one per emisor in practice),
      // even if it was deactivated since: its documents must still be reported.
      const { emisor, emisorDte, ambiente } = await loadIssuer(
        deps.tenants,
        {
          emisorId: input.emisorId,
          establecimientoId: listado.branchId,
          puntoVentaId: listado.pointOfSaleId,
          tokenId: listado.tokenId,
        },
        { inactivos: true },
      );
      const instante = new Date();
      const ahora = elSalvadorNow(instante);
      const documentos = input.codigos.map((c) => {
        const d = docs.find((doc) => doc._id === c)!;
        return { codigoGeneracion: c, tipoDte: d.tipoDte, version: dteGuardado(d).identificacion.version };
      });
      const vigente = generacionEn(normativaDelEmisor(emisor, deps.config), instante);
      const evento = buildEventoContingencia(
        generacionEventoContingencia(vigente, documentos),
        {
          ambiente,
          codigoGeneracion: input.eventoCodigoGeneracion,
          transmision: { fecha: ahora.fecEmi, hora: ahora.horEmi },
          emisor: emisorDte,
          inicio: { fecha: primero.identificacion.fecEmi, hora: primero.identificacion.horEmi },
          fin: { fecha: ahora.fecEmi, hora: ahora.horEmi },
          // MH's event has one motivo; the outage's documents carry the same one (MH unavailable, or one
          // rehearsal's, as rehearsals are reported one at a time). Should they differ, the outage's first.
          motivo: motivoContingenciaDe(primero),
        },
        documentos,
      );
      const documento = await signForEmisor(deps, input.emisorId, evento);
      const creds = await mhCredentials(deps, input.emisorId);
      const res = await mh.post<RespuestaContingencia>(creds, '/fesv/contingencia', { nit: creds.nit, documento });
      if (!res.answered) throw new Error(`MH did not answer the contingency event: ${res.reason}`);
      const { estado, selloRecibido, fechaHora } = res.body;
      if (estado === 'RECIBIDO')
        await deps.documents.anotarEventoContingencia(input.codigos, {
          codigoGeneracion: input.eventoCodigoGeneracion,
          selloRecibido,
          fechaHora,
        });
      return res.body;
    },

    /** Sends documents listed in a sealed event as one lote and answers its codigoLote. */
    async sendContingencyLote(input: { emisorId: number; idEnvio: string; codigos: string[] }): Promise<string> {
      if (input.codigos.length > MAX_DOCUMENTOS_LOTE) throw new Error(`a lote holds at most ${MAX_DOCUMENTOS_LOTE}`);
      const docs = await loadAll(input.emisorId, input.codigos);
      // Before it is sent: a sello MH gives from now on may be this version's (see Documents.recordOutcome).
      await deps.documents.marcarEnLote(docs, new Date());
      const creds = await mhCredentials(deps, input.emisorId);
      const res = await mh.post<{ estado: string; codigoLote: string | null; descripcionMsg?: string }>(
        creds,
        '/fesv/recepcionlote/',
        {
          ambiente: docs[0]!.ambiente,
          idEnvio: input.idEnvio,
          // "Versión del JSON Schema de Lotes": MH does not state the value (FACTS §1.3).
          version: 1,
          nitEmisor: creds.nit,
          documentos: input.codigos.map((c) => docs.find((d) => d._id === c)!.dteFirmado),
        },
      );
      if (!res.answered) throw new Error(`MH did not answer the lote: ${res.reason}`);
      if (res.body.estado !== 'RECIBIDO' || !res.body.codigoLote)
        throw new Error(`MH refused the lote: ${JSON.stringify(res.body).slice(0, 300)}`);
      return res.body.codigoLote;
    },

    /**
     * The lote's results, or null while MH is still processing it. A document the lote refuses as a
     * duplicate (004) is one MH already holds (an earlier send whose answer was lost, or an earlier lote
     * sent again after its answer was lost): its verdict is what consultadte says MH holds.
     */
    async contingencyLoteResult(input: { emisorId: number; codigoLote: string }): Promise<ResultadoLote | null> {
      const creds = await mhCredentials(deps, input.emisorId);
      const res = await mh.get<ResultadoLote>(creds, `/fesv/recepcion/consultadtelote/${input.codigoLote}`);
      if (!res.answered) throw new Error(`MH did not answer consultadtelote: ${res.reason}`);
      const { procesados = [], rechazados = [] } = res.body;
      if (procesados.length + rechazados.length === 0) return null;
      const resultado: ResultadoLote = { procesados: [...procesados], rechazados: [] };
      for (const r of rechazados) {
        const tenido = r.codigoMsg === '004' ? await consult(r.codigoGeneracion) : undefined;
        if (tenido && !tenido.answered) throw new Error(`MH did not answer consultadte: ${tenido.reason}`);
        const sello = tenido?.answered ? sealed(tenido.body) : undefined;
        (sello ? resultado.procesados : resultado.rechazados).push(sello ?? r);
      }
      return resultado;
    },
  };
}

import {
  anulacionExigeReemplazo,
  anulacionRequest,
  comprobarEventos,
  documentKind,
  DteError,
  elSalvadorNow,
  ErrorCode,
  generacionEn,
  generarAnulacion,
  generarSolicitud,
  ordenDelPlan,
  parseRequest,
  tiposAnulables,
  type AnulacionRequest,
  type CcfAceptado,
  type DteTipo,
  type PlanCertificacion,
  type TipoCertificable,
} from '@dte/domain';
import type { Issuer } from '@dte/contract';
import { Certificaciones, normativaDelEmisor, type EstadoCertificacion } from '@dte/store';
import type { ActivityDependencies } from './dependencies';

/** A document of a campaign, as the certification workflow asks for it. */
export interface PasoDocumento {
  issuer: Issuer;
  tipo: TipoCertificable;
  indice: number;
  semilla: string;
  codigoGeneracion: string;
  /** The campaign's accepted CCFs, which its notes adjust. */
  ccfs: CcfAceptado[];
  /** The campaign's workflow id, with which its documents' requests are tagged. */
  campana: string;
  /** A document issued in contingencia (a DTE 01's `testContingencia`), for a contingency event. */
  contingencia?: boolean;
}

/** What became of a campaign's document: its estado, and MH's reasons if it was rejected. */
export interface DesenlaceCertificacion {
  estado: string;
  codigoMsg: string | null;
  descripcionMsg: string | null;
  observaciones: string[];
}

/**
 * The certification campaign's steps. Its documents take the API's path (the same validation, origin
 * checks and stored request) before the workflow starts their IssueDte, so they are the emisor's real
 * documents; what the campaign decides is only what to issue.
 */
export function createCertificacionActivities(deps: ActivityDependencies) {
  const certificaciones = new Certificaciones(deps.db);
  const generacionDelEmisor = async (emisorId: number) => {
    const emisor = await deps.tenants.emisor(emisorId);
    if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
    return generacionEn(normativaDelEmisor(emisor, deps.config), new Date());
  };
  return {
    /** As the API checks it (a person may start the workflow from the Temporal UI), then the record. */
    async iniciarCertificacion(input: {
      issuer: Issuer;
      plan: PlanCertificacion;
      workflowId: string;
    }): Promise<{ orden: TipoCertificable[]; anulables: TipoCertificable[] }> {
      const { emisorId, tokenId } = input.issuer;
      await certificaciones.comprobarInicio(emisorId, { enCurso: true });
      comprobarEventos(input.plan, await certificaciones.autorizados(tokenId));
      await certificaciones.iniciar(emisorId, input.plan, input.workflowId);
      return { orden: ordenDelPlan(input.plan), anulables: tiposAnulables(input.plan) };
    },

    async registrarCertificacion(emisorId: number, estado: EstadoCertificacion): Promise<void> {
      await certificaciones.registrar(emisorId, estado);
    },

    /**
     * What POST /dte/dteXX does before it starts the issuance: the generated body validated by its kind's
     * schema, its origenes checked, the request stored (tagged with the campaign). A retry finds it stored.
     */
    async solicitudCertificacion(
      paso: PasoDocumento,
    ): Promise<{ tipo: DteTipo; origenes: string[]; forzarContingencia: boolean }> {
      const { issuer } = paso;
      const kind = documentKind(paso.tipo);
      const cuerpo = generarSolicitud(paso.tipo, paso.indice, {
        semilla: paso.semilla,
        generacion: await generacionDelEmisor(issuer.emisorId),
        fecha: elSalvadorNow().fecEmi,
        ccfs: paso.ccfs,
      });
      const request = parseRequest(
        kind.requestSchema,
        paso.contingencia ? { ...cuerpo, testContingencia: true } : cuerpo,
      );
      const forzarContingencia = kind.ensayoContingencia?.(request) ?? false;
      if (paso.contingencia && !forzarContingencia)
        throw new Error(`${paso.tipo} cannot be issued in a rehearsed contingencia`);
      const origenes = kind.origenes?.(request) ?? [];
      for (const origen of origenes)
        if (!(await deps.documents.findOwn(issuer.emisorId, origen, ['_id'])))
          throw new DteError(
            ErrorCode.DOCUMENT_NOT_FOUND,
            404,
            `No existe un documento con codigoGeneracion ${origen}`,
          );
      await deps.documents.storeRequest(paso.codigoGeneracion, issuer.emisorId, paso.tipo, request, paso.campana);
      return { tipo: paso.tipo, origenes, forzarContingencia };
    },

    async desenlaceCertificacion(codigoGeneracion: string): Promise<DesenlaceCertificacion> {
      const doc = await deps.documents.load(codigoGeneracion, ['estado', 'respuestaMh', 'errorTecnico']);
      const respuesta = doc.respuestaMh as {
        codigoMsg?: string;
        descripcionMsg?: string;
        observaciones?: string[];
      } | null;
      return {
        estado: doc.estado,
        codigoMsg: respuesta?.codigoMsg ?? null,
        descripcionMsg: respuesta?.descripcionMsg ?? doc.errorTecnico ?? null,
        observaciones: respuesta?.observaciones ?? [],
      };
    },

    /** Whether MH wants a replacement document with the campaign's `indice`-th invalidation of this kind. */
    async reemplazoCertificacion(input: {
      emisorId: number;
      tipo: TipoCertificable;
      indice: number;
    }): Promise<boolean> {
      return anulacionExigeReemplazo(input.tipo, await generacionDelEmisor(input.emisorId), input.indice);
    },

    /** The body of POST /dte/anulacion for the campaign's `indice`-th invalidation, validated as the API does. */
    async anulacionCertificacion(input: {
      emisorId: number;
      semilla: string;
      indice: number;
      tipo: TipoCertificable;
      codigoGeneracion: string;
      reemplazo: string | null;
    }): Promise<AnulacionRequest> {
      const generacion = await generacionDelEmisor(input.emisorId);
      const cuerpo = generarAnulacion(
        { semilla: input.semilla, generacion },
        input.indice,
        { tipo: input.tipo, codigoGeneracion: input.codigoGeneracion },
        input.reemplazo,
      );
      return parseRequest(anulacionRequest, cuerpo);
    },
  };
}

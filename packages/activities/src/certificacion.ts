import { randomUUID } from 'node:crypto';
import {
  anulacionExigeReemplazo,
  anulacionRequest,
  comprobarPlan,
  comprobarRitmo,
  contribuyentesCertificacion,
  documentKind,
  DteError,
  elSalvadorNow,
  ensayoDeContingencia,
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
import {
  Certificaciones,
  COLUMNAS_INFORME,
  normativaDelEmisor,
  type EstadoCertificacion,
  type LineaInforme,
} from '@dte/store';
import type { ActivityDependencies } from './dependencies';
import { libroHtml } from './pdf/template/libro-template';
import { enlaceApi, publicar } from './webhooks/publicar';

/** The record's columns that may wrap on a page (at a codigoGeneracion's hyphens), so it fits a Letter page. */
const AJUSTABLES: ReadonlySet<keyof LineaInforme> = new Set(['documento', 'detalle']);

const fechaDeCampana = (d: Date) => elSalvadorNow(d).fecEmi;

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
  /**
   * For the campaign's i-th contingency event, the index i: a DTE 01 issued in a rehearsed contingencia of
   * its CAT-005 tipo (`ensayoDeContingencia`).
   */
  contingencia?: number | null;
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
      /** Absent in campaigns started before it was checked here. */
      ritmo?: number;
      workflowId: string;
      contribuyentes?: unknown;
    }): Promise<{ orden: TipoCertificable[]; anulables: TipoCertificable[] }> {
      const { emisorId, tokenId } = input.issuer;
      await certificaciones.comprobarInicio(emisorId, { enCurso: true });
      comprobarPlan(input.plan, await certificaciones.autorizados(tokenId));
      if (input.ritmo !== undefined) comprobarRitmo(input.ritmo);
      const contribuyentes =
        input.contribuyentes == null ? null : parseRequest(contribuyentesCertificacion, input.contribuyentes);
      await certificaciones.iniciar(emisorId, input.plan, input.workflowId, contribuyentes);
      return { orden: ordenDelPlan(input.plan), anulables: tiposAnulables(input.plan) };
    },

    /**
     * The campaign's estado on its record; once COMPLETA, the emisor's webhooks are told
     * (certificacion.completa), once per campaign: its event id comes from the campaign's start.
     */
    async registrarCertificacion(emisorId: number, estado: EstadoCertificacion): Promise<void> {
      await certificaciones.registrar(emisorId, estado);
      if (estado !== 'COMPLETA') return;
      const campana = (await certificaciones.leer(emisorId))!;
      await publicar(
        deps,
        emisorId,
        'certificacion.completa',
        `${campana.workflowId}:${campana.iniciadaEn.toISOString()}`,
        {
          workflowId: campana.workflowId,
          estado,
          plan: campana.plan,
          iniciadaEn: campana.iniciadaEn.toISOString(),
          completadaEn: campana.completadaEn?.toISOString() ?? null,
          documentos: campana.documentos?.length ?? 0,
          informe: enlaceApi(deps, '/certificacion/informe?formato=pdf'),
        },
      );
    },

    /** Prints the campaign's record as it stands now and stores it; answers its storage key (one per rendering). */
    async renderInformeCertificacionPdf(input: { emisorId: number }): Promise<string> {
      const emisor = await deps.tenants.emisor(input.emisorId);
      const informe = await certificaciones.informe(input.emisorId);
      if (!emisor || !informe) throw new Error(`emisor ${input.emisorId} has no certification campaign`);
      const { campana, lineas } = informe;
      const markup = libroHtml({
        titulo: `Certificación en el ambiente de pruebas de MH — ${campana.estado}`,
        columnas: COLUMNAS_INFORME.map(([campo, titulo]) => ({ titulo, ajustable: AJUSTABLES.has(campo) })),
        filas: lineas.map((l) => COLUMNAS_INFORME.map(([campo]) => l[campo])),
        emisor: { nombre: emisor.nombre, nit: emisor.nit, nrc: emisor.nrc ?? null },
        periodo: `${fechaDeCampana(campana.iniciadaEn)} a ${campana.completadaEn ? fechaDeCampana(campana.completadaEn) : 'hoy'}`,
        establecimiento: null,
      });
      const pdf = await deps.browser.use(async (page) => {
        await page.setContent(markup, { waitUntil: 'load' });
        return Buffer.from(await page.pdf({ printBackground: true, preferCSSPageSize: true }));
      });
      const key = `emisores/${emisor.slug}/CERTIFICACION/informe-${randomUUID()}.pdf`;
      await deps.store.put(key, pdf, 'application/pdf');
      return key;
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
        contribuyentes: (await certificaciones.contribuyentes(issuer.emisorId)) ?? undefined,
      });
      const request = parseRequest(
        kind.requestSchema,
        paso.contingencia == null ? cuerpo : { ...cuerpo, ...ensayoDeContingencia(paso.contingencia) },
      );
      const forzarContingencia = kind.ensayoContingencia?.(request) ?? false;
      if (paso.contingencia != null && !forzarContingencia)
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
      await certificaciones.anotarDocumento(issuer.emisorId, paso.codigoGeneracion);
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

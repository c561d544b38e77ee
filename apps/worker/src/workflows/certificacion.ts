import {
  ChildWorkflowFailure,
  condition,
  continueAsNew,
  executeChild,
  ParentClosePolicy,
  patched,
  setHandler,
  upsertSearchAttributes,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import {
  Anulacion,
  Certificacion,
  IssueDte,
  SearchAttribute,
  type AvanceCertificacion,
  type CertificacionContinuacion,
  type CertificacionEstado,
  type CertificacionInput,
  type RechazoCertificacion,
  type TipoCertificable,
  type WorkflowFn,
} from '@dte/contract';
import { databaseSteps } from './policies';
import { dteRefusal } from './refusal';

/** The kind whose rehearsed contingencia (`testContingencia`) makes a contingency event (`TIPO_EN_CONTINGENCIA`). */
const TIPO_EN_CONTINGENCIA = 'FACTURA_CONSUMIDOR_FINAL' satisfies TipoCertificable;

/** MH not answering an invalidation: tried again after this, without a person. */
const REINTENTO_MH = '1 minute';

type Paso =
  | { clase: 'documento'; tipo: TipoCertificable; indice: number }
  | { clase: 'invalidacion'; indice: number }
  | { clase: 'contingencia'; indice: number };

type Resultado = 'HECHO' | 'RECHAZADO' | 'REINTENTAR';

const avance = (planificados: number): AvanceCertificacion => ({
  planificados,
  aceptados: 0,
  rechazados: 0,
  enCurso: 0,
});

/** The campaign's state: what the query shows and what a continued run starts from. */
class Campana {
  readonly datos: CertificacionContinuacion;
  reanudar = false;
  cancelar = false;

  constructor(
    private readonly input: CertificacionInput,
    inicio: { orden: TipoCertificable[]; anulables: TipoCertificable[] },
  ) {
    const { plan } = input;
    this.datos = input.continuacion ?? {
      estado: {
        emisorId: input.emisorId,
        estado: 'EN_CURSO',
        documentos: Object.fromEntries(inicio.orden.map((t) => [t, avance(plan.documentos[t] ?? 0)])),
        invalidaciones: avance(plan.invalidaciones),
        contingencias: avance(plan.contingencias),
        reemplazos: 0,
        ultimoRechazo: null,
        ritmo: input.ritmo,
      },
      ...inicio,
      hechos: 0,
      aceptados: {},
      extras: {},
      reemplazos: {},
    };
  }

  get estado(): CertificacionEstado {
    return this.datos.estado;
  }

  /** Every step, in order: the plan's documents kind by kind (CCFs before their notes), then the events. */
  pasos(): Paso[] {
    const { plan } = this.input;
    const n = (cuantos: number) => Array.from({ length: cuantos }, (_, i) => i);
    return [
      ...this.datos.orden.flatMap((tipo) =>
        n(plan.documentos[tipo] ?? 0).map((indice): Paso => ({ clase: 'documento', tipo, indice })),
      ),
      ...n(plan.invalidaciones).map((indice): Paso => ({ clase: 'invalidacion', indice })),
      ...n(plan.contingencias).map((indice): Paso => ({ clase: 'contingencia', indice })),
    ];
  }

  /** The next index of a kind beyond its planned documents, so an extra document is a new one. */
  indiceExtra(tipo: TipoCertificable): number {
    const extras = this.datos.extras[tipo] ?? 0;
    this.datos.extras[tipo] = extras + 1;
    return (this.input.plan.documentos[tipo] ?? 0) + extras;
  }

  /** The invalidation's document: the campaign's accepted documents of the kinds it may invalidate, in turn. */
  anulable(indice: number): { tipo: TipoCertificable; codigoGeneracion: string } {
    const candidatos = this.datos.anulables.flatMap((tipo) =>
      (this.datos.aceptados[tipo] ?? []).map((d) => ({ tipo, codigoGeneracion: d.codigoGeneracion })),
    );
    return candidatos[indice]!;
  }

  ccfs() {
    return this.datos.aceptados.CREDITO_FISCAL ?? [];
  }

  aceptado(tipo: TipoCertificable, indice: number, codigoGeneracion: string): void {
    (this.datos.aceptados[tipo] ??= []).push({ indice, codigoGeneracion });
  }

  continuarSiHaceFalta(): Promise<never> | undefined {
    if (!workflowInfo().continueAsNewSuggested) return undefined;
    return continueAsNew<typeof CertificacionWorkflow>({ ...this.input, continuacion: this.datos });
  }
}

/**
 * An emisor's certification campaign in MH's test environment: each of the plan's documents is a child
 * IssueDte workflow started as the API starts it (its request generated, validated and stored by an
 * activity, tagged with the campaign), each invalidation a child Anulacion workflow, each contingency
 * event a Factura issued in a rehearsed contingencia of the event's CAT-005 tipo, which the emisor's
 * Contingencia workflow reports to MH in an event and a lote. One step at a time, at `ritmo`; MH's first
 * rejection pauses the campaign until `reanudar` (the step is issued again, as a new document) or
 * `cancelar`. The codigoGeneracion of each step comes from the workflow's seeded `uuid4()`, so a replay
 * starts the same child and a lost worker never issues a document twice.
 */
export const CertificacionWorkflow: WorkflowFn<typeof Certificacion> = async (input) => {
  const { emisorId, issuer } = input;
  const workflowId = workflowInfo().workflowId;
  let inicio = input.continuacion;
  if (!inicio) {
    try {
      // What the API checks, as a person may start the campaign from the Temporal UI.
      const checked = await databaseSteps.iniciarCertificacion({
        issuer,
        plan: input.plan,
        ritmo: input.ritmo,
        workflowId,
        contribuyentes: input.contribuyentes,
      });
      inicio = new Campana(input, checked).datos;
    } catch (err) {
      throw dteRefusal(err) ?? err;
    }
  }
  const campana = new Campana({ ...input, continuacion: inicio }, inicio);
  const { estado } = campana;
  setHandler(Certificacion.estado, () => estado);
  setHandler(Certificacion.reanudar, () => void (campana.reanudar = true));
  setHandler(Certificacion.cancelar, () => void (campana.cancelar = true));

  /**
   * `contingencia`, the index of a contingency event: the document is issued in its rehearsed contingencia,
   * and its workflow ends once the emisor's Contingencia workflow reported it in an event of its own and
   * the lote's verdict is recorded, so the next rehearsal is another outage.
   */
  const emitir = async (
    tipo: TipoCertificable,
    indice: number,
    cuenta: AvanceCertificacion | null,
    contingencia: number | null = null,
  ): Promise<{ codigoGeneracion: string } | RechazoCertificacion> => {
    const codigoGeneracion = uuid4().toUpperCase();
    const paso = contingencia === null ? tipo : 'CONTINGENCIA';
    if (cuenta) cuenta.enCurso = 1;
    try {
      const solicitud = await databaseSteps.solicitudCertificacion({
        issuer,
        tipo,
        indice,
        semilla: input.semilla,
        codigoGeneracion,
        ccfs: campana.ccfs(),
        campana: workflowId,
        contingencia,
      });
      const emitido = await executeChild<WorkflowFn<typeof IssueDte>>(IssueDte.workflowType, {
        workflowId: IssueDte.workflowId(codigoGeneracion),
        args: [{ ...solicitud, issuer, codigoGeneracion }],
        // The document outlives the campaign: cancelling it never cuts an issuance short.
        parentClosePolicy: ParentClosePolicy.ABANDON,
        searchAttributes: {
          [SearchAttribute.codigoGeneracion]: [codigoGeneracion],
          [SearchAttribute.tipo]: [tipo],
          [SearchAttribute.emisor]: [String(emisorId)],
          [SearchAttribute.estado]: ['PENDIENTE'],
        },
      });
      if (!emitido)
        return {
          paso,
          codigoGeneracion,
          codigoMsg: null,
          descripcionMsg: `El servicio rechazó la solicitud antes de numerarla (workflow ${IssueDte.workflowId(codigoGeneracion)})`,
          observaciones: [],
        };
      // A document issued in contingencia is on record with its lote's verdict once its workflow ends.
      const desenlace = await databaseSteps.desenlaceCertificacion(codigoGeneracion);
      if (desenlace.estado === 'PROCESSED') return { codigoGeneracion };
      const { estado: _estado, ...motivo } = desenlace;
      return { paso, codigoGeneracion, ...motivo };
    } catch (err) {
      const refusal = dteRefusal(err);
      if (!refusal) throw err;
      return { paso, codigoGeneracion, codigoMsg: null, descripcionMsg: refusal.message, observaciones: [] };
    } finally {
      if (cuenta) cuenta.enCurso = 0;
    }
  };

  const contar = (cuenta: AvanceCertificacion, r: { codigoGeneracion: string } | RechazoCertificacion): Resultado => {
    if ('paso' in r) {
      cuenta.rechazados++;
      estado.ultimoRechazo = r;
      return 'RECHAZADO';
    }
    cuenta.aceptados++;
    return 'HECHO';
  };

  const invalidar = async (indice: number): Promise<Resultado> => {
    const cuenta = estado.invalidaciones;
    const documento = campana.anulable(indice);
    let reemplazo = campana.datos.reemplazos[indice] ?? null;
    if (!reemplazo && (await databaseSteps.reemplazoCertificacion({ emisorId, tipo: documento.tipo, indice }))) {
      const r = await emitir(documento.tipo, campana.indiceExtra(documento.tipo), cuenta);
      if ('paso' in r) return contar(cuenta, r);
      reemplazo = campana.datos.reemplazos[indice] = r.codigoGeneracion;
      estado.reemplazos++;
    }
    const request = await databaseSteps.anulacionCertificacion({
      emisorId,
      semilla: input.semilla,
      indice,
      ...documento,
      reemplazo,
    });
    const rechazo = (r: Partial<RechazoCertificacion>): RechazoCertificacion => ({
      paso: 'INVALIDACION',
      codigoGeneracion: documento.codigoGeneracion,
      codigoMsg: r.codigoMsg ?? null,
      descripcionMsg: r.descripcionMsg ?? null,
      observaciones: r.observaciones ?? [],
    });
    cuenta.enCurso = 1;
    try {
      const r = await executeChild<WorkflowFn<typeof Anulacion>>(Anulacion.workflowType, {
        workflowId: Anulacion.workflowId(documento.codigoGeneracion),
        args: [
          {
            codigoGeneracion: documento.codigoGeneracion,
            request,
            issuer,
            eventoCodigoGeneracion: uuid4().toUpperCase(),
          },
        ],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        searchAttributes: { [SearchAttribute.emisor]: [String(emisorId)] },
      });
      if (r.mhNoDisponible) return 'REINTENTAR';
      return contar(cuenta, r.aceptado ? { codigoGeneracion: r.eventoCodigoGeneracion } : rechazo(r.respuestaMh ?? {}));
    } catch (err) {
      // A refusal before MH was asked (the child's DteError): a person must look, as for MH's.
      if (!(err instanceof ChildWorkflowFailure)) throw err;
      return contar(cuenta, rechazo({ descripcionMsg: err.cause?.message ?? err.message }));
    } finally {
      cuenta.enCurso = 0;
    }
  };

  const hacer = async (paso: Paso): Promise<Resultado> => {
    switch (paso.clase) {
      case 'documento': {
        const cuenta = estado.documentos[paso.tipo]!;
        const r = await emitir(paso.tipo, paso.indice, cuenta);
        if (!('paso' in r)) campana.aceptado(paso.tipo, paso.indice, r.codigoGeneracion);
        return contar(cuenta, r);
      }
      case 'invalidacion':
        return invalidar(paso.indice);
      case 'contingencia': {
        const cuenta = estado.contingencias;
        return contar(
          cuenta,
          await emitir(TIPO_EN_CONTINGENCIA, campana.indiceExtra(TIPO_EN_CONTINGENCIA), cuenta, paso.indice),
        );
      }
    }
  };

  const registrar = (nuevo: CertificacionEstado['estado']) => {
    estado.estado = nuevo;
    // The Temporal UI finds paused campaigns by it (`DteEstado`). Histories recorded before it replay.
    if (patched('certificacion-estado-buscable')) upsertSearchAttributes({ [SearchAttribute.estado]: [nuevo] });
    return databaseSteps.registrarCertificacion(emisorId, nuevo);
  };

  const pasos = campana.pasos();
  const pausa = 60_000 / input.ritmo;
  while (campana.datos.hechos < pasos.length && !campana.cancelar) {
    await campana.continuarSiHaceFalta();
    const resultado = await hacer(pasos[campana.datos.hechos]!);
    if (resultado === 'HECHO') {
      campana.datos.hechos++;
      // The pause ends early on `cancelar`: at a slow ritmo it is minutes long.
      if (campana.datos.hechos < pasos.length) await condition(() => campana.cancelar, pausa);
    } else if (resultado === 'REINTENTAR') {
      await condition(() => campana.cancelar, REINTENTO_MH);
    } else {
      // A `reanudar` sent once the query reads PAUSADA, while the record is still being written, resumes
      // the campaign: it was lost when the flag was cleared after the write. Histories recorded before replay.
      const reanudarDuranteRegistro = patched('certificacion-reanudar-durante-registro');
      if (reanudarDuranteRegistro) campana.reanudar = false;
      await registrar('PAUSADA');
      if (!reanudarDuranteRegistro) campana.reanudar = false;
      await condition(() => campana.reanudar || campana.cancelar);
      if (!campana.cancelar) await registrar('EN_CURSO');
    }
  }
  await registrar(campana.cancelar ? 'CANCELADA' : 'COMPLETA');
  return estado;
};

import {
  ChildWorkflowFailure,
  condition,
  continueAsNew,
  ParentClosePolicy,
  patched,
  upsertSearchAttributes,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import {
  Anulacion,
  Certificacion,
  IssueDte,
  executeChildOf,
  SearchAttributeKeys,
  type AvanceCertificacion,
  type CertificacionContinuacion,
  type CertificacionEstado,
  type CertificacionInput,
  type RechazoCertificacion,
  type TipoCertificable,
  type WorkflowFn,
} from '@dte/contract';
import { databaseSteps } from '../policies';
import { dteRefusal } from '../refusal';

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

/**
 * An emisor's certification campaign: its state (what the query shows and what a continued run starts
 * from) and the steps that move it on, one at a time. The workflow only wires it to its messages.
 */
export class Campana {
  private readonly workflowId = workflowInfo().workflowId;
  /** Every step, in order: the plan's documents kind by kind (CCFs before their notes), then the events. */
  private readonly pasos: Paso[];
  private reanudacionPedida = false;
  private cancelacionPedida = false;
  /** A person asked for a pause: taken once the step in flight is done. */
  private pausaPedida = false;

  private constructor(
    private readonly input: CertificacionInput,
    private readonly datos: CertificacionContinuacion,
  ) {
    const { plan } = input;
    const n = (cuantos: number) => Array.from({ length: cuantos }, (_, i) => i);
    this.pasos = [
      ...datos.orden.flatMap((tipo) =>
        n(plan.documentos[tipo] ?? 0).map((indice): Paso => ({ clase: 'documento', tipo, indice })),
      ),
      ...n(plan.invalidaciones).map((indice): Paso => ({ clase: 'invalidacion', indice })),
      ...n(plan.contingencias).map((indice): Paso => ({ clase: 'contingencia', indice })),
    ];
  }

  /** A continued run's campaign as it was handed over; a new one once what the API checks holds. */
  static async iniciar(input: CertificacionInput): Promise<Campana> {
    if (input.continuacion) return new Campana(input, input.continuacion);
    const { plan } = input;
    let inicio: { orden: TipoCertificable[]; anulables: TipoCertificable[] };
    try {
      // What the API checks, as a person may start the campaign from the Temporal UI.
      inicio = await databaseSteps.iniciarCertificacion({
        issuer: input.issuer,
        plan,
        ritmo: input.ritmo,
        workflowId: workflowInfo().workflowId,
        contribuyentes: input.contribuyentes,
      });
    } catch (err) {
      throw dteRefusal(err) ?? err;
    }
    return new Campana(input, {
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
    });
  }

  get estado(): CertificacionEstado {
    return this.datos.estado;
  }

  /** Every step done, or a person cancelled the campaign. */
  get terminada(): boolean {
    return this.datos.hechos >= this.pasos.length || this.cancelacionPedida;
  }

  /** Resumes a paused campaign, or withdraws a pause asked for and not yet taken. */
  reanudar(): void {
    this.reanudacionPedida = true;
    this.pausaPedida = false;
  }

  pausar(): void {
    this.pausaPedida = true;
  }

  cancelar(): void {
    this.cancelacionPedida = true;
  }

  continuarSiHaceFalta(): Promise<never> | undefined {
    if (!workflowInfo().continueAsNewSuggested) return undefined;
    return continueAsNew<WorkflowFn<typeof Certificacion>>({ ...this.input, continuacion: this.datos });
  }

  /**
   * The next step, then the wait it calls for: the ritmo's pause after a step done, a while for MH not
   * answering, a person after MH's rejection (the campaign PAUSADA until `reanudar`, the step then issued
   * again as a new document), or a person's `pausar` after the step in flight (PAUSADA until `reanudar`, the
   * campaign then going on with the next step). Each wait ends early on `cancelar`: at a slow ritmo the pause
   * is minutes long. A pause no one asked for sends no signal, so histories recorded before it replay.
   */
  async avanzar(): Promise<void> {
    const resultado = await this.hacer(this.pasos[this.datos.hechos]!);
    if (resultado === 'HECHO') {
      this.datos.hechos++;
      if (this.datos.hechos < this.pasos.length) {
        await condition(() => this.cancelacionPedida || this.pausaPedida, 60_000 / this.input.ritmo);
        if (this.pausaPedida && !this.cancelacionPedida) {
          this.reanudacionPedida = false;
          await this.registrar('PAUSADA');
          await condition(() => this.reanudacionPedida || this.cancelacionPedida);
          this.pausaPedida = false;
          if (!this.cancelacionPedida) await this.registrar('EN_CURSO');
        }
      }
    } else if (resultado === 'REINTENTAR') {
      await condition(() => this.cancelacionPedida, REINTENTO_MH);
    } else {
      // A `reanudar` sent once the query reads PAUSADA, while the record is still being written, resumes
      // the campaign: it was lost when the flag was cleared after the write. Histories recorded before replay.
      const reanudarDuranteRegistro = patched('certificacion-reanudar-durante-registro');
      if (reanudarDuranteRegistro) this.reanudacionPedida = false;
      await this.registrar('PAUSADA');
      if (!reanudarDuranteRegistro) this.reanudacionPedida = false;
      await condition(() => this.reanudacionPedida || this.cancelacionPedida);
      // Resumed: a pause asked for while MH's answer was awaited is taken by this one.
      this.pausaPedida = false;
      if (!this.cancelacionPedida) await this.registrar('EN_CURSO');
    }
  }

  /** Records how the campaign ended and answers its final state. */
  async terminar(): Promise<CertificacionEstado> {
    await this.registrar(this.cancelacionPedida ? 'CANCELADA' : 'COMPLETA');
    return this.estado;
  }

  private async hacer(paso: Paso): Promise<Resultado> {
    const { estado } = this;
    switch (paso.clase) {
      case 'documento': {
        const cuenta = estado.documentos[paso.tipo]!;
        const r = await this.emitir(paso.tipo, paso.indice, cuenta);
        if (!('paso' in r)) this.aceptado(paso.tipo, paso.indice, r.codigoGeneracion);
        return this.contar(cuenta, r);
      }
      case 'invalidacion':
        return this.invalidar(paso.indice);
      case 'contingencia': {
        const cuenta = estado.contingencias;
        const indice = this.indiceExtra(TIPO_EN_CONTINGENCIA);
        return this.contar(cuenta, await this.emitir(TIPO_EN_CONTINGENCIA, indice, cuenta, paso.indice));
      }
    }
  }

  /**
   * `contingencia`, the index of a contingency event: the document is issued in its rehearsed contingencia,
   * and its workflow ends once the emisor's Contingencia workflow reported it in an event of its own and
   * the lote's verdict is recorded, so the next rehearsal is another outage.
   */
  private async emitir(
    tipo: TipoCertificable,
    indice: number,
    cuenta: AvanceCertificacion | null,
    contingencia: number | null = null,
  ): Promise<{ codigoGeneracion: string } | RechazoCertificacion> {
    const { issuer } = this.input;
    const codigoGeneracion = uuid4().toUpperCase();
    const paso = contingencia === null ? tipo : 'CONTINGENCIA';
    if (cuenta) cuenta.enCurso = 1;
    try {
      const solicitud = await databaseSteps.solicitudCertificacion({
        issuer,
        tipo,
        indice,
        semilla: this.input.semilla,
        codigoGeneracion,
        ccfs: this.datos.aceptados.CREDITO_FISCAL ?? [],
        campana: this.workflowId,
        contingencia,
      });
      const emitido = await executeChildOf(IssueDte, {
        ...IssueDte.startOptions({ ...solicitud, issuer, codigoGeneracion }),
        // The document outlives the campaign: cancelling it never cuts an issuance short.
        parentClosePolicy: ParentClosePolicy.ABANDON,
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
  }

  private async invalidar(indice: number): Promise<Resultado> {
    const { emisorId, issuer } = this.input;
    const cuenta = this.estado.invalidaciones;
    const documento = this.anulable(indice);
    let reemplazo = this.datos.reemplazos[indice] ?? null;
    if (!reemplazo && (await databaseSteps.reemplazoCertificacion({ emisorId, tipo: documento.tipo, indice }))) {
      const r = await this.emitir(documento.tipo, this.indiceExtra(documento.tipo), cuenta);
      if ('paso' in r) return this.contar(cuenta, r);
      reemplazo = this.datos.reemplazos[indice] = r.codigoGeneracion;
      this.estado.reemplazos++;
    }
    const request = await databaseSteps.anulacionCertificacion({
      emisorId,
      semilla: this.input.semilla,
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
      const r = await executeChildOf(Anulacion, {
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
        typedSearchAttributes: [{ key: SearchAttributeKeys.emisor, value: String(emisorId) }],
      });
      if (r.mhNoDisponible) return 'REINTENTAR';
      return this.contar(
        cuenta,
        r.aceptado ? { codigoGeneracion: r.eventoCodigoGeneracion } : rechazo(r.respuestaMh ?? {}),
      );
    } catch (err) {
      // A refusal before MH was asked (the child's DteError): a person must look, as for MH's.
      if (!(err instanceof ChildWorkflowFailure)) throw err;
      return this.contar(cuenta, rechazo({ descripcionMsg: err.cause?.message ?? err.message }));
    } finally {
      cuenta.enCurso = 0;
    }
  }

  private contar(cuenta: AvanceCertificacion, r: { codigoGeneracion: string } | RechazoCertificacion): Resultado {
    if ('paso' in r) {
      cuenta.rechazados++;
      this.estado.ultimoRechazo = r;
      return 'RECHAZADO';
    }
    cuenta.aceptados++;
    return 'HECHO';
  }

  private registrar(nuevo: CertificacionEstado['estado']): Promise<void> {
    this.estado.estado = nuevo;
    // The Temporal UI finds paused campaigns by it (`DteEstado`). Histories recorded before it replay.
    if (patched('certificacion-estado-buscable'))
      upsertSearchAttributes([{ key: SearchAttributeKeys.estado, value: nuevo }]);
    return databaseSteps.registrarCertificacion(this.input.emisorId, nuevo);
  }

  private aceptado(tipo: TipoCertificable, indice: number, codigoGeneracion: string): void {
    (this.datos.aceptados[tipo] ??= []).push({ indice, codigoGeneracion });
  }

  /** The next index of a kind beyond its planned documents, so an extra document is a new one. */
  private indiceExtra(tipo: TipoCertificable): number {
    const extras = this.datos.extras[tipo] ?? 0;
    this.datos.extras[tipo] = extras + 1;
    return (this.input.plan.documentos[tipo] ?? 0) + extras;
  }

  /** The invalidation's document: the campaign's accepted documents of the kinds it may invalidate, in turn. */
  private anulable(indice: number): { tipo: TipoCertificable; codigoGeneracion: string } {
    const candidatos = this.datos.anulables.flatMap((tipo) =>
      (this.datos.aceptados[tipo] ?? []).map((d) => ({ tipo, codigoGeneracion: d.codigoGeneracion })),
    );
    return candidatos[indice]!;
  }
}

import { Context } from '@temporalio/activity';
import {
  RecibirCompra,
  type CompraOutcome,
  type EstadoCompra,
  type RecibirCompraInput,
  type ResumenRevisionCompras,
} from '@dte/contract';
import {
  comprobarCompra,
  consultaDeReceptor,
  DteError,
  ErrorCode,
  estadoSegunMh,
  identificarCompra,
  type IdentidadCompra,
  type MotivoCompra,
} from '@dte/domain';
import type { CompraRecord } from '@dte/store';
import { activityLog } from '../activity-log';
import type { ActivityDependencies } from '../dependencies';
import { consultarTodos } from '../mh/consultas';
import type { MhClient } from '../mh/mh-client';
import { consultDte, mhCredentials } from '../dte/transmit';
import { enlaceApi, publicar } from '../webhooks/publicar';

/** Estados a re-check asks MH about again: a supplier may invalidate a verified one, or send a missing one late. */
const REVISABLES = new Set<string>(['VERIFICADO', 'NO_ENCONTRADO']);

const resultado = (
  c: Pick<CompraRecord, 'emisorId' | 'codigoGeneracion' | 'estado' | 'motivos'>,
  duplicado: boolean,
) => ({
  emisorId: c.emisorId,
  codigoGeneracion: c.codigoGeneracion,
  estado: c.estado as EstadoCompra,
  motivos: (c.motivos ?? []) as MotivoCompra[],
  duplicado,
});

/** A record's identity as the verification reads it. */
const identidadDe = (c: CompraRecord): IdentidadCompra => ({
  codigoGeneracion: c.codigoGeneracion,
  tipoDte: c.tipoDte,
  version: c.version,
  numeroControl: c.numeroControl ?? null,
  fecEmi: c.fecEmi,
  proveedor: { nit: c.proveedor.nit!, nrc: c.proveedor.nrc ?? null, nombre: c.proveedor.nombre ?? null },
});

export function createComprasActivities(deps: ActivityDependencies, mh: MhClient) {
  const { compras } = deps;

  /**
   * Tells the emisor's webhooks a record reached `estado`: compra.recibida when VERIFICADO, compra.rechazada
   * otherwise; once per (document, estado), however often the step is retried.
   */
  async function anunciar(emisorId: number, codigoGeneracion: string): Promise<void> {
    const c = (await compras.leer(emisorId, codigoGeneracion))!;
    await publicar(
      deps,
      emisorId,
      c.estado === 'VERIFICADO' ? 'compra.recibida' : 'compra.rechazada',
      `${RecibirCompra.workflowId(emisorId, codigoGeneracion)}:${c.estado}`,
      {
        codigoGeneracion,
        tipoDte: c.tipoDte,
        numeroControl: c.numeroControl ?? null,
        fecEmi: c.fecEmi,
        proveedor: c.proveedor,
        estado: c.estado,
        motivos: c.motivos,
        origen: c.origen,
        url: enlaceApi(deps, `/compras/${codigoGeneracion}`),
      },
    );
  }

  /** Asks MH for a record's document under the receptor's session; null when MH did not answer. */
  async function consultar(c: CompraRecord) {
    const consulta = consultaDeReceptor(identidadDe(c));
    const res = await consultDte(
      mh,
      await mhCredentials(deps, c.emisorId),
      consulta.tdte,
      consulta.codigoGeneracion,
      consulta.nitEmisor,
    );
    return res.answered ? res : null;
  }

  return {
    /**
     * The verification's first step: reads the stored Archivo DTE, checks it without MH (`comprobarCompra`)
     * and records it once, PENDIENTE_MH when nothing is wrong with it. A document already on record
     * (another run's) is left as it was and answered `duplicado`.
     */
    async registrarCompra(input: RecibirCompraInput): Promise<CompraOutcome> {
      const archivo = await compras.archivo(input.jsonKey);
      if (!archivo) throw new Error(`the received document ${input.jsonKey} is not in the object store`);
      const dteJson = JSON.parse(archivo.toString('utf8')) as Record<string, unknown>;
      const identidad = identificarCompra(dteJson);
      // Started by hand (Temporal's UI), the id may name another document than the file.
      if (identidad.codigoGeneracion !== input.codigoGeneracion.toUpperCase())
        throw new DteError(
          ErrorCode.ARCHIVO_DTE_INVALID,
          400,
          `The stored document is ${identidad.codigoGeneracion}, not ${input.codigoGeneracion}`,
          { errors: [{ field: 'identificacion.codigoGeneracion', message: 'does not match the input' }] },
        );
      const emisor = await deps.tenants.emisor(input.emisorId);
      if (!emisor) throw new Error(`emisor ${input.emisorId} does not exist`);
      const { estado, motivos } = comprobarCompra(dteJson, identidad, emisor);
      const { workflowExecution } = Context.current().info;
      const { compra, duplicado } = await compras.registrar(
        {
          emisorId: input.emisorId,
          identidad,
          dteJson,
          estado: estado ?? 'PENDIENTE_MH',
          motivos,
          origen: input.origen,
          mensajeId: input.mensajeId ?? null,
          jsonKey: input.jsonKey,
          pdfKey: input.pdfKey ?? null,
        },
        workflowExecution!.runId,
      );
      activityLog(deps.log, { emisorId: input.emisorId, codigoGeneracion: identidad.codigoGeneracion }).info(
        { estado: compra.estado, duplicado, origen: input.origen },
        duplicado ? 'received document already on record' : 'received document recorded',
      );
      if (!duplicado && compra.estado !== 'PENDIENTE_MH') await anunciar(input.emisorId, compra.codigoGeneracion);
      return resultado(compra, duplicado);
    },

    /**
     * Asks MH for a PENDIENTE_MH record's document and records what it says; MH not answering fails the
     * step, which the workflow retries until it does (the record stays PENDIENTE_MH meanwhile).
     */
    async verificarCompraEnMh(input: { emisorId: number; codigoGeneracion: string }): Promise<CompraOutcome> {
      const c = await compras.leer(input.emisorId, input.codigoGeneracion);
      if (!c) throw new Error(`received document ${input.codigoGeneracion} is not on record`);
      if (c.estado === 'PENDIENTE_MH') {
        const res = await consultar(c);
        if (!res) throw new Error(`MH did not answer consultadte for ${input.codigoGeneracion}`);
        await compras.concluir(c.emisorId, c.codigoGeneracion, {
          ...estadoSegunMh(res.body, c.selloRecibido ?? null),
          respuestaMh: res.body,
        });
        await anunciar(c.emisorId, c.codigoGeneracion);
      }
      return resultado((await compras.leer(input.emisorId, input.codigoGeneracion))!, false);
    },

    /**
     * The re-check of a period: every VERIFICADO or NO_ENCONTRADO record asked for again at MH, and the
     * ones whose answer changed recorded and announced (a supplier's invalidation, a document MH received
     * late). A period MH answers for no record is retried: MH is down.
     */
    async revisarCompras(input: { emisorId: number; periodo: string }): Promise<ResumenRevisionCompras> {
      let consultados = 0;
      let cambiados = 0;
      let sinRespuesta = 0;
      for await (const lote of compras.recorrerPeriodo(input.emisorId, input.periodo)) {
        const revisables = lote.filter((c) => REVISABLES.has(c.estado));
        consultados += revisables.length;
        await consultarTodos(revisables, async (c) => {
          const res = await consultar(c);
          if (!res) {
            sinRespuesta++;
            return;
          }
          const nuevo = estadoSegunMh(res.body, c.selloRecibido ?? null);
          if (nuevo.estado === c.estado) return;
          await compras.concluir(c.emisorId, c.codigoGeneracion, { ...nuevo, respuestaMh: res.body });
          await anunciar(c.emisorId, c.codigoGeneracion);
          cambiados++;
        });
      }
      if (consultados > 0 && sinRespuesta === consultados)
        throw new Error(`MH did not answer consultadte for any of the ${consultados} documents of ${input.periodo}`);
      return { periodo: input.periodo, consultados, cambiados, sinRespuesta };
    },
  };
}

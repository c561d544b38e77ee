import { Context } from '@temporalio/activity';
import {
  RecibirCompra,
  type CompraOutcome,
  type ConfirmarCompraInput,
  type EstadoCompra,
  type RecibirCompraInput,
  type ResumenRevisionCompras,
} from '@dte/contract';
import {
  comprobarCompra,
  conclusionDeCompra,
  confirmarCompraRequest,
  consultaDeReceptor,
  documentoDelArchivo,
  DteError,
  ErrorCode,
  estaFirmado,
  ESTADOS_CONFIRMADOS_POR_MH,
  identificarCompra,
  parseRequest,
  verificacionSinMh,
  type IdentidadCompra,
  type MotivoCompra,
  type RespuestaConsulta,
  type VerificacionCompra,
} from '@dte/domain';
import { jsonGuardado, politicaDeCompras, type CompraRecord } from '@dte/store';
import { activityLog } from '../activity-log';
import type { ActivityDependencies } from '../dependencies';
import { consultarTodos } from '../mh/consultas';
import type { MhClient } from '../mh/mh-client';
import { consultDte, mhCredentials } from '../dte/transmit';
import { enlaceApi, publicar } from '../webhooks/publicar';

/**
 * Estados a re-check asks MH about again: a supplier may invalidate one MH confirmed (counted or not yet), or
 * send a missing one late.
 */
const REVISABLES = new Set<string>([...ESTADOS_CONFIRMADOS_POR_MH, 'NO_ENCONTRADO']);
const CONFIRMADOS_POR_MH = new Set<string>(ESTADOS_CONFIRMADOS_POR_MH);
/** The permission of a person who compares a POR_CONFIRMAR document with MH's consulta pública. */
export const PERMISO_CONFIRMAR = 'COMPRAS_CONFIRMAR';

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
   * Tells the emisor's webhooks a record reached `estado`: compra.recibida when it counts (VERIFICADO,
   * CONFIRMADO), compra.por_confirmar when it waits for a person, compra.rechazada otherwise; once per
   * (document, estado), however often the step is retried.
   */
  async function anunciar(emisorId: number, codigoGeneracion: string): Promise<void> {
    const c = (await compras.leer(emisorId, codigoGeneracion))!;
    const tipo =
      c.estado === 'VERIFICADO' || c.estado === 'CONFIRMADO'
        ? 'compra.recibida'
        : c.estado === 'POR_CONFIRMAR'
          ? 'compra.por_confirmar'
          : 'compra.rechazada';
    await publicar(deps, emisorId, tipo, `${RecibirCompra.workflowId(emisorId, codigoGeneracion)}:${c.estado}`, {
      codigoGeneracion,
      tipoDte: c.tipoDte,
      numeroControl: c.numeroControl ?? null,
      fecEmi: c.fecEmi,
      // The record's loose stored type; the verification always writes a supplier's NIT.
      proveedor: { nit: c.proveedor.nit ?? null, nrc: c.proveedor.nrc, nombre: c.proveedor.nombre },
      estado: c.estado as EstadoCompra,
      motivos: c.motivos as MotivoCompra[],
      origen: c.origen,
      consultaPublica: (c.verificacion as VerificacionCompra | null)?.consultaPublica ?? null,
      url: enlaceApi(deps, `/compras/${codigoGeneracion}`),
    });
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

  /**
   * What MH's answer makes of a record (`conclusionDeCompra`), under the emisor's policy as it is now, with
   * the verification the record states then.
   */
  async function concluirSegunMh(c: CompraRecord, respuesta: RespuestaConsulta) {
    const emisor = await deps.tenants.emisor(c.emisorId);
    if (!emisor) throw new Error(`emisor ${c.emisorId} does not exist`);
    const archivo = jsonGuardado(c);
    const conclusion = conclusionDeCompra(
      respuesta,
      {
        tipoDte: c.tipoDte,
        documento: documentoDelArchivo(archivo),
        selloDelArchivo: c.selloRecibido ?? null,
        firmado: estaFirmado(archivo),
        proveedorNuevo: !c.proveedor.nit || !(await compras.proveedorConocido(c.emisorId, c.proveedor.nit)),
        confirmadoPorPersona: (c.confirmacion as { coincide?: boolean } | null)?.coincide === true,
      },
      politicaDeCompras(emisor, deps.config),
    );
    const verificacion: VerificacionCompra = {
      ...((c.verificacion as VerificacionCompra | null) ?? verificacionSinMh(archivo, identidadDe(c))),
      confirmadoPorMh: conclusion.confirmadoPorMh,
    };
    return { estado: conclusion.estado, motivos: conclusion.motivos, verificacion };
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
          verificacion: verificacionSinMh(dteJson, identidad),
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
          ...(await concluirSegunMh(c, res.body)),
          respuestaMh: res.body,
        });
        await anunciar(c.emisorId, c.codigoGeneracion);
      }
      return resultado((await compras.leer(input.emisorId, input.codigoGeneracion))!, false);
    },

    /**
     * The re-check of a period: every record MH confirmed or did not find asked for again at MH, and the
     * ones whose answer changed recorded and announced (a supplier's invalidation, a document MH received
     * late). One MH still holds as it did keeps its estado, the emisor's policy having changed or not; but
     * one recorded before the verification stated what proves it is concluded again (an unsigned one
     * VERIFICADO then waits for a person now). A period MH answers for no record is retried: MH is down.
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
          const nuevo = await concluirSegunMh(c, res.body);
          const sigueIgual =
            nuevo.estado === c.estado ||
            (c.verificacion !== null && CONFIRMADOS_POR_MH.has(c.estado) && CONFIRMADOS_POR_MH.has(nuevo.estado));
          if (sigueIgual) return;
          await compras.concluir(c.emisorId, c.codigoGeneracion, { ...nuevo, respuestaMh: res.body });
          await anunciar(c.emisorId, c.codigoGeneracion);
          cambiados++;
        });
      }
      if (consultados > 0 && sinRespuesta === consultados)
        throw new Error(`MH did not answer consultadte for any of the ${consultados} documents of ${input.periodo}`);
      return { periodo: input.periodo, consultados, cambiados, sinRespuesta };
    },

    /**
     * A person's comparison of a POR_CONFIRMAR record with MH's consulta pública (see `ConfirmarCompra`),
     * checked as the API checks it: the request's shape, the token (the emisor's, active, permission
     * COMPRAS_CONFIRMAR) and the record's estado. A workflow started by hand comes through here unchecked.
     */
    async confirmarCompra(input: ConfirmarCompraInput): Promise<CompraOutcome> {
      const { coincide, nota } = parseRequest(confirmarCompraRequest, input.solicitud);
      const token = await deps.db.models.ApiToken.findOne({ id: input.tokenId }).lean();
      if (!token || token.emisorId !== input.emisorId || token.revokedAt)
        throw new DteError(ErrorCode.AUTH_TOKEN_INVALID, 401, 'El token de API no existe o fue revocado');
      if (!token.permissions.includes(PERMISO_CONFIRMAR))
        throw new DteError(
          ErrorCode.PERMISSION_DENIED,
          403,
          `Confirmar una compra requiere el permiso ${PERMISO_CONFIRMAR}`,
          {
            required: PERMISO_CONFIRMAR,
          },
        );
      const c = await compras.leer(input.emisorId, input.codigoGeneracion);
      if (!c)
        throw new DteError(ErrorCode.COMPRA_NOT_FOUND, 404, `No se recibió el documento ${input.codigoGeneracion}`, {
          codigoGeneracion: input.codigoGeneracion,
        });
      const { runId } = Context.current().info.workflowExecution!;
      const propia = (c.confirmacion as { ejecucion?: string } | null)?.ejecucion === runId;
      if (c.estado !== 'POR_CONFIRMAR' && !propia)
        throw new DteError(
          ErrorCode.COMPRA_NO_POR_CONFIRMAR,
          409,
          `El documento está ${c.estado}: solo uno POR_CONFIRMAR se confirma`,
          { codigoGeneracion: c.codigoGeneracion, estado: c.estado },
        );
      // A retried step (its announcement failed) finds its own decision recorded and announces it.
      if (propia) {
        await anunciar(c.emisorId, c.codigoGeneracion);
        return resultado(c, false);
      }
      const confirmacion = {
        coincide,
        nota: nota || null,
        por: { tokenId: token.id, nombre: token.name },
        en: new Date().toISOString(),
        ejecucion: runId,
      };
      const motivos: MotivoCompra[] = coincide
        ? (c.motivos as MotivoCompra[])
        : [
            {
              codigo: 'NO_COINCIDE_CON_MH',
              campo: null,
              mensaje: `${token.name} comparó el documento con la consulta pública de MH y no coincide${nota ? `: ${nota}` : ''}`,
            },
          ];
      await compras.concluir(c.emisorId, c.codigoGeneracion, {
        estado: coincide ? 'CONFIRMADO' : 'INCONSISTENTE',
        motivos,
        confirmacion,
      });
      activityLog(deps.log, { emisorId: c.emisorId, codigoGeneracion: c.codigoGeneracion }).info(
        { coincide, tokenId: token.id },
        'received document compared with MH by a person',
      );
      await anunciar(c.emisorId, c.codigoGeneracion);
      return resultado((await compras.leer(c.emisorId, c.codigoGeneracion))!, false);
    },
  };
}

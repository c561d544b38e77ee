import { createHash } from 'node:crypto';
import { esquemaDe, generacionDe } from '@dte/domain';
import type { Controles } from '../control/estado';
import { aceptado, hallazgo, nuevoSello, rechazado, type Hallazgo, type RespuestaMh } from '../respuesta';
import { isDuplicateKey, type Emisor, type Recepcion, type Store } from '../store';
import { fhProcesamiento, instanteLocal } from '../tiempo';
import { verificarCalculos } from './calculo';
import { verificarCatalogos } from './catalogos';
import { verificarCondiciones } from './condiciones';
import { nitReceptor } from './consulta';
import { verificarContribuyentes } from './contribuyentes';
import { NORMATIVA_NO_VIGENTE, normativaVigente } from './normativa';
import { verificarRelacionados } from './relacionados';
import { montoRetornable, retornoDe, tomarRetorno, verificarRetorno } from './retornos';
import { verificarTributos } from './tributos';
import {
  abrirFirmado,
  campoTipo,
  dentroDeHolguraDeFecha,
  emisorEsUsuario,
  objeto,
  verificarEsquema,
} from './verificaciones';

type Json = Record<string, unknown>;

/** One DTE as transmitted: the request fields of recepciondte, or those a lote item implies. */
export interface Envio {
  ambiente: string;
  version: number;
  tipoDte: string;
  codigoGeneracion: string | null;
  documento: string;
  codigoLote: string | null;
}

export interface Contexto {
  store: Store;
  controles: Controles;
  emisor: Emisor;
  ahora: Date;
}

/** Contingency documents must reach MH within 72 h of the event's sello (Manual Funcional §IX). */
const PLAZO_LOTE_CONTINGENCIA_MS = 72 * 3600 * 1000;

function coincidencias(envio: Envio, identificacion: Json): Hallazgo[] {
  const pedidos = [
    ['version', envio.version],
    [campoTipo(identificacion), envio.tipoDte],
    ['ambiente', envio.ambiente],
    ['codigoGeneracion', envio.codigoGeneracion],
  ] as const;
  return pedidos
    .filter(([campo, valor]) => identificacion[campo] !== valor)
    .map(([campo]) => hallazgo('027', `identificacion.${campo}`));
}

/**
 * 2026 establishment/point-of-sale block (M001P001); apitest already refuses the older free 8 characters.
 * An event received as a DTE (the Retorno) has no numeroControl.
 */
function numeroControl(tipoDte: string, identificacion: Json): Hallazgo[] {
  if (campoTipo(identificacion) === 'tipoEvento') return [];
  const patron = new RegExp(`^DTE-${tipoDte}-[MBSP][0-9]{3}P[0-9]{3}-[0-9]{15}$`);
  return patron.test(String(identificacion.numeroControl)) ? [] : [hallazgo('006', 'identificacion.numeroControl')];
}

async function duplicado(store: Store, codigoGeneracion: string): Promise<Hallazgo[]> {
  return (await store.documentos.existe(codigoGeneracion)) ? [hallazgo('004', 'identificacion.codigoGeneracion')] : [];
}

/** A deferred-model (tipoModelo 2) document needs an accepted contingency event that lists it. */
async function contingencia(ctx: Contexto, identificacion: Json): Promise<Hallazgo[]> {
  if (identificacion.tipoModelo !== 2) return [];
  const listado = await ctx.store.documentosContingencia.porCodigo(String(identificacion.codigoGeneracion));
  const evento = listado?.nitEmisor === ctx.emisor.nit ? listado : null;
  if (!evento) return [hallazgo('012', 'identificacion.codigoGeneracion')];
  const emitido = instanteLocal(String(identificacion.fecEmi), String(identificacion.horEmi));
  if (emitido < evento.inicio || emitido > evento.fin) return [hallazgo('013', 'identificacion.fecEmi')];
  if (ctx.ahora.getTime() > evento.recibidoEn.getTime() + PLAZO_LOTE_CONTINGENCIA_MS) {
    return [hallazgo('018', 'identificacion.codigoGeneracion')];
  }
  return [];
}

/**
 * The electronic documents this one relates to, to refuse invalidating a document with live related
 * ones (028): a DTE names them in numeroDocumento with tipoGeneracion 2 (electronic); the Retorno names the
 * FE or FSE it returns by codigoGeneracion.
 */
function relacionados(dte: Json): string[] {
  const relacion = dte.documentoRelacionado;
  if (!Array.isArray(relacion)) return [];
  return (relacion as Json[]).flatMap((r) => {
    if (typeof r.codigoGeneracion === 'string') return [r.codigoGeneracion];
    return r.tipoGeneracion === 2 ? [String(r.numeroDocumento)] : [];
  });
}

/** Two checks may find the same fault (a resumen without the IVA its lines list): MH reports it once. */
function sinRepetir(hallazgos: Hallazgo[]): Hallazgo[] {
  return hallazgos.filter(
    (h, i) => hallazgos.findIndex((o) => o.codigoMsg === h.codigoMsg && o.campo === h.campo) === i,
  );
}

async function evaluar(ctx: Contexto, envio: Envio): Promise<RespuestaMh> {
  const base = { ambiente: envio.ambiente, codigoGeneracion: envio.codigoGeneracion, ahora: ctx.ahora };
  const forzado = await ctx.controles.rechazoForzado(ctx.emisor.nit, envio.codigoGeneracion);
  if (forzado) {
    const { clasificaMsg, codigoMsg, descripcionMsg } = forzado;
    return rechazado(base, [{ clasificaMsg, codigoMsg, campo: '', texto: descripcionMsg }], descripcionMsg);
  }

  const abierto = abrirFirmado(envio.documento, ctx.emisor);
  if (abierto.hallazgos) return rechazado(base, abierto.hallazgos);
  const dte = abierto.documento;
  // The schema is the one of the document's own type and version (either generation): a request that says
  // otherwise is answered 027 below, not with the violations of another schema.
  const propia = objeto(dte.identificacion);
  const declarado = propia[campoTipo(propia)];
  const tipo = typeof declarado === 'string' ? declarado : envio.tipoDte;
  const version = typeof propia.version === 'number' ? propia.version : envio.version;
  const sinEsquema = `[identificacion.version] NO EXISTE ESQUEMA PARA TIPO DTE ${tipo} VERSION ${version}`;
  // Only CAT-002 codes: the invalidation and contingency events have their own services.
  const esquema = /^[0-9]{2}$/.test(tipo) ? esquemaDe(tipo, version) : undefined;
  const violaciones = verificarEsquema(esquema, dte, sinEsquema);
  if (violaciones.length) return rechazado(base, violaciones);

  const identificacion = dte.identificacion as Json;
  const noVigente = await normativaVigente(ctx.controles, ctx.emisor.nit, tipo, version, identificacion);
  if (noVigente.length) return rechazado(base, noVigente, NORMATIVA_NO_VIGENTE);

  const calculo = verificarCalculos(tipo, version, dte);
  const hallazgos = [
    ...coincidencias(envio, identificacion),
    ...emisorEsUsuario(ctx.emisor, dte),
    ...numeroControl(tipo, identificacion),
    ...(await duplicado(ctx.store, String(identificacion.codigoGeneracion))),
    ...(dentroDeHolguraDeFecha(String(identificacion.fecEmi), String(identificacion.horEmi), ctx.ahora)
      ? []
      : [hallazgo('017', 'identificacion.fecEmi')]),
    ...(await contingencia(ctx, identificacion)),
    ...verificarCatalogos(dte, generacionDe(tipo, version)!),
    ...verificarCondiciones(tipo, version, dte),
    ...(await verificarRelacionados(ctx.store, ctx.emisor.nit, tipo, dte)),
    ...(await verificarContribuyentes(ctx.store, ctx.emisor.nit, tipo, dte)),
    ...calculo.hallazgos,
    ...verificarTributos(tipo, dte),
    ...(await verificarRetorno(ctx.store, ctx.emisor.nit, tipo, dte)),
  ];
  if (hallazgos.length) return rechazado(base, sinRepetir(hallazgos));
  const retorno = await tomarRetorno(ctx.store, ctx.emisor.nit, tipo, dte);
  if (retorno.hallazgos.length) return rechazado(base, retorno.hallazgos);

  const selloRecibido = nuevoSello(ctx.ahora);
  const registro = {
    _id: String(identificacion.codigoGeneracion),
    codigoGeneracion: String(identificacion.codigoGeneracion),
    nitEmisor: ctx.emisor.nit,
    tipoDte: tipo,
    version,
    ambiente: envio.ambiente,
    numeroControl: typeof identificacion.numeroControl === 'string' ? identificacion.numeroControl : null,
    fecEmi: String(identificacion.fecEmi),
    selloRecibido,
    fhProcesamiento: fhProcesamiento(ctx.ahora),
    recibidoEn: ctx.ahora,
    estado: 'PROCESADO' as const,
    relacionados: relacionados(dte),
    codigoLote: envio.codigoLote,
    observaciones: calculo.observaciones,
    invalidacion: null,
    montoRetornable: montoRetornable(tipo, dte),
    montoRetornado: 0,
    retorno: retornoDe(tipo, dte),
    firmaSha256: createHash('sha256').update(envio.documento).digest('hex'),
    nitReceptor: nitReceptor(dte),
  };
  try {
    await ctx.store.documentos.registrar(registro);
  } catch (error) {
    await retorno.devolver();
    // A concurrent copy of the same document won the unique index: this one is the duplicate.
    if (isDuplicateKey(error)) return rechazado(base, [hallazgo('004', 'identificacion.codigoGeneracion')]);
    throw error;
  }
  return aceptado(registro, calculo.observaciones);
}

export async function registrarRecepcion(store: Store, recepcion: Omit<Recepcion, 'en'>, en: Date): Promise<void> {
  await store.recepciones.registrar({ ...recepcion, en });
}

/** Receives one DTE as MH does and records the attempt, whatever its outcome. */
export async function recibirDte(ctx: Contexto, envio: Envio, servicio: Recepcion['servicio']): Promise<RespuestaMh> {
  const respuesta = await evaluar(ctx, envio);
  await registrarRecepcion(
    ctx.store,
    {
      codigoGeneracion: envio.codigoGeneracion,
      nitEmisor: ctx.emisor.nit,
      servicio,
      tipoDte: envio.tipoDte,
      estado: respuesta.estado,
      codigoMsg: respuesta.codigoMsg,
    },
    ctx.ahora,
  );
  return respuesta;
}

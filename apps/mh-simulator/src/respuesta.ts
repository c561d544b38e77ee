import { randomInt } from 'node:crypto';
import type { Response } from 'express';
import { mhResponseCodes } from '@dte/domain';
import { anioLocal, fhProcesamiento } from './tiempo';

/**
 * MH's answers. Every refusal found while checking a document is a Hallazgo: the section
 * (clasificaMsg), the code (codigoMsg) and the field path MH prints between brackets.
 */
export interface Hallazgo {
  clasificaMsg: string;
  codigoMsg: string;
  campo: string;
  /** The observación when MH words it more specifically than the code's text (schema violations). */
  texto?: string;
}

/** MH's codes for the section of a DTE a field belongs to (Manual Técnico p.25). */
const clasificaPorSeccion: Record<string, string> = {
  identificacion: '11',
  emisor: '12',
  receptor: '13',
  sujetoExcluido: '13',
  documentoRelacionado: '14',
  cuerpoDocumento: '15',
  resumen: '16',
  extension: '17',
  apendice: '18',
  ventaTercero: '21',
};

/** Codes whose section is fixed whatever the field: schema (98) and signature (20). */
const clasificaPorCodigo: Record<string, string> = { '096': '98', '802': '20' };

export function hallazgo(codigoMsg: string, campo: string, texto?: string): Hallazgo {
  const seccion = campo.split(/[.[]/)[0] ?? '';
  const clasificaMsg = clasificaPorCodigo[codigoMsg] ?? clasificaPorSeccion[seccion] ?? '11';
  return { clasificaMsg, codigoMsg, campo, texto };
}

/**
 * 802 is not in the printed table: it is the signer's "No valido", which MH answers for a signature
 * that does not verify (Manual Técnico §4.3.2 example; RS256 reports).
 */
const FIRMA_NO_VALIDA = { codigo: '802', valor: 'No valido' };
const textos = new Map([...mhResponseCodes.codigoMsg, FIRMA_NO_VALIDA].map((c) => [c.codigo, c.valor]));

/** MH's text for a code with `[campo]` replaced by the field path, as MH prints it. */
export function descripcion(codigoMsg: string, campo?: string): string {
  const texto = textos.get(codigoMsg) ?? textos.get('099')!;
  if (!texto.includes('[campo]')) return texto;
  return campo ? texto.replace('[campo]', `[${campo}]`) : texto.replace('[campo] ', '');
}

export function observacion(h: Hallazgo): string {
  return h.texto ?? descripcion(h.codigoMsg, h.campo);
}

/** 40 characters `[A-Z0-9]` starting with the year, like every sello MH has published. */
export function nuevoSello(instant: Date): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let rest = '';
  for (let i = 0; i < 36; i++) rest += alphabet[randomInt(alphabet.length)];
  return `${anioLocal(instant)}${rest}`;
}

export type EstadoRespuesta = 'PROCESADO' | 'RECHAZADO' | 'INVALIDADO';

/** The body of recepciondte, consultadte, anulardte and each item of a lote (Manual Técnico §4.2.1). */
export interface RespuestaMh {
  version: number;
  ambiente: string;
  versionApp: number;
  estado: EstadoRespuesta;
  codigoGeneracion: string | null;
  selloRecibido: string | null;
  fhProcesamiento: string;
  clasificaMsg: string;
  codigoMsg: string;
  descripcionMsg: string;
  observaciones: string[];
}

const VERSION_RESPUESTA = 2;
const VERSION_APP = 2;

export function aceptado(
  base: { ambiente: string; codigoGeneracion: string; selloRecibido: string; fhProcesamiento: string },
  observaciones: string[],
  descripcionMsg?: string,
): RespuestaMh {
  return {
    version: VERSION_RESPUESTA,
    ambiente: base.ambiente,
    versionApp: VERSION_APP,
    estado: 'PROCESADO',
    codigoGeneracion: base.codigoGeneracion,
    selloRecibido: base.selloRecibido,
    fhProcesamiento: base.fhProcesamiento,
    clasificaMsg: '10',
    codigoMsg: observaciones.length ? '002' : '001',
    descripcionMsg: descripcionMsg ?? descripcion(observaciones.length ? '002' : '001'),
    observaciones,
  };
}

/** A refusal: the first hallazgo gives the codes, every hallazgo becomes an observación. */
export function rechazado(
  base: { ambiente: string; codigoGeneracion: string | null; ahora: Date },
  hallazgos: Hallazgo[],
  descripcionMsg?: string,
): RespuestaMh {
  const [primero] = hallazgos as [Hallazgo, ...Hallazgo[]];
  return {
    version: VERSION_RESPUESTA,
    ambiente: base.ambiente,
    versionApp: VERSION_APP,
    estado: 'RECHAZADO',
    codigoGeneracion: base.codigoGeneracion,
    selloRecibido: null,
    fhProcesamiento: fhProcesamiento(base.ahora),
    clasificaMsg: primero.clasificaMsg,
    codigoMsg: primero.codigoMsg,
    descripcionMsg: descripcionMsg ?? descripcion(primero.codigoMsg, primero.campo),
    observaciones: hallazgos.map(observacion),
  };
}

/** Accepted answers are HTTP 200, refusals HTTP 400 (Manual Técnico §4.2.1). */
export function enviarRespuesta(res: Response, respuesta: RespuestaMh): void {
  res.status(respuesta.estado === 'RECHAZADO' ? 400 : 200).json(respuesta);
}

/**
 * The bare Spring Boot error MH's gateway answers for requests it cannot even read (malformed body,
 * missing parameters, unknown lote, outages); seen in real MH logs without the DTE response shape.
 */
export function errorSpring(res: Response, status: number, message: string): void {
  const error = { 400: 'Bad Request', 404: 'Not Found', 500: 'Internal Server Error', 503: 'Service Unavailable' }[
    status
  ];
  res
    .status(status)
    .json({ timestamp: new Date().toISOString(), status, error: error ?? 'Error', message, path: res.req.path });
}

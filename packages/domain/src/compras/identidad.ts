import { z } from 'zod';
import { DteError, ErrorCode } from '../errors';
import { fechaConsulta } from '../requests/consulta';
import { problemaDeEstructura } from './estructura';
import { RECEPTOR_DE_COMPRA } from './receptor';
import { documentKind, DTE_TIPOS } from '../dte/document-kinds';

/** What a received document is known by before it is verified: enough to key, file and route it. */
export interface IdentidadCompra {
  /** Upper case, as MH's schemas write it. */
  codigoGeneracion: string;
  tipoDte: string;
  version: number;
  numeroControl: string | null;
  fecEmi: string;
  /** The supplier, as the document names it. */
  proveedor: { nit: string; nrc: string | null; nombre: string | null };
}

const texto = z.string().trim().min(1);
const opcional = z.unknown().transform((v) => (typeof v === 'string' && v.trim() ? v : null));
const TIPOS = Object.keys(RECEPTOR_DE_COMPRA);

/**
 * An Archivo DTE (the DTE JSON with `firmaElectronica` and `selloRecibido`) of one of `tipos`, of which only
 * what keys, files and routes it is required here: without codigoGeneracion, tipoDte, version, fecEmi and the
 * emisor's NIT it cannot be recorded. Everything else is the verification's to judge (MH's schema of its kind
 * and version), so other fields pass as they are.
 */
const archivoDte = (tipos: readonly string[], porQue: string) =>
  z.looseObject({
    identificacion: z.looseObject({
      codigoGeneracion: z
        .string()
        .regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, 'Debe ser un UUID'),
      tipoDte: z.string().refine((t) => tipos.includes(t), { message: porQue }),
      version: z.number().int().positive(),
      // A date its period's queries reach (GET /compras, the books): one outside them could never be found.
      fecEmi: fechaConsulta,
      numeroControl: opcional.optional(),
    }),
    emisor: z.looseObject({ nit: texto, nrc: opcional.optional(), nombre: opcional.optional() }),
  });

/**
 * POST /compras's JSON body: a supplier's Archivo DTE of a kind an emisor receives (the FEX's receptor is
 * abroad, the FSE is issued by the buyer itself, the CD is no purchase).
 */
export const archivoDteRecibido = archivoDte(
  TIPOS,
  `Tipo de documento que no se recibe de un proveedor (se reciben ${TIPOS.join(', ')})`,
);

/**
 * An Archivo DTE of any kind the service issues: what an emisor brings from its previous provider
 * (POST /importaciones's JSON body).
 */
const archivoDteImportado = archivoDte(
  DTE_TIPOS.map((t) => documentKind(t).tipoDte),
  'Tipo de documento que el servicio no emite',
);

const noEsArchivo = (errors: { field: string; message: string }[]) =>
  new DteError(ErrorCode.ARCHIVO_DTE_INVALID, 400, 'No es un Archivo DTE que se pueda recibir', { errors });

/**
 * Refuses (400 ARCHIVO_DTE_INVALID) what no MH document looks like (`problemaDeEstructura`): before a body is
 * serialised again, stored or recorded, since what it would break it breaks on every attempt.
 */
export function exigirEstructura(archivo: unknown): void {
  const problema = problemaDeEstructura(archivo);
  if (problema) throw noEsArchivo([problema]);
}

function identificar(archivo: unknown, esquema: ReturnType<typeof archivoDte>): IdentidadCompra {
  exigirEstructura(archivo);
  const r = esquema.safeParse(archivo);
  if (!r.success)
    throw noEsArchivo(r.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })));
  const { identificacion: id, emisor } = r.data;
  return {
    codigoGeneracion: id.codigoGeneracion.toUpperCase(),
    tipoDte: id.tipoDte,
    version: id.version,
    numeroControl: id.numeroControl ?? null,
    fecEmi: id.fecEmi,
    proveedor: { nit: emisor.nit, nrc: emisor.nrc ?? null, nombre: emisor.nombre ?? null },
  };
}

/**
 * Reads a received Archivo DTE's identity, or refuses it (400 ARCHIVO_DTE_INVALID naming each field): what
 * no MH document looks like (`problemaDeEstructura`), and what cannot be keyed, filed in a period its
 * queries reach nor asked for at MH, is not recorded, and its door reports it. Every step that records a
 * received document reads it through here first, so what one door refuses no other records.
 */
export const identificarCompra = (archivo: unknown) => identificar(archivo, archivoDteRecibido);

/**
 * Reads the identity of a document an emisor issued elsewhere and brings here (issue 53's import), refused
 * as `identificarCompra` refuses; `proveedor` is then the emisor that issued it.
 */
export const identificarImportado = (archivo: unknown) => identificar(archivo, archivoDteImportado);

/** The period (YYYY-MM) a received document is filed in: its fecEmi's month. */
export const periodoDeCompra = (fecEmi: string) => fecEmi.slice(0, 7);

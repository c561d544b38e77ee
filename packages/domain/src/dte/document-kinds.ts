import type { z } from 'zod';
import { validationError } from '../errors';
import { dteSchemaByTipoVersion, type MhSchemaName } from '../mh/schemas';
import { validateMhSchema } from '../mh/schema-validator';
import { toAmountString } from '../money';
import { dte01Request } from '../requests/dte01';
import { dte03Request } from '../requests/dte03';
import { dte07Request } from '../requests/dte07';
import { dte14Request } from '../requests/dte14';
import { notaRequest } from '../requests/nota';
import { retornoRequest } from '../requests/retorno';
import { permiteContingencia } from './bloques/identificacion';
import { builders, type TipoDte } from './builders';
import type { Builder, BuildContext, Dte, OriginDocument } from './documento';

/** Everything the service needs to know about one kind of document (a `tipo` of the API). */
export interface DocumentKind<Request = unknown> {
  tipo: DteTipo;
  tipoDte: TipoDte;
  /** The MH schema version issued. */
  version: number;
  schemaName: MhSchemaName;
  /** Body of its POST endpoint; use with `parseRequest`. */
  requestSchema: z.ZodType<Request>;
  build(ctx: BuildContext, request: Request, origin?: OriginDocument): Dte;
  /** The token permission it requires (GET /dte/information `permissions`). */
  permission: string;
  /** MH accepts it issued in contingency (CAT-023). */
  allowsContingencia: boolean;
  /** The codigoGeneracion of the stored document the request refers to, which `build` needs as origin. */
  origen?(request: Request): string;
  /** The document record's `total` (2 decimals). */
  total(dte: Dte): string;
  /** Where the automatic e-mail goes (null: nobody to send to). */
  receptorCorreo(dte: Dte): string | null;
  /** Set when documents share a limit of their original (see `ConsumoOrigen`). */
  consumoOrigen?: ConsumoOrigen;
}

/**
 * A limit that the documents referring to one original share: what remains to credit of a CCF, the
 * quantities left to return of a Factura's items. Issuance appends each document's take to the
 * original's ledger and builds it against the sum of the earlier takes, so the builder's check holds
 * under concurrency.
 */
export interface ConsumoOrigen {
  /** What the document takes, per limited quantity, as decimal strings. */
  de(dte: Dte): Record<string, string>;
  /** The original as the builder must check it, given the sums of earlier documents' takes. */
  original(origin: OriginDocument, tomado: Readonly<Record<string, string>>): OriginDocument;
}

interface KindDefinition<S extends z.ZodType> {
  tipoDte: TipoDte;
  version: number;
  versions: Record<number, Builder<z.output<S>>>;
  requestSchema: S;
  permission: string;
  origen?: (request: z.output<S>) => string;
  total: (dte: Dte) => string;
  receptorCorreo: (dte: Dte) => string | null;
  consumoOrigen?: ConsumoOrigen;
}

/** A kind resolved for one schema version: its builder and MH schema. */
function resolve<S extends z.ZodType>(tipo: DteTipo, def: KindDefinition<S>, version = def.version) {
  const build = def.versions[version];
  const schemaName = dteSchemaByTipoVersion[`${def.tipoDte}/${version}`];
  if (!build || !schemaName) throw new Error(`No builder/schema for ${tipo} (DTE ${def.tipoDte}) version ${version}`);
  return {
    tipo,
    tipoDte: def.tipoDte,
    version,
    schemaName,
    requestSchema: def.requestSchema,
    build,
    permission: def.permission,
    allowsContingencia: permiteContingencia(def.tipoDte),
    origen: def.origen,
    total: def.total,
    receptorCorreo: def.receptorCorreo,
    consumoOrigen: def.consumoOrigen,
  };
}

const define = <S extends z.ZodType>(def: KindDefinition<S>) => def;

function seccion(dte: Dte, nombre: string): Record<string, unknown> {
  const value = dte[nombre];
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
const resumenTotal = (campo: string) => (dte: Dte) => toAmountString(seccion(dte, 'resumen')[campo] as number);
const correoDe = (nombre: string) => (dte: Dte) =>
  (seccion(dte, nombre)['correo'] as string | null | undefined) ?? null;

const definitions = {
  FACTURA_CONSUMIDOR_FINAL: define({
    tipoDte: '01',
    version: 1,
    versions: builders['01'],
    requestSchema: dte01Request,
    permission: 'FACTURA_CONSUMIDOR_FINAL',
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('receptor'),
  }),
  CREDITO_FISCAL: define({
    tipoDte: '03',
    version: 3,
    versions: builders['03'],
    requestSchema: dte03Request,
    permission: 'CREDITO_FISCAL',
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('receptor'),
  }),
  NOTA_CREDITO: define({
    tipoDte: '05',
    version: 3,
    versions: builders['05'],
    requestSchema: notaRequest,
    permission: 'NOTA_CREDITO',
    origen: (r) => r.codigoGeneracion,
    total: resumenTotal('montoTotalOperacion'),
    receptorCorreo: correoDe('receptor'),
    consumoOrigen: {
      de: (dte) => ({ montoTotalOperacion: resumenTotal('montoTotalOperacion')(dte) }),
      original: (origin, tomado) => ({ ...origin, montoAcreditado: tomado['montoTotalOperacion'] ?? 0 }),
    },
  }),
  NOTA_DEBITO: define({
    tipoDte: '06',
    version: 3,
    versions: builders['06'],
    requestSchema: notaRequest,
    permission: 'NOTA_DEBITO',
    origen: (r) => r.codigoGeneracion,
    total: resumenTotal('montoTotalOperacion'),
    receptorCorreo: correoDe('receptor'),
  }),
  COMPROBANTE_RETENCION: define({
    tipoDte: '07',
    version: 1,
    versions: builders['07'],
    requestSchema: dte07Request,
    permission: 'COMPROBANTE_RETENCION',
    total: resumenTotal('totalIVAretenido'),
    receptorCorreo: correoDe('receptor'),
  }),
  SUJETO_EXCLUIDO: define({
    tipoDte: '14',
    version: 1,
    versions: builders['14'],
    requestSchema: dte14Request,
    permission: 'SUJETO_EXCLUIDO',
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('sujetoExcluido'),
  }),
  RETORNO: define({
    tipoDte: '18',
    version: 1,
    versions: builders['18'],
    requestSchema: retornoRequest,
    // The spec's permission list has no retorno entry; a token needs this one explicitly.
    permission: 'RETORNO',
    origen: (r) => r.documentoOrigen,
    total: resumenTotal('montoTotalRetorno'),
    receptorCorreo: correoDe('receptor'),
    // Keyed by the original's numItem.
    consumoOrigen: {
      de: (dte) =>
        Object.fromEntries(
          (dte['cuerpoDocumento'] as { numItemOrigen: number; cantidad: number }[]).map((l) => [
            String(l.numItemOrigen),
            String(l.cantidad),
          ]),
        ),
      original: (origin, tomado) => ({ ...origin, cantidadesRetornadas: tomado }),
    },
  }),
};

/** The API's `tipo` values that issue a DTE. */
export type DteTipo = keyof typeof definitions;
export const DTE_TIPOS = Object.keys(definitions) as DteTipo[];

/**
 * A document kind at its configured schema version, or at `version` (e.g. to issue Factura v2 once
 * its builder is registered).
 */
export function documentKind(tipo: DteTipo, version?: number): DocumentKind {
  return resolve(tipo, definitions[tipo] as KindDefinition<z.ZodType>, version) as DocumentKind;
}

/** The kind whose tipoDte this is (e.g. to read a stored DTE). */
export function documentKindOfTipoDte(tipoDte: string): DocumentKind | undefined {
  const tipo = DTE_TIPOS.find((t) => definitions[t].tipoDte === tipoDte);
  return tipo && documentKind(tipo);
}

/**
 * Builds a document of a kind and checks it against its MH schema. A violation means data MH would
 * reject (e.g. an address too short for the schema): 400 VALIDATION_ERROR naming MH's field paths.
 */
export function buildDocument(
  tipo: DteTipo,
  ctx: BuildContext,
  request: unknown,
  origin?: OriginDocument,
  version?: number,
): Dte {
  const kind = documentKind(tipo, version);
  const dte = kind.build(ctx, request, origin);
  const violations = validateMhSchema(kind.schemaName, dte);
  if (violations.length > 0)
    throw validationError(
      'El documento no cumple el esquema de MH',
      violations.map((v) => ({ field: v.path, message: v.message })),
    );
  return dte;
}

import anulacionV2 from './schemas/anulacion-schema-v2.json';
import contingenciaV3 from './schemas/contingencia-schema-v3.json';
import ccfV3 from './schemas/fe-ccf-v3.json';
import cdV1 from './schemas/fe-cd-v1.json';
import clV1 from './schemas/fe-cl-v1.json';
import crV1 from './schemas/fe-cr-v1.json';
import dclV1 from './schemas/fe-dcl-v1.json';
import fcV1 from './schemas/fe-fc-v1.json';
import fexV1 from './schemas/fe-fex-v1.json';
import fseV1 from './schemas/fe-fse-v1.json';
import ncV3 from './schemas/fe-nc-v3.json';
import ndV3 from './schemas/fe-nd-v3.json';
import nrV3 from './schemas/fe-nr-v3.json';
import contingenciaV4 from './schemas/v2026/contingencia-schema-v4.json';
import ccfV4 from './schemas/v2026/fe-ccf-v4.json';
import cdV2 from './schemas/v2026/fe-cd-v2.json';
import clV2 from './schemas/v2026/fe-cl-v2.json';
import crV2 from './schemas/v2026/fe-cr-v2.json';
import dclV2 from './schemas/v2026/fe-dcl-v2.json';
import eopV1 from './schemas/v2026/fe-eop-v1.json';
import eretV1 from './schemas/v2026/fe-eret-v1.json';
import fV2 from './schemas/v2026/fe-f-v2.json';
import fexV3 from './schemas/v2026/fe-fex-v3.json';
import fseV2 from './schemas/v2026/fe-fse-v2.json';
import ncV4 from './schemas/v2026/fe-nc-v4.json';
import ndV4 from './schemas/v2026/fe-nd-v4.json';
import nrV4 from './schemas/v2026/fe-nr-v4.json';
import invalidacionV3 from './schemas/v2026/invalidacion-schema-v3.json';

/**
 * MH's two generations of schemas: the set of the Manual Funcional v1.2 (2023–2026) and the set of the
 * Normativa DTE 2.0 (`svfe-json-schemas` of 2026). Which one an emisor issues in is decided by its
 * cut-over (`../normativa.ts`).
 */
export const GENERACIONES = ['2023', '2026'] as const;
export type Generacion = (typeof GENERACIONES)[number];

/** The two events that are not DTEs and have a schema of their own in each generation. */
export type Evento = 'invalidacion' | 'contingencia';

interface EsquemaMh {
  schema: object;
  generacion: Generacion;
  version: number;
  /** The DTE type (CAT-002), or the event, the file validates. */
  de: string | Evento;
}
const dte = (de: string, version: number, generacion: Generacion, schema: object): EsquemaMh => ({
  de,
  version,
  generacion,
  schema,
});

/**
 * MH's official JSON schemas, vendored byte-for-byte (see PROVENANCE.md beside them): never edit the
 * files, local deviations are applied at load time (schema-validator.ts). The Evento de Retorno (18)
 * exists only in the 2026 set, so it is issued in fe-eret-v1 whatever the emisor's generation.
 */
export const mhSchemaFiles = {
  'fe-fc-v1': dte('01', 1, '2023', fcV1),
  'fe-ccf-v3': dte('03', 3, '2023', ccfV3),
  'fe-nr-v3': dte('04', 3, '2023', nrV3),
  'fe-nc-v3': dte('05', 3, '2023', ncV3),
  'fe-nd-v3': dte('06', 3, '2023', ndV3),
  'fe-cr-v1': dte('07', 1, '2023', crV1),
  'fe-cl-v1': dte('08', 1, '2023', clV1),
  'fe-dcl-v1': dte('09', 1, '2023', dclV1),
  'fe-fex-v1': dte('11', 1, '2023', fexV1),
  'fe-fse-v1': dte('14', 1, '2023', fseV1),
  'fe-cd-v1': dte('15', 1, '2023', cdV1),
  'anulacion-schema-v2': dte('invalidacion', 2, '2023', anulacionV2),
  'contingencia-schema-v3': dte('contingencia', 3, '2023', contingenciaV3),
  'fe-f-v2': dte('01', 2, '2026', fV2),
  'fe-ccf-v4': dte('03', 4, '2026', ccfV4),
  'fe-nr-v4': dte('04', 4, '2026', nrV4),
  'fe-nc-v4': dte('05', 4, '2026', ncV4),
  'fe-nd-v4': dte('06', 4, '2026', ndV4),
  'fe-cr-v2': dte('07', 2, '2026', crV2),
  'fe-cl-v2': dte('08', 2, '2026', clV2),
  'fe-dcl-v2': dte('09', 2, '2026', dclV2),
  'fe-fex-v3': dte('11', 3, '2026', fexV3),
  'fe-fse-v2': dte('14', 2, '2026', fseV2),
  'fe-cd-v2': dte('15', 2, '2026', cdV2),
  'fe-eop-v1': dte('17', 1, '2026', eopV1),
  'fe-eret-v1': dte('18', 1, '2026', eretV1),
  'invalidacion-schema-v3': dte('invalidacion', 3, '2026', invalidacionV3),
  'contingencia-schema-v4': dte('contingencia', 4, '2026', contingenciaV4),
} satisfies Record<string, EsquemaMh>;
export type MhSchemaName = keyof typeof mhSchemaFiles;

const NOMBRES = Object.keys(mhSchemaFiles) as MhSchemaName[];

/** The schema JSON of a file. */
export function mhSchema(name: MhSchemaName): object {
  return mhSchemaFiles[name].schema;
}

/** The file that validates a DTE (or event) of a type and version, if MH published one. */
export function esquemaDe(de: string, version: number): MhSchemaName | undefined {
  return NOMBRES.find((n) => mhSchemaFiles[n].de === de && mhSchemaFiles[n].version === version);
}

/** The file of a DTE type (or event) in a generation; the retorno has only its 2026 file. */
export function esquemaEn(de: string, generacion: Generacion): MhSchemaName | undefined {
  const propio = NOMBRES.find((n) => mhSchemaFiles[n].de === de && mhSchemaFiles[n].generacion === generacion);
  return propio ?? NOMBRES.find((n) => mhSchemaFiles[n].de === de);
}

/** The generation a (type, version) belongs to; undefined for a version MH never published. */
export function generacionDe(de: string, version: number): Generacion | undefined {
  const name = esquemaDe(de, version);
  return name && mhSchemaFiles[name].generacion;
}

/**
 * Whether MH takes a DTE of this type and version issued in contingency: its schema admits
 * `tipoOperacion` 2. For the 2023 files that is exactly CAT-023 v1.2 (01, 03, 04, 05, 06, 11, 14); the
 * 2026 files add 07 and the retorno (18), which the 2026 catalog no longer lists (its CAT-023 became
 * "Operaciones Especiales").
 */
export function admiteContingencia(tipoDte: string, version: number): boolean {
  const name = esquemaDe(tipoDte, version);
  if (!name) return false;
  const schema = mhSchemaFiles[name].schema as {
    properties?: { identificacion?: { properties?: { tipoOperacion?: { const?: number; enum?: number[] } } } };
  };
  const tipoOperacion = schema.properties?.identificacion?.properties?.tipoOperacion;
  if (!tipoOperacion) return false;
  if (tipoOperacion.const !== undefined) return tipoOperacion.const === 2;
  return !tipoOperacion.enum || tipoOperacion.enum.includes(2);
}

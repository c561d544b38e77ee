import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import Decimal from 'decimal.js';
import { validationError } from '../errors';
import { mhSchema, type MhSchemaName } from './schemas';

export interface SchemaViolation {
  /** JSON pointer of the offending field, as MH prints it (`#/emisor/direccion/municipio`). */
  path: string;
  message: string;
}

/**
 * The official v1/v3 schemas encode the pre-2024 municipio codes per departamento (and an unanchored
 * departamento pattern that refuses "00"). MH's catalog CAT-013 v1.2 lists the 2024 codes, so we drop
 * the per-departamento municipio patterns and anchor departamento; the municipio is then checked
 * against CAT-013 for its departamento as a catalog rule. See PROVENANCE.md. The 2026 files have no
 * such patterns, so for them only `multipleOf` changes.
 */
function overrideMunicipioPatterns(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(overrideMunicipioPatterns);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'allOf' && Array.isArray(value) && value.every(isDepartamentoMunicipioRule)) continue;
    if (key === 'multipleOf') {
      out[DECIMAL_MULTIPLE_OF] = value;
      continue;
    }
    if (key === 'departamento' && value && typeof value === 'object' && 'pattern' in value) {
      out[key] = { ...value, pattern: '^(0[0-9]|1[0-4])$' };
      continue;
    }
    out[key] = overrideMunicipioPatterns(value);
  }
  return out;
}

function isDepartamentoMunicipioRule(rule: unknown): boolean {
  const r = rule as { if?: { properties?: object }; then?: { properties?: object } };
  return (
    !!r?.if?.properties &&
    Object.keys(r.if.properties).join() === 'departamento' &&
    !!r.then?.properties &&
    Object.keys(r.then.properties).join() === 'municipio'
  );
}

/**
 * ajv checks `multipleOf` by floating-point division, which refuses amounts MH accepts (1.13 / 1e-8 is
 * 112999999.99999998), so the schemas' `multipleOf` is checked in decimal arithmetic instead.
 */
const DECIMAL_MULTIPLE_OF = 'decimalMultipleOf';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addKeyword({
  keyword: DECIMAL_MULTIPLE_OF,
  type: 'number',
  schemaType: 'number',
  error: { message: (cxt) => `must be multiple of ${cxt.schema}` },
  validate: (step: number, value: number) => new Decimal(String(value)).mod(new Decimal(String(step))).isZero(),
});
const compiled = new Map<MhSchemaName, ValidateFunction>();

function validatorFor(name: MhSchemaName): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) {
    const { $schema: _ignored, ...schema } = overrideMunicipioPatterns(mhSchema(name)) as Record<string, unknown>;
    fn = ajv.compile(schema);
    compiled.set(name, fn);
  }
  return fn;
}

/** Validates a document against one of MH's JSON schemas (with the municipio override). */
export function validateMhSchema(name: MhSchemaName, document: unknown): SchemaViolation[] {
  const validate = validatorFor(name);
  if (validate(document)) return [];
  return (validate.errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const missing = e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : '';
      return { path: `#${e.instancePath}${missing}`, message: e.message ?? 'no cumple el formato requerido' };
    });
}

/**
 * A built document or event that must satisfy its MH schema: a violation is data MH would reject, so a
 * 400 VALIDATION_ERROR naming MH's paths (`que` says what was built: "El documento", "El evento…").
 */
export function checkMhSchema<D>(name: MhSchemaName, documento: D, que: string): D {
  const violations = validateMhSchema(name, documento);
  if (violations.length > 0)
    throw validationError(
      `${que} no cumple el esquema de MH`,
      violations.map((v) => ({ field: v.path, message: v.message })),
    );
  return documento;
}

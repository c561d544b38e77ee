import { z } from 'zod';
import { DteError, ErrorCode, validationError } from '../errors';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * Marks a missing receptor field whose absence the spec answers with RECEPTOR_VALIDATION_ERROR
 * (DTE 03) instead of VALIDATION_ERROR; `parseRequest` looks for this marker.
 */
export const RECEPTOR_REQUIRED = 'receptorRequired';

/** Messages in Spanish for this parse only, so other users of zod keep their own settings. */
const spanish = z.locales.es().localeError;

/**
 * Parses a request body with one of the endpoint schemas. Refusals are `DteError`s: 400
 * VALIDATION_ERROR with `details.errors` = each offending field, or 400 RECEPTOR_VALIDATION_ERROR with
 * `details.requiredFields` when required receptor fields are missing (the other errors ride along).
 */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, { error: spanish });
  if (result.success) {
    const invisibles = conCaracteresInvisibles(result.data);
    if (invisibles.length)
      throw validationError(
        'La solicitud tiene caracteres de control o de formato invisibles',
        invisibles.map((field) => ({ field, message: MENSAJE_INVISIBLES })),
      );
    return result.data;
  }
  const issues = result.error.issues;
  const errors: FieldError[] = issues.map((i) => ({ field: fieldName(i.path), message: i.message }));
  const requiredFields = issues.flatMap((i) =>
    i.code === 'custom' && i.params?.[RECEPTOR_REQUIRED] ? [String(i.params[RECEPTOR_REQUIRED])] : [],
  );
  if (requiredFields.length > 0)
    throw new DteError(ErrorCode.RECEPTOR_VALIDATION_ERROR, 400, 'Faltan datos requeridos del receptor', {
      requiredFields,
      errors,
    });
  throw validationError('La solicitud tiene campos inválidos', errors);
}

/** `["items", 0, "cantidad"]` → "items[0].cantidad"; the body itself is "body". */
function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'body';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

/**
 * Control characters (Unicode Cc) other than tab and line breaks, and format characters (Cf: bidi
 * overrides such as U+202E, zero-width spaces, the BOM…), which print as nothing or reorder the text, so
 * the legible version would differ from the signed JSON. The zero-width joiner (U+200D) is kept: it only
 * glues emoji sequences (👩‍💻).
 */
const INVISIBLES = /(?![\t\n\r\u200d])[\p{Cc}\p{Cf}]/u;
const MENSAJE_INVISIBLES = 'No se admiten caracteres de control ni de formato invisibles (Unicode Cc/Cf)';

/** The fields of a parsed request whose text holds an invisible character, walked without recursion. */
function conCaracteresInvisibles(value: unknown): string[] {
  const campos: string[] = [];
  const pendientes: [unknown, PropertyKey[]][] = [[value, []]];
  while (pendientes.length) {
    const [v, path] = pendientes.pop()!;
    if (typeof v === 'string') {
      if (INVISIBLES.test(v)) campos.push(fieldName(path));
    } else if (v && typeof v === 'object') {
      for (const [k, hijo] of Object.entries(v)) pendientes.push([hijo, [...path, Array.isArray(v) ? Number(k) : k]]);
    }
  }
  return campos.sort();
}

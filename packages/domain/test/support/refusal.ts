import { DteError } from '../../src';

/** Runs `fn`, which must throw a DteError, and returns that error. */
export function refusal(fn: () => unknown): DteError {
  let result: unknown;
  try {
    result = fn();
  } catch (e) {
    if (e instanceof DteError) return e;
    throw e;
  }
  throw new Error(`expected a DteError, got a result: ${JSON.stringify(result)?.slice(0, 200)}`);
}

/** The `field` of each entry of a VALIDATION_ERROR's `details.errors`, in order. */
export function fieldsOf(err: DteError): string[] {
  const errors = err.details['errors'];
  if (!Array.isArray(errors)) throw new Error(`${err.code} has no details.errors: ${err.message}`);
  return (errors as { field: string }[]).map((x) => x.field);
}

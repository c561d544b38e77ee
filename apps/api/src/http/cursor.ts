import { validationError } from '@dte/domain';

/** A list's cursor: where the next page starts, opaque to the client (its form may change). */
export function escribirCursor(n: number): string {
  return Buffer.from(JSON.stringify({ n }), 'utf8').toString('base64url');
}

export function leerCursor(cursor: string): number {
  try {
    const { n } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { n?: unknown };
    if (Number.isSafeInteger(n) && (n as number) >= 1) return n as number;
  } catch {
    // Not a cursor this API wrote: answered below.
  }
  throw validationError('cursor no válido: use el que devolvió la página anterior', [
    { field: 'cursor', message: 'cursor no válido' },
  ]);
}

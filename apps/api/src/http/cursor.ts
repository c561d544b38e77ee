import type { Request, Response } from 'express';
import type { z } from 'zod';
import { parseRequest, validationError } from '@dte/domain';

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

/**
 * A cursor list's route (`GET /dte`, `/compras`, `/auditoria`): its query parsed by the list's schema, the
 * page read from the cursor down, and the answer `{status, data, cursor}` with each entry as its view.
 */
export async function responderLista<S extends z.ZodType<{ cursor?: string; limit: number }>, T>(
  req: Request,
  res: Response,
  schema: S,
  leer: (
    filtros: Omit<z.output<S>, 'cursor' | 'limit'>,
    cursor: number | null,
    limit: number,
  ) => Promise<{ entradas: T[]; siguiente: number | null }>,
  vista: (entrada: T) => unknown,
): Promise<void> {
  const { cursor, limit, ...filtros } = parseRequest(schema, req.query);
  const { entradas, siguiente } = await leer(filtros, cursor === undefined ? null : leerCursor(cursor), limit);
  res.json({
    status: 'success',
    data: entradas.map(vista),
    cursor: siguiente === null ? null : escribirCursor(siguiente),
  });
}

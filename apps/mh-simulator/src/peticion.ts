import { z } from 'zod';

/** Spring binds JSON numbers and numeric strings alike to MH's Integer fields. */
export const entero = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** Parameters MH cannot bind never reach validation: MH's gateway answers its bare Spring 400. */
export function parametros<T>(
  schema: z.ZodType<T>,
  body: unknown,
): { ok: true; datos: T } | { ok: false; mensaje: string } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, datos: parsed.data };
  return {
    ok: false,
    mensaje: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
  };
}

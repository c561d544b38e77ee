import { validationError } from '../../errors';
import type { Dte07Request } from '../../requests/dte07';

/**
 * A retention is made on a document already issued: one dated after the comprobante itself (its fecEmi,
 * El Salvador) is refused, naming each such line. ISO dates compare as text.
 */
export function checkFechasRelacionadas(request: Dte07Request, fecEmi: string): void {
  const posteriores = request.cuerpoDocumento.flatMap((c, i) => (c.fechaEmision > fecEmi ? [i] : []));
  if (posteriores.length)
    throw validationError(
      'Un documento relacionado no puede tener fecha posterior al comprobante de retención',
      posteriores.map((i) => ({
        field: `cuerpoDocumento[${i}].fechaEmision`,
        message: `Es posterior a la fecha de emisión del comprobante (${fecEmi})`,
      })),
    );
}

import { validationError } from '../../errors';

/**
 * What a document reports on has already happened: a line dated after the document itself (its fecEmi, El
 * Salvador) is refused, naming each such line. `que` names the document in the message. Used by the
 * Comprobante de Retención (its retained documents) and the Comprobante de Liquidación (its liquidated
 * sales). ISO dates compare as text.
 */
export function checkFechasRelacionadas(
  cuerpoDocumento: readonly { fechaEmision: string }[],
  fecEmi: string,
  que: string,
): void {
  const posteriores = cuerpoDocumento.flatMap((c, i) => (c.fechaEmision > fecEmi ? [i] : []));
  if (posteriores.length)
    throw validationError(
      `Un documento relacionado no puede tener fecha posterior al ${que}`,
      posteriores.map((i) => ({
        field: `cuerpoDocumento[${i}].fechaEmision`,
        message: `Es posterior a la fecha de emisión del comprobante (${fecEmi})`,
      })),
    );
}

import { validationError } from '../../errors';

/**
 * What a document reports on has already happened: a related document dated after the document itself
 * (its fecEmi, El Salvador) is refused, naming each one (`campo`: the request's list of them). `que` names
 * the document in the message, with its preposition (`al comprobante de retención`). Used by the
 * Comprobante de Retención (its retained documents), the Comprobante de Liquidación (its liquidated sales)
 * and the Nota de Remisión (the sales its goods move for). ISO dates compare as text.
 */
export function checkFechasRelacionadas(
  relacionados: readonly { fechaEmision: string }[],
  fecEmi: string,
  que: string,
  campo = 'cuerpoDocumento',
): void {
  const posteriores = relacionados.flatMap((c, i) => (c.fechaEmision > fecEmi ? [i] : []));
  if (posteriores.length)
    throw validationError(
      `Un documento relacionado no puede tener fecha posterior ${que}`,
      posteriores.map((i) => ({
        field: `${campo}[${i}].fechaEmision`,
        message: `Es posterior a la fecha de emisión del documento (${fecEmi})`,
      })),
    );
}

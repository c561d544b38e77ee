export interface ConsultaPublicaRef {
  ambiente: string;
  codigoGeneracion: string;
  /** yyyy-mm-dd, as identificacion.fecEmi. */
  fecEmi: string;
}

/**
 * MH's public verification page for a DTE (Manual Técnico §5): the target of the legible version's QR, and
 * where a person compares a received document's amounts, which MH's consultadte does not answer.
 */
export function consultaPublicaUrl({ ambiente, codigoGeneracion, fecEmi }: ConsultaPublicaRef): string {
  const query = new URLSearchParams({ ambiente, codGen: codigoGeneracion, fechaEmi: fecEmi });
  return `https://admin.factura.gob.sv/consultaPublica?${query.toString()}`;
}

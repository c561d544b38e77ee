import QRCode from 'qrcode';

export interface ConsultaPublicaRef {
  ambiente: string;
  codigoGeneracion: string;
  /** yyyy-mm-dd, as identificacion.fecEmi. */
  fecEmi: string;
}

/** MH's public verification page for a DTE (Manual Técnico §5), the target of the legible version's QR. */
export function consultaPublicaUrl({ ambiente, codigoGeneracion, fecEmi }: ConsultaPublicaRef): string {
  const query = new URLSearchParams({ ambiente, codGen: codigoGeneracion, fechaEmi: fecEmi });
  return `https://admin.factura.gob.sv/consultaPublica?${query.toString()}`;
}

/**
 * The QR as a data: URL, so the page that renders it needs no network. SVG rather than PNG: it stays
 * vector in the PDF, and making it costs a fraction of a PNG's filtering and compression. The URL goes in
 * as one byte-mode segment: left to itself the library searches the cheapest mix of modes for every
 * document (a graph search that took half of the QR's 1.6 ms), and for MH's URL the mix it finds gives
 * the same symbol version (7) as byte mode alone.
 */
export async function qrDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString([{ data: Buffer.from(url), mode: 'byte' }], {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

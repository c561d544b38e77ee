import { formatoDeImagen } from '@dte/domain';

/**
 * The emisor's logo as a data: URL, or null when the bytes are not an image format Chromium shows.
 * The format is read from the bytes, not from the stored content type, which comes from whoever uploaded
 * the file; a logo that is damaged past its header is rendered with alt="" and so simply shows nothing.
 */
export function logoDataUrl(logo: Buffer | null | undefined): string | null {
  const formato = logo ? formatoDeImagen(logo) : null;
  return formato ? `data:${formato.tipo};base64,${logo!.toString('base64')}` : null;
}

const SIGNATURES: { contentType: string; matches: (bytes: Buffer) => boolean }[] = [
  { contentType: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { contentType: 'image/jpeg', matches: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  { contentType: 'image/gif', matches: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    contentType: 'image/webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  // An SVG shown through <img> runs no script and, on a pool page, loads nothing.
  {
    contentType: 'image/svg+xml',
    matches: (b) =>
      /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(
        b.subarray(0, 2048).toString('utf8'),
      ),
  },
];

/**
 * The emisor's logo as a data: URL, or null when the bytes are not an image format Chromium shows.
 * The format is read from the bytes, not from the stored content type, which comes from whoever uploaded
 * the file; a logo that is damaged past its header is rendered with alt="" and so simply shows nothing.
 */
export function logoDataUrl(logo: Buffer | null | undefined): string | null {
  if (!logo || logo.length === 0) return null;
  const format = SIGNATURES.find((s) => s.matches(logo));
  return format ? `data:${format.contentType};base64,${logo.toString('base64')}` : null;
}

/** Markup that is already safe to embed; everything else interpolated by `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/**
 * Tagged template that escapes every interpolated value unless it is SafeHtml, so DTE text (names,
 * descriptions, observaciones typed by the emisor's users) can never inject markup into the document.
 * Arrays are concatenated; null, undefined and false render as nothing.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = '';
  strings.forEach((chunk, i) => {
    out += chunk;
    if (i < values.length) out += interpolate(values[i]);
  });
  return new SafeHtml(out);
}

function interpolate(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(interpolate).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * The console's HTML: a tagged template that escapes every value it is given (a value already made by
 * `html` is kept as it is), so a receptor's name or MH's observation is always text, never markup.
 */
export class Html {
  constructor(readonly texto: string) {}
  toString(): string {
    return this.texto;
  }
}

type Valor = Html | string | number | boolean | null | undefined | readonly Valor[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapar(valor: Valor): string {
  if (valor === null || valor === undefined || valor === false) return '';
  if (valor instanceof Html) return valor.texto;
  if (Array.isArray(valor)) return valor.map(escapar).join('');
  return String(valor).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function html(partes: TemplateStringsArray, ...valores: Valor[]): Html {
  return new Html(partes.reduce((out, parte, i) => out + parte + (i < valores.length ? escapar(valores[i]) : ''), ''));
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * The documentation is read from a clone: every relative link of the README, of `docs/*.md` and of the
 * Markdown files the README links to names a file of the repository (and, for a `#fragment` into a
 * Markdown file, one of its headings), and the README opens with its quick start.
 */
const ROOT = path.resolve(__dirname, '../..');

/** Fenced blocks and code spans hold examples, not links: blanked, so positions and line numbers stay. */
const sinCodigo = (texto: string) =>
  texto
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (b) => b.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (c) => `\`${' '.repeat(c.length - 2)}\``);

/** A heading's anchor as GitHub writes it: lowercase, punctuation dropped, spaces as hyphens, repeats numbered. */
function anclas(markdown: string): Set<string> {
  const vistas = new Map<string, number>();
  const encabezados = [...sinCodigo(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)].map((m) => {
    // The heading's text as rendered: code spans keep their text, a link its words.
    const linea = markdown.split('\n')[markdown.slice(0, m.index).split('\n').length - 1]!;
    return linea
      .replace(/^#{1,6}[ \t]+/, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[ \t#]*$/, '');
  });
  return new Set(
    encabezados.map((texto) => {
      const base = texto
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N} _-]/gu, '')
        .replace(/ /g, '-');
      const n = vistas.get(base) ?? 0;
      vistas.set(base, n + 1);
      return n ? `${base}-${n}` : base;
    }),
  );
}

interface Enlace {
  archivo: string;
  linea: number;
  destino: string;
}

/** The inline links `[text](target)` of a Markdown file, but for those with a scheme (`https:`, `mailto:`). */
function enlaces(archivo: string): Enlace[] {
  const texto = sinCodigo(fs.readFileSync(path.join(ROOT, archivo), 'utf8'));
  return [...texto.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => ({ archivo, linea: texto.slice(0, m.index).split('\n').length, destino: m[1]! }))
    .filter((e) => !/^[a-z][a-z0-9+.-]*:/i.test(e.destino));
}

/** Where a link leads, or why it leads nowhere. */
function falla({ archivo, destino }: Enlace): string | null {
  const [ruta, fragmento] = destino.split('#') as [string, string | undefined];
  const objetivo = ruta
    ? path.resolve(path.dirname(path.join(ROOT, archivo)), decodeURI(ruta))
    : path.join(ROOT, archivo);
  const relativo = path.relative(ROOT, objetivo);
  if (relativo.startsWith('..') || path.isAbsolute(relativo)) return 'outside the repository';
  if (!fs.existsSync(objetivo)) return 'no such file';
  if (fragmento === undefined || !objetivo.endsWith('.md')) return null;
  return anclas(fs.readFileSync(objetivo, 'utf8')).has(decodeURIComponent(fragmento)) ? null : 'no such heading';
}

const docs = fs
  .readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const delReadme = enlaces('README.md')
  .map((e) => e.destino.split('#')[0]!)
  .filter((ruta) => ruta.endsWith('.md') && fs.existsSync(path.join(ROOT, ruta)));
const ARCHIVOS = [...new Set(['README.md', ...docs, ...delReadme])].sort();

describe('the documentation', () => {
  it('reads the README, docs/*.md and what the README links to, each with links to check', () => {
    expect(ARCHIVOS).toEqual(expect.arrayContaining(['README.md', 'docs/api-rules.md', 'docs/dte-service-spec.md']));
    expect(enlaces('README.md').length).toBeGreaterThan(20);
  });

  it.each(ARCHIVOS)('%s: every relative link resolves inside the repository', (archivo) => {
    const rotos = enlaces(archivo).flatMap((e) => {
      const porque = falla(e);
      return porque ? [`${e.archivo}:${e.linea} ${e.destino}: ${porque}`] : [];
    });
    expect(rotos).toEqual([]);
  });

  it('tells a broken link, a link out of the repository and a missing heading (control)', () => {
    const enlace = (destino: string) => falla({ archivo: 'README.md', linea: 1, destino });
    expect([
      enlace('docs/api-rules.md'),
      enlace('#quick-start'),
      enlace('docs/api-rules.md#webhooks-webhooks'),
      enlace('docs/no-existe.md'),
      enlace('../shared/spec/dte-service-spec.md'),
      enlace('#no-such-section'),
    ]).toEqual([null, null, null, 'no such file', 'outside the repository', 'no such heading']);
  });

  it('opens the README with a quick start, within its first 40 lines: the two commands, a document, the console', () => {
    const lineas = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n');
    const inicio = lineas.indexOf('## Quick start');
    const fin = lineas.findIndex((l, i) => i > inicio && /^#{1,2} /.test(l));
    expect(inicio).toBeGreaterThan(0);
    expect(fin).toBeGreaterThan(inicio);
    expect(fin).toBeLessThanOrEqual(40);
    const inicioRapido = lineas.slice(inicio, fin).join('\n');
    for (const parte of ['npm start', 'npm test', 'curl', '/dte/dte01', '/consola'])
      expect(inicioRapido).toContain(parte);
  });
});

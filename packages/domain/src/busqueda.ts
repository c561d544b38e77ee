/**
 * The search box of the document list (`GET /dte?q=`, the console's Documentos): what a person types to find
 * a document the way a customer describes it, and the keys (fichas) a document is found by.
 *
 * A document has fichas of two kinds, each looked up by equality alone (the only lookup the embedded
 * database answers from an index):
 * - `n:` the first 3, 4 and 6 letters of each word of the receptor's name of 3 letters or more, without
 *   accents, in lower case ("Ferretería López" is found by "ferre", "FERRETERIA" or "lop"), and the first 3
 *   of each two of its first 8 such words (`n:fer+lop`), so "jose hern" reads the documents of the Josés Hernández, not
 *   of every José;
 * - `c:` each identifier of the receptor (NIT, NRC, document number), the correlativo of its número de
 *   control and the first 8 characters of its codigoGeneracion, without dashes, in upper case, a number
 *   without its leading zeros: "01234567-8" and "012345678" are one ficha, and so are "123", "0123" and
 *   "DTE-01-M001P001-000000000000123".
 * A query names fichas every document it finds has (`consultaDeBusqueda`); each document of the one with
 * the fewest is then checked against the query whole (`coincide`): a ficha only narrows where to look.
 */

/** Lower case, without accents (ñ is n), as a name is compared. */
const sinAcentos = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/** The words of a name: letters and digits, lower case, without accents. */
const palabrasDe = (s: string) =>
  sinAcentos(s)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** An identifier or a code as compared: upper case, letters and digits only. */
const compacto = (s: string) =>
  sinAcentos(s)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/** A number without its leading zeros; anything else as it is. */
const sinCeros = (s: string) => (/^\d+$/.test(s) ? s.replace(/^0+(?=.)/, '') : s);

/** Whether two identifiers (NIT, NRC, DUI…) are one, however each was written: with dashes or without. */
export const mismoIdentificador = (a: string, b: string) => sinCeros(compacto(a)) === sinCeros(compacto(b));

/** The ficha a query word is looked up by: its first 6, 4 or 3 letters. */
const fichaDePalabra = (w: string) => `n:${w.slice(0, w.length >= 6 ? 6 : w.length >= 4 ? 4 : 3)}`;
/** The ficha of two words of a name, whatever their order. */
const fichaDePar = (a: string, b: string) => `n:${[a.slice(0, 3), b.slice(0, 3)].sort().join('+')}`;
/**
 * The words of a name paired: its first 8 of 3 letters or more, every name but the longest (a longer one is
 * found by a pair of its first 8 words, or by one word).
 */
const MAX_PAREADAS = 8;
/** The shortest query word a name is looked up by. */
const MIN_PALABRA = 3;
/** The characters of a codigoGeneracion's beginning a query needs. */
const INICIO_CODIGO = 8;

/** A número de control's ending as typed: ["DTE-" and the tipo], the 8 characters of its serie and the correlativo. */
const FINAL_NUMERO_CONTROL = /^(?:(?:DTE)?\d{2})?(?=[A-Z0-9]*\d)[A-Z0-9]{8}(\d{1,15})$/;

/** What a document is found by: its receptor's name and identifiers, its número de control, its codigo. */
export interface Buscable {
  codigoGeneracion: string;
  numeroControl: string;
  receptorNombre: string | null;
  receptor: string[];
}

/** Every ficha a document is found by (`consultaDeBusqueda` looks up one of a query's). */
export function fichasDeBusqueda(d: Buscable): string[] {
  const fichas = new Set<string>();
  const palabras = palabrasDe(d.receptorNombre ?? '').filter((w) => w.length >= MIN_PALABRA);
  for (const w of palabras) for (const largo of [3, 4, 6]) if (w.length >= largo) fichas.add(`n:${w.slice(0, largo)}`);
  const pareadas = palabras.slice(0, MAX_PAREADAS);
  for (const [i, a] of pareadas.entries())
    for (const b of pareadas.slice(i + 1)) if (a.slice(0, 3) !== b.slice(0, 3)) fichas.add(fichaDePar(a, b));
  for (const id of d.receptor) if (compacto(id)) fichas.add(`c:${sinCeros(compacto(id))}`);
  fichas.add(`c:${sinCeros(d.numeroControl.slice(d.numeroControl.lastIndexOf('-') + 1))}`);
  fichas.add(`c:${sinCeros(compacto(d.codigoGeneracion).slice(0, INICIO_CODIGO))}`);
  return [...fichas];
}

/** A query: fichas every document it finds has (so the one with fewest documents is read), and its check. */
export interface ConsultaBusqueda {
  fichas: string[];
  coincide(d: Buscable): boolean;
}

/**
 * What `q` finds, or null when it can find nothing (a name's words all shorter than 3 letters). A query with a
 * space or without digits is a name; otherwise it is a número de control's ending, an identifier, a
 * correlativo or a codigoGeneracion's beginning (at least 8 characters). Each is matched as written
 * below, whatever the kind the query was read as.
 */
export function consultaDeBusqueda(q: string): ConsultaBusqueda | null {
  const c = compacto(q);
  const palabras = palabrasDe(q);
  if (!c) return null;
  let fichas: string[];
  if (/\s/.test(q.trim()) || !/\d/.test(c)) {
    const largas = palabras.filter((w) => w.length >= MIN_PALABRA);
    if (!largas.length) return null;
    fichas = largas.map(fichaDePalabra);
    const [a, b] = [...largas].sort((x, y) => y.length - x.length);
    if (b && a!.slice(0, 3) !== b.slice(0, 3)) fichas.push(fichaDePar(a!, b));
  } else {
    // A serie's code has a letter past F (M001P001), a codigoGeneracion none.
    const final = FINAL_NUMERO_CONTROL.exec(c);
    if (/^[0-9A-F]+$/.test(c) && /[A-F]/.test(c) && c.length >= INICIO_CODIGO)
      fichas = [`c:${sinCeros(c.slice(0, INICIO_CODIGO))}`];
    else if (final && /[A-Z]/.test(c)) fichas = [`c:${sinCeros(final[1]!)}`];
    else fichas = [`c:${sinCeros(c)}`];
  }
  const numero = sinCeros(c);
  return {
    fichas: [...new Set(fichas)],
    coincide: (d) => {
      const nombre = palabrasDe(d.receptorNombre ?? '');
      return (
        (nombre.length > 0 && palabras.every((p) => nombre.some((w) => w.startsWith(p)))) ||
        d.receptor.some((id) => sinCeros(compacto(id)) === numero) ||
        compacto(d.numeroControl).endsWith(c) ||
        (c.length >= INICIO_CODIGO && compacto(d.codigoGeneracion).startsWith(c))
      );
    },
  };
}

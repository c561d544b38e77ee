/** Entries read at once: one round of parallel lookups by `_id`. */
const LOTE = 100;
/** Entries one page examines at most: a selective filter answers a shorter page and a cursor. */
const MAX_EXAMINADOS = 1000;

/**
 * A page of a list kept as numbered entries read by `_id` alone (the one lookup FerretDB answers from an
 * index), newest first: up to `limit` entries that pass `coincide`, walking down from `desde` (the cursor,
 * or the last number) a batch at a time, and where the next page starts (null: no more). A number without
 * an entry is skipped; `basta` ends the walk at the first entry older than any the filters want.
 */
export async function paginaDescendente<T>(
  desde: number,
  leer: (n: number) => Promise<T | null>,
  { coincide, basta, limit }: { coincide: (e: T) => boolean; basta?: (e: T) => boolean; limit: number },
): Promise<{ entradas: T[]; siguiente: number | null }> {
  const entradas: T[] = [];
  let n = desde;
  let examinados = 0;
  while (n >= 1 && entradas.length < limit && examinados < MAX_EXAMINADOS) {
    const numeros = Array.from({ length: Math.min(LOTE, n) }, (_, i) => n - i);
    const lote = await Promise.all(numeros.map(leer));
    for (const [i, entrada] of lote.entries()) {
      n = numeros[i]! - 1;
      examinados++;
      if (entrada && basta?.(entrada)) return { entradas, siguiente: null };
      if (!entrada || !coincide(entrada)) continue;
      entradas.push(entrada);
      if (entradas.length === limit) break;
    }
  }
  return { entradas, siguiente: n >= 1 ? n : null };
}

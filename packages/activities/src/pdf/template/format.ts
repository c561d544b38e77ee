import { catalogValue, type CatalogId } from '@dte/domain';

/** How a DTE value is shown on the legible version; codes are shown in words from an MH catalog. */
export type Kind =
  | 'money'
  | 'quantity'
  | 'percent'
  /** A unit price: cents at least, and the decimals it was sealed with (fuel by the gallon, 3.559). */
  | 'price'
  | 'date'
  | 'text'
  /** A codigoGeneracion or a document's number: monospaced, as in the identificacion. */
  | 'id'
  /** A code of an MH catalog, read in the 2026 edition, which keeps v1.2's codes where it adds to them. */
  | { catalog: CatalogId; edicion?: '2026' }
  | { words: Readonly<Record<string, string>> };

/** A DTE field with the label MH's suggested layouts (Manual Funcional §XXII) give it. */
export interface Field {
  key: string;
  label: string;
  kind: Kind;
  /**
   * Optional amounts that are noise when zero on every line (e.g. noGravado). Fields naming the same group
   * are left out only together: a sale keeps MH's three columns, a retorno of a purchase drops them.
   */
  omitZero?: boolean | string;
  /** Resumen only: shown when the resumen also carries this field, as MH gave totalIva two meanings. */
  onlyWith?: string;
}

export type Obj = Record<string, unknown>;

export function asObj(value: unknown): Obj | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : null;
}

export function asList(value: unknown): Obj[] {
  return Array.isArray(value) ? value.map(asObj).filter((o): o is Obj => o !== null) : [];
}

export function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

// MH sends amounts with up to 8 decimals (precioUni, ivaItem, cantidad): money is shown in cents, as on
// a paper document; unit prices and quantities as sealed, so a line can be checked by hand.
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/** The display text of a value, or null when the DTE leaves it empty. */
export function formatValue(value: unknown, kind: Kind): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof kind === 'object') {
    const code = text(value);
    if (code === null) return null;
    return ('catalog' in kind ? catalogValue(kind.catalog, code, kind.edicion) : kind.words[code]) ?? code;
  }
  if (typeof value === 'number') {
    if (kind === 'money') return `$${money.format(value)}`;
    if (kind === 'price') return `$${price.format(value)}`;
    if (kind === 'quantity') return quantity.format(value);
    if (kind === 'percent') return `${quantity.format(value)}%`;
  }
  if (kind === 'date') return fecha(value);
  return text(value);
}

/** MH dates are yyyy-mm-dd; Salvadoran documents read dd/mm/yyyy. */
export function fecha(value: unknown): string | null {
  const iso = text(value);
  const parts = iso?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : iso;
}

/** A readable label for a field MH added that the layouts do not name yet: `totalRetorno` → "Total retorno". */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

import type { Dte } from '../dte/documento';
import { emitidoEn, recibidoEn } from './tipos';

/**
 * A document on record as the books and the F-07 annexes read it: MH's JSON, its state in the service
 * and MH's seals. `anuladoEl` is the El Salvador date MH accepted its invalidation (null if none).
 */
export interface DocumentoLibro {
  tipoDte: string;
  estado: string;
  codigoGeneracion: string;
  numeroControl: string;
  selloRecibido: string | null;
  fecEmi: string;
  dte: Dte;
  anuladoEl: string | null;
  /** Its number on the emisor's list: the order the service issued it in. */
  orden?: number;
}

/**
 * Emission order: date, time, then (documents of the same second) the order the service issued them in,
 * then numeroControl.
 */
export function porEmision(a: DocumentoLibro, b: DocumentoLibro): number {
  return (
    a.fecEmi.localeCompare(b.fecEmi) ||
    a.dte.identificacion.horEmi.localeCompare(b.dte.identificacion.horEmi) ||
    (a.orden ?? 0) - (b.orden ?? 0) ||
    a.numeroControl.localeCompare(b.numeroControl)
  );
}

/** Documents grouped by `clave`, in key order, each group in the order given. */
export function agrupados(docs: readonly DocumentoLibro[], clave: (d: DocumentoLibro) => string): DocumentoLibro[][] {
  const grupos = new Map<string, DocumentoLibro[]>();
  for (const d of docs) {
    const grupo = grupos.get(clave(d));
    if (grupo) grupo.push(d);
    else grupos.set(clave(d), [d]);
  }
  return [...grupos.keys()].sort().map((k) => grupos.get(k)!);
}

/** A period the books are asked for: a month `YYYY-MM`, or a date range `YYYY-MM-DD/YYYY-MM-DD` (inclusive). */
export interface Periodo {
  periodo: string;
  desde: string;
  hasta: string;
}

/** The period a request names (validated by `libroRequest` or `anexoRequest`). */
export function periodoDe(periodo: string): Periodo {
  const rango = /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(periodo);
  if (rango) return { periodo, desde: rango[1]!, hasta: rango[2]! };
  const [anio, m] = periodo.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(anio, m, 0)).getUTCDate();
  return { periodo, desde: `${periodo}-01`, hasta: `${periodo}-${String(ultimo).padStart(2, '0')}` };
}

/**
 * The invalidations reported in a period may be of documents issued up to three periods before it (Código
 * Tributario art. 111, as DGII's annex manual cites it): the first emission date to look at.
 */
export function desdeAnulables(p: Periodo): string {
  const [anio, m] = p.desde.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(anio, m - 1 - 3, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Whether a document was issued by an establishment (its codEstable): the service numbers every document
 * `DTE-<tipo>-<codEstable><codPuntoVenta>-<correlativo>`, which every kind carries, while only some of MH's
 * schemas repeat the codes in the emisor section.
 */
export function delEstablecimiento(doc: Pick<DocumentoLibro, 'numeroControl'>, codEstable: string): boolean {
  return doc.numeroControl.split('-')[2]?.startsWith(codEstable) ?? false;
}

/** MH's fhProcesamiento ("dd/MM/yyyy HH:mm:ss", El Salvador time) as a date YYYY-MM-DD. */
export function fechaDeProcesamiento(fh: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(fh);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

type Json = Record<string, unknown>;
/** Only `campos` of an object (an absent one stays absent). */
function solo(o: unknown, campos: readonly string[]): Json | null {
  if (!o || typeof o !== 'object') return null;
  return Object.fromEntries(campos.filter((c) => c in o).map((c) => [c, (o as Json)[c]]));
}

/**
 * The resumen's figures the books read (montos.ts), of either generation; of its tributos, the IVA (20); of
 * an FSE, its subTotal (anexo 5).
 */
const RESUMEN = [
  'totalExenta',
  'descuExenta',
  'totalNoSuj',
  'descuNoSuj',
  'totalGravada',
  'descuGravada',
  'totalIva',
  'ivaRete1',
  'ivaRete',
  'montoTotalOperacion',
  'subTotal',
] as const;

/**
 * Whether what an entry of the emisor's list keeps (`lecturaDeLibros`) has all the books read now: an FSE's
 * entry written before anexo 5 existed lacks its subTotal, so its record is read instead.
 */
export const lecturaCompleta = (tipoDte: string, libro: Dte): boolean =>
  !emitidoEn(tipoDte, 'COMPRAS_A_SUJETOS_EXCLUIDOS') || 'subTotal' in ((libro['resumen'] as Json | undefined) ?? {});

/**
 * What the books read of a DTE, and only that (a few hundred bytes, kept on the emisor's list so a month's
 * books read no record): the emission time, the resumen's figures, the receptor's identity, the kind of
 * export; a Comprobante de Retención's lines, which the retention annexes add up; a retorno's document it
 * returns from. `tipoDte` is the record's: the retorno names its type `tipoEvento`.
 */
export function lecturaDeLibros(dte: Dte, tipoDte: string): Dte {
  const receptor = dte['receptor'] ?? dte['sujetoExcluido'];
  const resumen = dte['resumen'] as Json | undefined;
  return {
    identificacion: { horEmi: dte.identificacion.horEmi } as Dte['identificacion'],
    resumen: resumen && {
      ...solo(resumen, RESUMEN),
      tributos: ((resumen['tributos'] as Json[] | null | undefined) ?? []).filter((t) => t['codigo'] === '20'),
    },
    receptor: solo(receptor, ['nombre', 'nit', 'nrc', 'tipoDocumento', 'numDocumento', 'codPais']),
    emisor: { tipoItemExpor: (dte['emisor'] as Json | undefined)?.['tipoItemExpor'] ?? null },
    ...(emitidoEn(tipoDte, 'RETENCIONES') || recibidoEn(tipoDte, 'RETENCIONES_RECIBIDAS')
      ? {
          cuerpoDocumento: ((dte['cuerpoDocumento'] as Json[] | undefined) ?? []).map((l) =>
            solo(l, ['codigoRetencionMH', 'montoSujetoGrav', 'ivaRetenido']),
          ),
        }
      : {}),
    ...(emitidoEn(tipoDte, 'RETORNOS_DE_VENTA') ? { documentoRelacionado: dte['documentoRelacionado'] } : {}),
  };
}

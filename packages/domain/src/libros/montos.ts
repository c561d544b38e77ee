import { codPaisV1 } from '../dte/bloques/pais';
import { money, ZERO, type Money } from '../money';
import type { DocumentoLibro } from './documento';

type Json = Record<string, unknown>;
const resumenDe = (doc: DocumentoLibro) => (doc.dte['resumen'] as Json | undefined) ?? {};
const monto = (v: unknown) => (typeof v === 'number' ? money(v) : ZERO);

/** A sale's columns after the document discount (what IVA was computed on), as MH's resumen carries them. */
export interface MontosVenta {
  exentas: Money;
  noSujetas: Money;
  /** A CCF's, NC's and ND's without IVA; a Factura's with the IVA its prices include. */
  gravadas: Money;
  /** IVA: tributo 20 of a CCF, NC or ND; the IVA inside a Factura's prices (totalIva). */
  debitoFiscal: Money;
  /** The 1 % IVA the receptor withheld (ivaRete1 until 2026, then ivaRete). */
  ivaRetenido: Money;
  /** The 1 % IVA the emisor perceived from the receptor (ivaPerci1 until 2026, then ivaPerci). */
  ivaPercibido: Money;
  /** The operation's amount: montoTotalOperacion. */
  total: Money;
}

/** The figures of a sale document (FE, CCF, NC, ND) of either generation. */
export function montosVenta(doc: DocumentoLibro): MontosVenta {
  const r = resumenDe(doc);
  const iva = ((r['tributos'] as Json[] | null | undefined) ?? []).find((t) => t['codigo'] === '20');
  return {
    exentas: monto(r['totalExenta']).minus(monto(r['descuExenta'])),
    noSujetas: monto(r['totalNoSuj']).minus(monto(r['descuNoSuj'])),
    gravadas: monto(r['totalGravada']).minus(monto(r['descuGravada'])),
    debitoFiscal: iva ? monto(iva['valor']) : monto(r['totalIva']),
    ivaRetenido: monto(r['ivaRete1'] ?? r['ivaRete']),
    ivaPercibido: monto(r['ivaPerci1'] ?? r['ivaPerci']),
    total: monto(r['montoTotalOperacion']),
  };
}

/** DGII's Central American area for exports (annex manual §IV O): Guatemala, Honduras, Nicaragua, Costa Rica. */
const CENTROAMERICA = ['GT', 'HN', 'NI', 'CR'];
const CENTROAMERICA_V1 = CENTROAMERICA.map(codPaisV1);

/** Where an export's amount goes in DGII's consumer-final annex. */
export interface MontosExportacion {
  centroamerica: Money;
  fueraDeCentroamerica: Money;
  servicios: Money;
}

/**
 * An FEX's amount (montoTotalOperacion: the goods or services after the discount, with the insurance and
 * freight the buyer pays) in the column of its destination and kind: a services export
 * (tipoItemExpor 2) as services, goods (1) and mixed exports (3) by the buyer's country.
 */
export function montosExportacion(doc: DocumentoLibro): MontosExportacion {
  const total = monto(resumenDe(doc)['montoTotalOperacion']);
  const emisor = (doc.dte['emisor'] as Json | undefined) ?? {};
  const pais = String(((doc.dte['receptor'] as Json | undefined) ?? {})['codPais'] ?? '');
  const vacio = { centroamerica: ZERO, fueraDeCentroamerica: ZERO, servicios: ZERO };
  if (emisor['tipoItemExpor'] === 2) return { ...vacio, servicios: total };
  const centro = CENTROAMERICA.includes(pais) || CENTROAMERICA_V1.includes(pais);
  return centro ? { ...vacio, centroamerica: total } : { ...vacio, fueraDeCentroamerica: total };
}

/** The receptor's identity as DGII's annexes take it: a NIT (or NRC), else a DUI; a CCF v3 names it by nit. */
export function identidadReceptor(doc: DocumentoLibro): { nit: string; dui: string; nombre: string } {
  const r = ((doc.dte['receptor'] ?? doc.dte['sujetoExcluido']) as Json | undefined) ?? {};
  const nombre = String(r['nombre'] ?? '');
  if (typeof r['nit'] === 'string') return { nit: r['nit'], dui: '', nombre };
  const numero = String(r['numDocumento'] ?? '').replace(/-/g, '');
  if (r['tipoDocumento'] === '13') return { nit: '', dui: numero, nombre };
  if (r['tipoDocumento'] === '36') return { nit: numero, dui: '', nombre };
  return { nit: typeof r['nrc'] === 'string' ? r['nrc'] : '', dui: '', nombre };
}

/** A received document's supplier, its emisor, as DGII's purchase annexes take it: NIT (or NRC) and name. */
export function identidadProveedor(doc: DocumentoLibro): { nit: string; nombre: string } {
  const e = (doc.dte['emisor'] as Json | undefined) ?? {};
  const nit = typeof e['nit'] === 'string' ? e['nit'] : typeof e['nrc'] === 'string' ? e['nrc'] : '';
  return { nit: nit.replace(/-/g, ''), nombre: String(e['nombre'] ?? '') };
}

/**
 * A sujeto excluido's identity as anexo 5 takes it (annex manual §VII A–B): 1 NIT, 2 DUI, 3 another
 * document (a passport, a resident's card…), and its number without hyphens.
 */
export function identidadSujetoExcluido(doc: DocumentoLibro): {
  tipo: '1' | '2' | '3';
  numero: string;
  nombre: string;
} {
  const s = ((doc.dte['sujetoExcluido'] ?? doc.dte['receptor']) as Json | undefined) ?? {};
  const numero = String(s['numDocumento'] ?? '').replace(/-/g, '');
  const tipo = s['tipoDocumento'] === '36' ? '1' : s['tipoDocumento'] === '13' ? '2' : '3';
  return { tipo, numero, nombre: String(s['nombre'] ?? '') };
}

/** An FSE's amount: subTotal, the purchase after its discount, before the income tax withheld. */
export const montoSujetoExcluido = (doc: DocumentoLibro): Money => monto(resumenDe(doc)['subTotal']);

import { validationError } from '../errors';
import { ZERO } from '../money';
import { CLASE_DTE, fila, retenidoCon, type FilaAnexo, type OpcionesAnexo } from './anexos';
import type { CompraLibro } from './compras';
import { columnasRenta, llevaRentaCompras } from './compras-renta';
import { porEmision, type DocumentoLibro, type Periodo } from './documento';
import { fechaDgii, montoDgii, sinGuiones, textoDgii } from './formato';
import { identidadProveedor, identidadSujetoExcluido, montoSujetoExcluido, montosVenta } from './montos';
import { compraCuenta, enLibroCompras, esCompraASujetoExcluido } from './reglas';
import { enCompras, recibidoEn } from './tipos';

/**
 * The purchase annexes of F-07 (docs/anexos-f07.md), by the name of their route, and where their documents
 * come from: the documents the emisor received, or (anexo 5) the FSEs it issued.
 */
export const ANEXOS_F07_COMPRAS = {
  compras: 'recibidos',
  'compras-sujetos-excluidos': 'emitidos',
  'retenciones-recibidas': 'recibidos',
  'percepciones-recibidas': 'recibidos',
} as const;
export type AnexoCompras = keyof typeof ANEXOS_F07_COMPRAS;

const clasificacionDe = (d: DocumentoLibro) => (d as Partial<CompraLibro>).clasificacion ?? null;

/**
 * The received documents of anexo 3 that carry no Renta classification (nor their supplier's), when the
 * period needs it: the annex is refused, naming them, before a byte is written.
 */
export function comprasSinClasificar(docs: readonly DocumentoLibro[], p: Periodo): string[] {
  if (!llevaRentaCompras(p)) return [];
  return docs.filter((d) => enLibroCompras(d, p) && !clasificacionDe(d)).map((d) => d.codigoGeneracion);
}

/**
 * Anexo 3, compras (21 columns, annex manual §V): one row per CCF, NC and ND received and verified, in the
 * order given. Identified by its codigoGeneracion alone (D), the supplier by the NIT its DTE carries (E). A
 * DTE is an internal purchase, so the internaciones and importaciones (H, I, K, L, M: a Declaración de
 * Mercancías or Mandamiento de Ingreso, no DTE) are 0.00. Amounts positive, a note told by its type.
 */
export function anexoCompras(docs: readonly DocumentoLibro[], p: Periodo, opciones: OpcionesAnexo): FilaAnexo[] {
  return docs
    .filter((d) => enLibroCompras(d, p))
    .map((d) => {
      const m = montosVenta(d);
      const proveedor = identidadProveedor(d);
      const exentas = m.exentas.plus(m.noSujetas);
      return fila(
        [d],
        [
          fechaDgii(d.fecEmi),
          CLASE_DTE,
          d.tipoDte,
          sinGuiones(d.codigoGeneracion),
          proveedor.nit,
          textoDgii(proveedor.nombre),
          montoDgii(exentas),
          montoDgii(ZERO),
          montoDgii(ZERO),
          montoDgii(m.gravadas),
          montoDgii(ZERO),
          montoDgii(ZERO),
          montoDgii(ZERO),
          montoDgii(m.debitoFiscal),
          montoDgii(exentas.plus(m.gravadas)),
          '',
          ...columnasRenta(p, clasificacionDe(d), opciones.clasificacion, d.codigoGeneracion),
          '3',
        ],
      );
    });
}

/**
 * Anexo 5 needs the classification from February 2024, and an FSE holds none: the annex takes it for all
 * of them (as anexos 1 and 2 take the tipo de ingreso), checked before a byte is written.
 */
function rentaSujetosExcluidos(p: Periodo, opciones: OpcionesAnexo): string[] {
  if (llevaRentaCompras(p) && !opciones.clasificacion)
    throw validationError('Desde febrero de 2024 las compras a sujetos excluidos llevan su clasificación de Renta', [
      { field: 'clasificacion', message: 'Requerida: tipoOperacion, clasificacion, sector y tipoCostoGasto' },
    ]);
  return columnasRenta(p, null, opciones.clasificacion, '');
}

/**
 * Anexo 5, compras a sujetos excluidos (13 columns, annex manual §VII): one row per FSE the emisor issued
 * and MH sealed, in emission order. G is the FSE's subTotal (the purchase after its discount, before the
 * income tax withheld); H, the 13 % IVA withheld, is 0.00: an FSE carries no IVA.
 */
export function anexoSujetosExcluidos(docs: readonly DocumentoLibro[], p: Periodo, opciones: OpcionesAnexo) {
  const renta = rentaSujetosExcluidos(p, opciones);
  return docs
    .filter((d) => esCompraASujetoExcluido(d, p))
    .sort(porEmision)
    .map((d) => {
      const s = identidadSujetoExcluido(d);
      return fila(
        [d],
        [
          s.tipo,
          s.numero,
          textoDgii(s.nombre),
          fechaDgii(d.fecEmi),
          d.selloRecibido ?? '',
          sinGuiones(d.codigoGeneracion),
          montoDgii(montoSujetoExcluido(d)),
          montoDgii(ZERO),
          ...renta,
          '5',
        ],
      );
    });
}

/**
 * The rows of anexos 7 and 8 (annex manual §IX, §X: 9 columns each): the agent who withheld or perceived
 * (the received document's emisor, by its NIT), the date, the type, the sello as serie, the
 * codigoGeneracion as número, the amount subject, the amount withheld or perceived, the DUI (blank: a DTE
 * names its emisor by NIT), the annex number.
 */
function filaDeAgente(d: DocumentoLibro, sujeto: string, monto: string, anexo: string): FilaAnexo {
  return fila(
    [d],
    [
      identidadProveedor(d).nit,
      fechaDgii(d.fecEmi),
      d.tipoDte,
      d.selloRecibido ?? '',
      sinGuiones(d.codigoGeneracion),
      sujeto,
      monto,
      '',
      anexo,
    ],
  );
}

/**
 * Anexo 7, retención IVA 1 % efectuada al declarante (casilla 162): one row per Comprobante de Retención (07)
 * received and verified with lines of CAT-006 code 22 (1 %), their montoSujetoGrav and ivaRetenido summed.
 */
export function anexoRetencionesRecibidas(docs: readonly DocumentoLibro[], p: Periodo): FilaAnexo[] {
  return docs
    .filter((d) => recibidoEn(d.tipoDte, 'RETENCIONES_RECIBIDAS') && compraCuenta(d, p))
    .flatMap((d) => {
      const r = retenidoCon(d, '22');
      return r.lineas ? [filaDeAgente(d, montoDgii(r.sujeto), montoDgii(r.retenido), '7')] : [];
    });
}

/**
 * Anexo 8, percepción IVA 1 % efectuada al declarante (casilla 163): one row per CCF, NC and ND received and
 * verified whose supplier perceived IVA (ivaPerci1, ivaPerci in 2026), on its gravadas (what the 1 % is
 * computed on). A note's row is positive as well: DGII takes no negative amount, the type tells.
 */
export function anexoPercepcionesRecibidas(docs: readonly DocumentoLibro[], p: Periodo): FilaAnexo[] {
  return docs
    .filter((d) => enCompras(d.tipoDte) && compraCuenta(d, p))
    .flatMap((d) => {
      const m = montosVenta(d);
      return m.ivaPercibido.gt(0) ? [filaDeAgente(d, montoDgii(m.gravadas), montoDgii(m.ivaPercibido), '8')] : [];
    });
}

/** The rows of a purchase annex, by its route name. */
export function filasAnexoCompras(
  anexo: AnexoCompras,
  docs: readonly DocumentoLibro[],
  p: Periodo,
  opciones: OpcionesAnexo,
): FilaAnexo[] {
  switch (anexo) {
    case 'compras':
      return anexoCompras(docs, p, opciones);
    case 'compras-sujetos-excluidos':
      return anexoSujetosExcluidos(docs, p, opciones);
    case 'retenciones-recibidas':
      return anexoRetencionesRecibidas(docs, p);
    case 'percepciones-recibidas':
      return anexoPercepcionesRecibidas(docs, p);
  }
}

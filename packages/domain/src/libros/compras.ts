import { ZERO, type Money } from '../money';
import { restado } from './anexos';
import type { ClasificacionRenta } from './compras-renta';
import type { DocumentoLibro, Periodo } from './documento';
import { a2, pendientes, sumas, type LibroEnCurso } from './libros';
import { identidadProveedor, identidadReceptor, montoSujetoExcluido, montosVenta } from './montos';
import { compraPendiente, compraPorConfirmar, enLibroCompras, esCompraASujetoExcluido } from './reglas';
import { emitidoEn, librosDe } from './tipos';

/**
 * A document the emisor received from a supplier, as the purchase books read it: the supplier's Archivo DTE
 * (`dte`, MH's JSON of either generation), MH's sello, the state the service's verification left it in
 * (`estado`: VERIFICADO, CONFIRMADO, POR_CONFIRMAR, INVALIDADO_EN_MH, PENDIENTE_MH…) and its Renta classification: its own, else its
 * supplier's default (null: none set). `anuladoEl` is null: the supplier's invalidation is its estado.
 */
export interface CompraLibro extends DocumentoLibro {
  clasificacion: ClasificacionRenta | null;
}

const CAMPOS_COMPRAS = [
  'exentas',
  'noSujetas',
  'gravadas',
  'creditoFiscal',
  'ivaPercibido',
  'ivaRetenido',
  'sujetosExcluidos',
  'totalCompras',
] as const;
type CampoCompras = (typeof CAMPOS_COMPRAS)[number];

/** An FSE the emisor issued: its line is a purchase from the sujeto excluido it names. */
const deSujetoExcluido = (d: DocumentoLibro) => emitidoEn(d.tipoDte, 'COMPRAS_A_SUJETOS_EXCLUIDOS');

/**
 * A line's amounts: a CCF's, NC's or ND's figures as its supplier's resumen carries them (its débito fiscal
 * is the emisor's crédito fiscal); an FSE's subTotal as a purchase from a sujeto excluido. The total is
 * DGII's anexo 3 column O, the purchases without IVA (exentas, no sujetas, gravadas; or the FSE's amount).
 */
function montosCompra(d: DocumentoLibro): Record<CampoCompras, Money> {
  if (deSujetoExcluido(d)) {
    const monto = montoSujetoExcluido(d);
    return {
      exentas: ZERO,
      noSujetas: ZERO,
      gravadas: ZERO,
      creditoFiscal: ZERO,
      ivaPercibido: ZERO,
      ivaRetenido: ZERO,
      sujetosExcluidos: monto,
      totalCompras: monto,
    };
  }
  const m = montosVenta(d);
  const signo = librosDe(d.tipoDte).resta ? restado : (x: Money) => x;
  return Object.fromEntries(
    Object.entries({
      exentas: m.exentas,
      noSujetas: m.noSujetas,
      gravadas: m.gravadas,
      creditoFiscal: m.debitoFiscal,
      ivaPercibido: m.ivaPercibido,
      ivaRetenido: m.ivaRetenido,
      sujetosExcluidos: ZERO,
      totalCompras: m.exentas.plus(m.noSujetas).plus(m.gravadas),
    }).map(([c, v]) => [c, signo(v)]),
  ) as Record<CampoCompras, Money>;
}

/** Who sold: a received document's emisor, or the sujeto excluido an FSE names. */
function proveedorDe(d: DocumentoLibro) {
  if (!deSujetoExcluido(d)) {
    const p = identidadProveedor(d);
    return { nit: p.nit || null, dui: null, nombre: p.nombre };
  }
  const r = identidadReceptor(d);
  return { nit: r.nit || null, dui: r.dui || null, nombre: r.nombre };
}

/**
 * Libro de compras (Reglamento del Código Tributario art. 86): one line per CCF, NC and ND received and
 * verified at MH with its emission date in the period, then one per FSE the emisor issued in it (its
 * purchases from sujetos excluidos, art. 86 l), numbered in the order given (art. 86 a: "número correlativo
 * de la operación registrada"; the received documents come in the order the service recorded them). A Nota
 * de Crédito reduces the period (negative amounts), a Nota de Débito increases it. Received documents MH has
 * not answered for yet, and those that wait for a person to confirm them, are listed apart.
 */
export function libroCompras(p: Periodo) {
  const totales = sumas(CAMPOS_COMPRAS);
  const enEspera = pendientes((d) => compraPendiente(d, p));
  const porConfirmar = pendientes((d) => compraPorConfirmar(d, p));
  let correlativo = 0;
  return {
    dia(docs: readonly DocumentoLibro[]) {
      enEspera.dia(docs);
      porConfirmar.dia(docs);
      return docs
        .filter((d) => enLibroCompras(d, p) || esCompraASujetoExcluido(d, p))
        .map((d) => {
          const montos = montosCompra(d);
          totales.sumar(montos);
          correlativo++;
          return {
            correlativo,
            fecha: d.fecEmi,
            tipoDte: d.tipoDte,
            numeroControl: d.numeroControl,
            codigoGeneracion: d.codigoGeneracion,
            selloRecibido: d.selloRecibido,
            proveedor: proveedorDe(d),
            montos: Object.fromEntries(CAMPOS_COMPRAS.map((c) => [c, a2(montos[c])])) as Record<CampoCompras, string>,
          };
        });
    },
    cierre: () => ({
      totales: { documentos: correlativo, ...totales.valores() },
      pendientesDeVerificacion: enEspera.lista,
      pendientesDeConfirmacion: porConfirmar.lista,
    }),
  } satisfies LibroEnCurso;
}

import { ZERO, type Money } from '../money';
import { restado, totalesDelDia, ventasConsumidorPorDia } from './anexos';
import { porEmision, type DocumentoLibro, type Periodo } from './documento';
import { identidadReceptor, montosVenta } from './montos';
import { cuentaEnLibros, enLibroConsumidor, pendienteDeSello } from './reglas';
import { enVentasContribuyentes, librosDe } from './tipos';

/**
 * A book made one emission day of documents at a time (none of its lines spans two days), so a month of
 * any size is never held whole: `dia` answers the lines of a day's documents as they come, `cierre` the
 * totals of every line given and the documents still awaiting MH's seal.
 */
export interface LibroEnCurso<Linea = unknown> {
  dia(docs: readonly DocumentoLibro[]): Linea[];
  cierre(): Record<string, unknown>;
}

export const a2 = (m: Money) => m.toFixed(2);

/** Running sums of a book's amount columns, answered with 2 decimals. */
export function sumas<K extends string>(campos: readonly K[]) {
  const t = Object.fromEntries(campos.map((c) => [c, ZERO])) as Record<K, Money>;
  return {
    sumar(m: Record<K, Money>) {
      for (const c of campos) t[c] = t[c].plus(m[c]);
    },
    valores: () => Object.fromEntries(campos.map((c) => [c, a2(t[c])])) as Record<K, string>,
  };
}

/**
 * Documents of the period that will count once MH answers for them, listed apart: issued in contingencia and
 * not sealed yet, or (purchases) received and not yet verified.
 */
export function pendientes(enEspera: (d: DocumentoLibro) => boolean) {
  const lista: { numeroControl: string; codigoGeneracion: string; fecha: string }[] = [];
  return {
    lista,
    dia(docs: readonly DocumentoLibro[]) {
      for (const d of docs.filter(enEspera).sort(porEmision))
        lista.push({ numeroControl: d.numeroControl, codigoGeneracion: d.codigoGeneracion, fecha: d.fecEmi });
    },
  };
}

const CAMPOS_CONTRIBUYENTES = ['exentas', 'noSujetas', 'gravadas', 'debitoFiscal', 'ivaRetenido', 'total'] as const;
const deContribuyentes = (d: DocumentoLibro) => enVentasContribuyentes(d.tipoDte);

/**
 * Libro de ventas a contribuyentes: one line per CCF, NC and ND the period counts, in emission order. A
 * Nota de Crédito reduces the period (its amounts are negative here), a Nota de Débito increases it, each in
 * the period of its own date. The totals are the sums of the lines.
 */
export function ventasContribuyentes(p: Periodo) {
  const totales = sumas(CAMPOS_CONTRIBUYENTES);
  const enEspera = pendientes((d) => deContribuyentes(d) && pendienteDeSello(d, p));
  let documentos = 0;
  return {
    dia(docs: readonly DocumentoLibro[]) {
      enEspera.dia(docs);
      return docs
        .filter((d) => deContribuyentes(d) && cuentaEnLibros(d, p))
        .sort(porEmision)
        .map((d) => {
          const signo = librosDe(d.tipoDte).resta ? restado : (x: Money) => x;
          const m = montosVenta(d);
          const r = identidadReceptor(d);
          const montos = Object.fromEntries(CAMPOS_CONTRIBUYENTES.map((c) => [c, signo(m[c])])) as Record<
            (typeof CAMPOS_CONTRIBUYENTES)[number],
            Money
          >;
          totales.sumar(montos);
          documentos++;
          return {
            fecha: d.fecEmi,
            tipoDte: d.tipoDte,
            numeroControl: d.numeroControl,
            codigoGeneracion: d.codigoGeneracion,
            selloRecibido: d.selloRecibido,
            receptor: { nit: r.nit || null, dui: r.dui || null, nombre: r.nombre },
            montos: Object.fromEntries(CAMPOS_CONTRIBUYENTES.map((c) => [c, a2(montos[c])])) as Record<
              (typeof CAMPOS_CONTRIBUYENTES)[number],
              string
            >,
          };
        });
    },
    cierre: () => ({ totales: { documentos, ...totales.valores() }, pendientesDeSello: enEspera.lista }),
  } satisfies LibroEnCurso;
}

const CAMPOS_CONSUMIDOR = [
  'exentas',
  'noSujetas',
  'gravadas',
  'debitoFiscal',
  'exportacionesCentroamerica',
  'exportacionesFuera',
  'exportacionesServicios',
  'total',
] as const;

/**
 * Libro de ventas a consumidor final: per day and type (Factura, Factura de Exportación, retorno of a
 * Factura), the first and last document of the day and its totals; a Factura's gravadas include the IVA its
 * prices hold, whose débito fiscal is reported apart; a retorno's amounts are negative.
 */
export function ventasConsumidor(p: Periodo) {
  const totales = sumas(CAMPOS_CONSUMIDOR);
  const enEspera = pendientes((d) => enLibroConsumidor(d) && pendienteDeSello(d, p));
  let documentos = 0;
  return {
    dia(docs: readonly DocumentoLibro[]) {
      enEspera.dia(docs);
      return ventasConsumidorPorDia(docs, p, enLibroConsumidor).map((grupo) => {
        const t = totalesDelDia(grupo);
        totales.sumar(t);
        documentos += grupo.length;
        return {
          fecha: grupo[0]!.fecEmi,
          tipoDte: grupo[0]!.tipoDte,
          documentos: grupo.length,
          del: { numeroControl: grupo[0]!.numeroControl, codigoGeneracion: grupo[0]!.codigoGeneracion },
          al: { numeroControl: grupo.at(-1)!.numeroControl, codigoGeneracion: grupo.at(-1)!.codigoGeneracion },
          montos: Object.fromEntries(CAMPOS_CONSUMIDOR.map((c) => [c, a2(t[c])])) as Record<
            (typeof CAMPOS_CONSUMIDOR)[number],
            string
          >,
        };
      });
    },
    cierre: () => ({ totales: { documentos, ...totales.valores() }, pendientesDeSello: enEspera.lista }),
  } satisfies LibroEnCurso;
}

/** The period's débito fiscal: the contribuyentes' (notes signed) and the consumidor final's (retornos signed). */
export function debitoFiscal(p: Periodo): LibroEnCurso<never> {
  const libros = [ventasContribuyentes(p), ventasConsumidor(p)];
  return {
    dia(docs) {
      for (const l of libros) l.dia(docs);
      return [];
    },
    cierre() {
      const [contribuyentes, consumidorFinal] = libros.map(
        (l) => (l.cierre().totales as { debitoFiscal: string }).debitoFiscal,
      ) as [string, string];
      return { contribuyentes, consumidorFinal, total: a2(ZERO.plus(contribuyentes).plus(consumidorFinal)) };
    },
  };
}

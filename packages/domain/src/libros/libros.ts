import { sum, ZERO, type Money } from '../money';
import { ventasConsumidorPorDia, totalesDelDia } from './anexos';
import { porEmision, type DocumentoLibro, type Periodo } from './documento';
import { identidadReceptor, montosVenta } from './montos';
import { cuentaEnLibros, pendienteDeSello, TIPOS_CONSUMIDOR, TIPOS_CONTRIBUYENTES } from './reglas';

const a2 = (m: Money) => m.toFixed(2);
/** Documents issued in contingencia in the period that MH has not sealed yet: they will count once sealed. */
function pendientes(docs: readonly DocumentoLibro[], p: Periodo, tipos: readonly string[]) {
  return docs
    .filter((d) => tipos.includes(d.tipoDte) && pendienteDeSello(d, p))
    .sort(porEmision)
    .map((d) => ({ numeroControl: d.numeroControl, codigoGeneracion: d.codigoGeneracion, fecha: d.fecEmi }));
}

/**
 * Libro de ventas a contribuyentes: one line per CCF, NC and ND the period counts, in emission order. A
 * Nota de Crédito reduces the period (its amounts are negative here), a Nota de Débito increases it, each in
 * the period of its own date. The totals are the sums of the lines.
 */
export function libroVentasContribuyentes(docs: readonly DocumentoLibro[], p: Periodo) {
  const lineas = docs
    .filter((d) => (TIPOS_CONTRIBUYENTES as readonly string[]).includes(d.tipoDte) && cuentaEnLibros(d, p))
    .sort(porEmision)
    .map((d) => {
      const signo = d.tipoDte === '05' ? -1 : 1;
      const m = montosVenta(d);
      const r = identidadReceptor(d);
      const firmado = (x: Money) => (signo === 1 || x.isZero() ? x : x.negated());
      return {
        fecha: d.fecEmi,
        tipoDte: d.tipoDte,
        numeroControl: d.numeroControl,
        codigoGeneracion: d.codigoGeneracion,
        selloRecibido: d.selloRecibido,
        receptor: { nit: r.nit || null, dui: r.dui || null, nombre: r.nombre },
        montos: {
          exentas: firmado(m.exentas),
          noSujetas: firmado(m.noSujetas),
          gravadas: firmado(m.gravadas),
          debitoFiscal: firmado(m.debitoFiscal),
          ivaRetenido: firmado(m.ivaRetenido),
          total: firmado(m.total),
        },
      };
    });
  const total = (campo: keyof (typeof lineas)[number]['montos']) => a2(sum(lineas.map((l) => l.montos[campo])));
  return {
    periodo: p.periodo,
    lineas: lineas.map((l) => ({
      ...l,
      montos: Object.fromEntries(Object.entries(l.montos).map(([k, v]) => [k, a2(v)])) as Record<
        keyof (typeof lineas)[number]['montos'],
        string
      >,
    })),
    totales: {
      documentos: lineas.length,
      exentas: total('exentas'),
      noSujetas: total('noSujetas'),
      gravadas: total('gravadas'),
      debitoFiscal: total('debitoFiscal'),
      ivaRetenido: total('ivaRetenido'),
      total: total('total'),
    },
    pendientesDeSello: pendientes(docs, p, TIPOS_CONTRIBUYENTES),
  };
}

/**
 * Libro de ventas a consumidor final: per day and type (Factura, Factura de Exportación), the first and
 * last document of the day and its totals; a Factura's gravadas include the IVA its prices hold, whose
 * débito fiscal is reported apart.
 */
export function libroVentasConsumidor(docs: readonly DocumentoLibro[], p: Periodo) {
  const dias = ventasConsumidorPorDia(docs, p).map((grupo) => {
    const t = totalesDelDia(grupo);
    return {
      fecha: grupo[0]!.fecEmi,
      tipoDte: grupo[0]!.tipoDte,
      documentos: grupo.length,
      del: { numeroControl: grupo[0]!.numeroControl, codigoGeneracion: grupo[0]!.codigoGeneracion },
      al: { numeroControl: grupo.at(-1)!.numeroControl, codigoGeneracion: grupo.at(-1)!.codigoGeneracion },
      montos: t,
    };
  });
  const total = (campo: keyof (typeof dias)[number]['montos']) => a2(sum(dias.map((d) => d.montos[campo])));
  return {
    periodo: p.periodo,
    dias: dias.map((d) => ({
      ...d,
      montos: Object.fromEntries(Object.entries(d.montos).map(([k, v]) => [k, a2(v)])) as Record<
        keyof (typeof dias)[number]['montos'],
        string
      >,
    })),
    totales: {
      documentos: dias.reduce((n, d) => n + d.documentos, 0),
      exentas: total('exentas'),
      noSujetas: total('noSujetas'),
      gravadas: total('gravadas'),
      debitoFiscal: total('debitoFiscal'),
      exportacionesCentroamerica: total('exportacionesCentroamerica'),
      exportacionesFuera: total('exportacionesFuera'),
      exportacionesServicios: total('exportacionesServicios'),
      total: total('total'),
    },
    pendientesDeSello: pendientes(docs, p, TIPOS_CONSUMIDOR),
  };
}

/** The period's débito fiscal: the contribuyentes' (notes signed) and the consumidor final's. */
export function resumenDebitoFiscal(docs: readonly DocumentoLibro[], p: Periodo) {
  const contribuyentes = libroVentasContribuyentes(docs, p).totales.debitoFiscal;
  const consumidor = libroVentasConsumidor(docs, p).totales.debitoFiscal;
  return {
    periodo: p.periodo,
    contribuyentes,
    consumidorFinal: consumidor,
    total: a2(ZERO.plus(contribuyentes).plus(consumidor)),
  };
}

import { validationError } from '../errors';
import type { ClasificacionRenta } from './compras-renta';
import { money, sum, ZERO, type Money } from '../money';
import { agrupados, porEmision, type DocumentoLibro, type Periodo } from './documento';
import { fechaDgii, montoDgii, sinGuiones, textoDgii } from './formato';
import { identidadReceptor, montosExportacion, montosVenta } from './montos';
import { anuladoEnPeriodo, cuentaEnLibros } from './reglas';
import { emitidoEn, enAnexoConsumidor, enVentasContribuyentes, librosDe } from './tipos';

/** An amount that reduces the period (a Nota de Crédito, a retorno): negated, a zero left as it is. */
export const restado = (m: Money) => (m.isZero() ? m : m.negated());

/** The annexes of F-07 the service produces from the documents it issued, by the name of their route. */
export const ANEXOS_F07 = [
  'ventas-contribuyentes',
  'ventas-consumidor-final',
  'documentos-anulados',
  'retenciones',
  'retenciones-13',
] as const;
export type AnexoF07 = (typeof ANEXOS_F07)[number];

/**
 * What the emisor declares that its documents do not say: its kind of income (Renta, CAT of DGII §1.1), and
 * the Renta classification of the purchases that have none of their own.
 */
export interface OpcionesAnexo {
  /** "Tipo de ingreso (Renta)" of its sales (TIPOS_INGRESO): required from the 2025 periods. */
  tipoIngreso?: number;
  /** Anexos 3 and 5: the classification of a purchase without one (compras-renta.ts). */
  clasificacion?: ClasificacionRenta;
}

/** A row of an annex: DGII's columns, and the documents (numeroControl) it reports. */
export interface FilaAnexo {
  documentos: string[];
  columnas: string[];
}
export const fila = (docs: readonly DocumentoLibro[], columnas: string[]): FilaAnexo => ({
  documentos: docs.map((d) => d.numeroControl),
  columnas,
});

/** DGII class of document: 4, a DTE. */
export const CLASE_DTE = '4';

/** DGII's Renta columns apply from the January 2025 period; before, both are 0 (annex manual §III). */
const RENTA_DESDE = '2025-01';

/**
 * "Tipo de ingreso (Renta)" of anexos 1 (column S) and 2 (V): the concept the emisor's sales are declared
 * under in Renta, as DGII's annex manual v14 lists it (§III S, §IV V; the F-11's rentas gravadas rows).
 * The manual has no 11.
 */
export const TIPOS_INGRESO = {
  1: 'Profesiones, artes y oficios',
  2: 'Actividades de servicios',
  3: 'Actividades comerciales',
  4: 'Actividades industriales',
  5: 'Actividades agropecuarias',
  6: 'Utilidades y dividendos',
  7: 'Exportaciones de bienes',
  8: 'Servicios realizados en el exterior y utilizados en El Salvador',
  9: 'Exportaciones de servicios',
  10: 'Otras rentas gravables',
  12: 'Ingresos que ya fueron sujetos de retención informados en el F14 y consolidados en F910',
  13: 'Sujetos pasivos excluidos (art. 6 LISR) e ingresos que no constituyen hecho generador del ISR',
} as const satisfies Record<number, string>;
export type TipoIngreso = keyof typeof TIPOS_INGRESO;
export const esTipoIngreso = (c: number): c is TipoIngreso => c in TIPOS_INGRESO;
/** The codes as a refusal names them: "1 Profesiones, artes y oficios; 2 …". */
export const CODIGOS_TIPO_INGRESO = Object.entries(TIPOS_INGRESO)
  .map(([c, nombre]) => `${c} ${nombre}`)
  .join('; ');

function tipoIngreso(p: Periodo, opciones: OpcionesAnexo): string {
  if (p.periodo < RENTA_DESDE) return '0';
  if (!opciones.tipoIngreso)
    throw validationError(
      'Desde enero de 2025 los anexos de ventas llevan el tipo de ingreso (Renta) del emisor: indíquelo una vez, se recuerda',
      [
        {
          field: 'tipoIngreso',
          message: `Requerido, uno de los códigos del manual de anexos F-07: ${CODIGOS_TIPO_INGRESO}`,
        },
      ],
    );
  return String(opciones.tipoIngreso);
}

/** "Tipo de operación (Renta)": 1 gravada, 2 no gravada o exenta, 4 mixta (annex manual §III R). */
function tipoOperacion(p: Periodo, gravadas: Money, otras: Money): string {
  if (p.periodo < RENTA_DESDE) return '0';
  if (gravadas.gt(0)) return otras.gt(0) ? '4' : '1';
  return '2';
}

/**
 * Anexo 1, ventas a contribuyentes (20 columns): one row per CCF, NC and ND the period counts, amounts
 * positive (DGII takes no negatives; the type says a note), total without IVA (DGII's own examples).
 */
export function anexoVentasContribuyentes(docs: readonly DocumentoLibro[], p: Periodo, opciones: OpcionesAnexo) {
  const ingreso = tipoIngreso(p, opciones);
  return docs
    .filter((d) => enVentasContribuyentes(d.tipoDte) && cuentaEnLibros(d, p))
    .sort(porEmision)
    .map((d) => {
      const m = montosVenta(d);
      const r = identidadReceptor(d);
      const total = m.exentas.plus(m.noSujetas).plus(m.gravadas);
      return fila(
        [d],
        [
          fechaDgii(d.fecEmi),
          CLASE_DTE,
          d.tipoDte,
          sinGuiones(d.numeroControl),
          d.selloRecibido ?? '',
          sinGuiones(d.codigoGeneracion),
          '',
          r.nit,
          textoDgii(r.nombre),
          montoDgii(m.exentas),
          montoDgii(m.noSujetas),
          montoDgii(m.gravadas),
          montoDgii(m.debitoFiscal),
          montoDgii(ZERO),
          montoDgii(ZERO),
          montoDgii(total),
          r.dui,
          tipoOperacion(p, m.gravadas, m.exentas.plus(m.noSujetas)),
          ingreso,
          '1',
        ],
      );
    });
}

/** The documents of one day and type, in emission order. */
const porDiaYTipo = (docs: readonly DocumentoLibro[]) =>
  agrupados([...docs].sort(porEmision), (d) => `${d.fecEmi}|${d.tipoDte}`);

/**
 * The figures of a day's Facturas, exports or retornos, as the consumer-final annex and book total them;
 * a retorno's reduce the day (negative).
 */
export function totalesDelDia(grupo: readonly DocumentoLibro[]) {
  const exportacion = emitidoEn(grupo[0]!.tipoDte, 'EXPORTACIONES');
  const signo = librosDe(grupo[0]!.tipoDte).resta ? restado : (m: Money) => m;
  const ventas = grupo.map((d) => (exportacion ? null : montosVenta(d)));
  const exportaciones = grupo.map((d) => (exportacion ? montosExportacion(d) : null));
  const total = (de: (i: number) => Money | undefined) => signo(sum(grupo.map((_, i) => de(i) ?? ZERO)));
  const t = {
    exentas: total((i) => ventas[i]?.exentas),
    noSujetas: total((i) => ventas[i]?.noSujetas),
    gravadas: total((i) => ventas[i]?.gravadas),
    debitoFiscal: total((i) => ventas[i]?.debitoFiscal),
    exportacionesCentroamerica: total((i) => exportaciones[i]?.centroamerica),
    exportacionesFuera: total((i) => exportaciones[i]?.fueraDeCentroamerica),
    exportacionesServicios: total((i) => exportaciones[i]?.servicios),
  };
  return {
    ...t,
    total: t.exentas
      .plus(t.noSujetas)
      .plus(t.gravadas)
      .plus(t.exportacionesCentroamerica)
      .plus(t.exportacionesFuera)
      .plus(t.exportacionesServicios),
  };
}

/**
 * The documents of the consumer-final annex (or, with `incluye`, book) the period counts, one group per day
 * and type, in emission order.
 */
export function ventasConsumidorPorDia(
  docs: readonly DocumentoLibro[],
  p: Periodo,
  incluye = (d: DocumentoLibro) => enAnexoConsumidor(d.tipoDte),
): DocumentoLibro[][] {
  return porDiaYTipo(docs.filter((d) => incluye(d) && cuentaEnLibros(d, p)));
}

/**
 * Anexo 2, ventas a consumidor final (23 columns): DTEs grouped per day (and type, a column of its own),
 * resolución, serie and control interno `N/A`, the first and last codigoGeneracion of the day in emission
 * order, a Factura's gravadas with their IVA (annex manual §IV N), an export in its column.
 */
export function anexoVentasConsumidorFinal(docs: readonly DocumentoLibro[], p: Periodo, opciones: OpcionesAnexo) {
  const ingreso = tipoIngreso(p, opciones);
  return ventasConsumidorPorDia(docs, p).map((grupo) => {
    const t = totalesDelDia(grupo);
    const exportacion = emitidoEn(grupo[0]!.tipoDte, 'EXPORTACIONES');
    const renta = exportacion
      ? ['1', t.exportacionesServicios.gt(0) ? '9' : '7']
      : [tipoOperacion(p, t.gravadas, t.exentas.plus(t.noSujetas)), ingreso];
    return fila(grupo, [
      fechaDgii(grupo[0]!.fecEmi),
      CLASE_DTE,
      grupo[0]!.tipoDte,
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      sinGuiones(grupo[0]!.codigoGeneracion),
      sinGuiones(grupo.at(-1)!.codigoGeneracion),
      '',
      montoDgii(t.exentas),
      montoDgii(ZERO),
      montoDgii(t.noSujetas),
      montoDgii(t.gravadas),
      montoDgii(t.exportacionesCentroamerica),
      montoDgii(t.exportacionesFuera),
      montoDgii(t.exportacionesServicios),
      montoDgii(ZERO),
      montoDgii(ZERO),
      montoDgii(t.total),
      ...(p.periodo < RENTA_DESDE ? ['0', '0'] : renta),
      '2',
    ]);
  });
}

/**
 * Documentos anulados (10 columns, no annex number): each DTE whose invalidation MH accepted in the period,
 * tipo de detalle D, by its numeroControl, its own sello and its codigoGeneracion without hyphens.
 */
export function anexoDocumentosAnulados(docs: readonly DocumentoLibro[], p: Periodo) {
  return docs
    .filter((d) => anuladoEnPeriodo(d, p))
    .sort(porEmision)
    .map((d) =>
      fila(
        [d],
        [
          sinGuiones(d.numeroControl),
          CLASE_DTE,
          '0',
          '0',
          d.tipoDte,
          'D',
          d.selloRecibido ?? '',
          '0',
          '0',
          sinGuiones(d.codigoGeneracion),
        ],
      ),
    );
}

type Json = Record<string, unknown>;

/** A CR's retained amounts of one CAT-006 code: what was subject and what was withheld. */
export function retenidoCon(d: DocumentoLibro, codigo: string) {
  const lineas = ((d.dte['cuerpoDocumento'] as Json[] | undefined) ?? []).filter(
    (l) => l['codigoRetencionMH'] === codigo,
  );
  const de = (campo: string) => sum(lineas.map((l) => money(typeof l[campo] === 'number' ? l[campo] : 0)));
  return { lineas: lineas.length, sujeto: de('montoSujetoGrav'), retenido: de('ivaRetenido') };
}

/**
 * Retentions the emisor made with its Comprobantes de Retención: anexo 10 the 1 % ones (CAT-006 22), anexo
 * 12 the 13 % ones (C4). DGII's two layouts differ: anexo 12 puts the serie before the resolución.
 */
export function anexoRetenciones(docs: readonly DocumentoLibro[], p: Periodo, tasa: '1' | '13') {
  const codigo = tasa === '1' ? '22' : 'C4';
  return docs
    .filter((d) => emitidoEn(d.tipoDte, 'RETENCIONES') && cuentaEnLibros(d, p))
    .sort(porEmision)
    .flatMap((d) => {
      const r = retenidoCon(d, codigo);
      if (!r.lineas) return [];
      const sujeto = identidadReceptor(d);
      const resolucion = sinGuiones(d.numeroControl);
      const serie = d.selloRecibido ?? '';
      return [
        fila(
          [d],
          [
            sujeto.nit,
            fechaDgii(d.fecEmi),
            d.tipoDte,
            ...(tasa === '1' ? [resolucion, serie] : [serie, resolucion]),
            sinGuiones(d.codigoGeneracion),
            montoDgii(r.sujeto),
            montoDgii(r.retenido),
            sujeto.dui,
            tasa === '1' ? '10' : '12',
          ],
        ),
      ];
    });
}

/** The rows of an annex, by its route name. */
export function filasAnexo(
  anexo: AnexoF07,
  docs: readonly DocumentoLibro[],
  p: Periodo,
  opciones: OpcionesAnexo,
): FilaAnexo[] {
  switch (anexo) {
    case 'ventas-contribuyentes':
      return anexoVentasContribuyentes(docs, p, opciones);
    case 'ventas-consumidor-final':
      return anexoVentasConsumidorFinal(docs, p, opciones);
    case 'documentos-anulados':
      return anexoDocumentosAnulados(docs, p);
    case 'retenciones':
      return anexoRetenciones(docs, p, '1');
    case 'retenciones-13':
      return anexoRetenciones(docs, p, '13');
  }
}

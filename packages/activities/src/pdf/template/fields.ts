import { asObj, type Field, type Obj } from './format';

// Short catalogs that @dte/domain's catalog index does not carry (CAT-003, CAT-004, CAT-007, CAT-021),
// worded as the legible version shows them.
export const MODELO_FACTURACION = { '1': 'Previo', '2': 'Diferido' } as const;
export const TIPO_TRANSMISION = { '1': 'Normal', '2': 'Contingencia' } as const;
const TIPO_GENERACION = { '1': 'Físico', '2': 'Electrónico' } as const;
const DOCUMENTO_ASOCIADO = { '1': 'Emisor', '2': 'Receptor', '3': 'Médico', '4': 'Transporte' } as const;

/**
 * The fields of each DTE section the legible version shows, in the order of MH's suggested layouts
 * (Manual Funcional §XXII). Every kind shares one list per section: a column or line appears only when
 * the document carries the field, which is what tells a Factura from a Comprobante de Retención.
 */

export const CUERPO_FIELDS: Field[] = [
  { key: 'numItem', label: 'N°', kind: 'text' },
  // Comprobante de Retención (07): each line is a retained document; v2 renamed tipoDoc and numDocumento.
  { key: 'tipoDte', label: 'Tipo de doc. relacionado', kind: { catalog: 'CAT-002' } },
  { key: 'tipoDoc', label: 'Tipo de generación', kind: { words: TIPO_GENERACION } },
  { key: 'tipoGeneracion', label: 'Tipo de generación', kind: { words: TIPO_GENERACION } },
  { key: 'numDocumento', label: 'N° del doc. relacionado', kind: 'id' },
  { key: 'numeroDocumento', label: 'N° del doc. relacionado', kind: 'id' },
  // Evento de Retorno: the DTE each line is returned from.
  { key: 'codigoGeneracion', label: 'Cód. de generación del doc. retornado', kind: 'id' },
  { key: 'fechaEmision', label: 'Fecha del doc.', kind: 'date' },
  // Comprobante de Liquidación: the sale documents it liquidates (v1 names the date fechaGeneracion).
  { key: 'fechaGeneracion', label: 'Fecha del doc.', kind: 'date' },
  // Comprobante de Donación: cash, goods or a service.
  { key: 'tipoDonacion', label: 'Tipo de donación', kind: { catalog: 'CAT-026' } },
  { key: 'cantidad', label: 'Cantidad', kind: 'quantity' },
  { key: 'uniMedida', label: 'Unidad', kind: { catalog: 'CAT-014' } },
  { key: 'codigo', label: 'Código', kind: 'text' },
  { key: 'descripcion', label: 'Descripción', kind: 'text' },
  { key: 'precioUni', label: 'Precio unitario', kind: 'price' },
  { key: 'valorUni', label: 'Valor unitario', kind: 'price' },
  // CD v2 renamed depreciacion tipoDepreciacion; both are the amount the goods lost.
  { key: 'depreciacion', label: 'Depreciación', kind: 'money', omitZero: true },
  { key: 'tipoDepreciacion', label: 'Depreciación', kind: 'money', omitZero: true },
  { key: 'valor', label: 'Valor donado', kind: 'money' },
  { key: 'montoDescu', label: 'Descuento por ítem', kind: 'money' },
  { key: 'ventaNoSuj', label: 'Ventas no sujetas', kind: 'money', omitZero: 'ventas' },
  { key: 'ventaExenta', label: 'Ventas exentas', kind: 'money', omitZero: 'ventas' },
  { key: 'ventaGravada', label: 'Ventas gravadas', kind: 'money', omitZero: 'ventas' },
  { key: 'exportaciones', label: 'Exportaciones', kind: 'money', omitZero: true },
  // A retorno line carries both the sale and the purchase columns, one of them at zero.
  { key: 'compra', label: 'Compras', kind: 'money', omitZero: true },
  { key: 'noGravado', label: 'Otros montos no afectos', kind: 'money', omitZero: true },
  { key: 'ivaItem', label: 'IVA del ítem', kind: 'money', omitZero: true },
  { key: 'totalIva', label: 'IVA del ítem', kind: 'money', omitZero: true },
  { key: 'ivaPerci', label: 'IVA percibido', kind: 'money', omitZero: true },
  { key: 'seguro', label: 'Seguro', kind: 'money', omitZero: true },
  { key: 'flete', label: 'Flete', kind: 'money', omitZero: true },
  { key: 'ivaRete', label: 'IVA retenido', kind: 'money', omitZero: true },
  { key: 'reteRenta', label: 'Retención de renta', kind: 'money', omitZero: true },
  { key: 'montoSujetoGrav', label: 'Monto sujeto a retención', kind: 'money' },
  { key: 'codigoRetencionMH', label: 'Tipo de retención', kind: { catalog: 'CAT-006' } },
  { key: 'ivaRetenido', label: 'IVA retenido', kind: 'money' },
  // CL v1 names the line's note obsItem, v2 observaciones.
  { key: 'obsItem', label: 'Observación', kind: 'text' },
  { key: 'observaciones', label: 'Observación', kind: 'text' },
];

/** Where the resumen's tributos list goes among the amounts: before the Sub-Total, as in the layouts. */
export const TRIBUTOS = 'tributos';

export const RESUMEN_FIELDS: (Field | typeof TRIBUTOS)[] = [
  { key: 'totalNoSuj', label: 'Total ventas no sujetas', kind: 'money' },
  { key: 'totalExenta', label: 'Total ventas exentas', kind: 'money' },
  { key: 'totalGravada', label: 'Total ventas gravadas', kind: 'money' },
  { key: 'totalCompraExcluidos', label: 'Total compras a sujetos excluidos', kind: 'money' },
  // Comprobante de Liquidación: exportations liquidated (totalExportacion in v1, exportacion in v2).
  { key: 'totalExportacion', label: 'Total exportaciones', kind: 'money' },
  { key: 'exportacion', label: 'Total exportaciones', kind: 'money' },
  { key: 'subTotalVentas', label: 'Suma total de operaciones', kind: 'money' },
  { key: 'totalCompra', label: 'Sumatoria de compras', kind: 'money' },
  { key: 'descuNoSuj', label: 'Desc., rebajas y otros a ventas no sujetas', kind: 'money' },
  { key: 'descuExenta', label: 'Desc., rebajas y otros a ventas exentas', kind: 'money' },
  { key: 'descuGravada', label: 'Desc., rebajas y otros a ventas gravadas', kind: 'money' },
  { key: 'descu', label: 'Descuento global', kind: 'money' },
  // FEX v1's discount on the exported goods (descuGravada in v3).
  { key: 'descuento', label: 'Descuento', kind: 'money' },
  { key: 'porcentajeDescuento', label: 'Porcentaje de descuento global', kind: 'percent' },
  { key: 'totalDescu', label: 'Total descuentos', kind: 'money' },
  TRIBUTOS,
  { key: 'subTotal', label: 'Sub-Total', kind: 'money' },
  { key: 'totalSeguro', label: 'Seguro', kind: 'money' },
  { key: 'totalFlete', label: 'Flete', kind: 'money' },
  // FEX: insurance and freight are part of the operation's amount.
  { key: 'seguro', label: 'Seguro', kind: 'money' },
  { key: 'flete', label: 'Flete', kind: 'money' },
  // The 2026 schemas dropped the 1 of ivaPerci1 and ivaRete1.
  { key: 'ivaPerci1', label: 'IVA percibido', kind: 'money' },
  { key: 'ivaPerci', label: 'IVA percibido', kind: 'money' },
  { key: 'ivaRete1', label: 'IVA retenido', kind: 'money' },
  { key: 'ivaRete', label: 'IVA retenido', kind: 'money' },
  { key: 'reteRenta', label: 'Retención de renta', kind: 'money' },
  { key: 'montoTotalOperacion', label: 'Monto total de la operación', kind: 'money' },
  { key: 'totalNoGravado', label: 'Total otros montos no afectos', kind: 'money' },
  { key: 'totalSujetoRetencion', label: 'Total monto sujeto a retención', kind: 'money' },
  // CR v2's totalIva is the IVA of the amounts subject to retention, informative.
  { key: 'totalIva', label: 'IVA del monto sujeto a retención', kind: 'money', onlyWith: 'totalSujetoRetencion' },
  { key: 'totalIVAretenido', label: 'Total IVA retenido', kind: 'money' },
  { key: 'totalIvaRetenido', label: 'Total IVA retenido', kind: 'money' },
  { key: 'totalPagar', label: 'Total a pagar', kind: 'money' },
  { key: 'total', label: 'Total', kind: 'money' },
  { key: 'valorTotal', label: 'Valor total donado', kind: 'money' },
  { key: 'totalNoOnerosas', label: 'Total operaciones no onerosas', kind: 'money' },
  // NC/ND v4 carry it at zero on a note of a CCF, whose IVA is the tributo above.
  { key: 'totalIva', label: 'IVA incluido en las ventas gravadas', kind: 'money', omitZero: true },
  { key: 'saldoFavor', label: 'Saldo a favor', kind: 'money' },
];

/** The amount the document settles (shown in bold, named in the e-mail): the first of these the resumen carries. */
const RESUMEN_TOTALS = [
  'totalPagar',
  'total',
  'valorTotal',
  'montoTotalOperacion',
  'totalIVAretenido',
  'totalIvaRetenido',
];

export function totalLiquidado(resumen: Obj): string | undefined {
  return RESUMEN_TOTALS.find((key) => typeof resumen[key] === 'number');
}

/** The counterpart's section: FSE v1 calls it `sujetoExcluido`, CD v1 `donante`, the Evento de Retorno `documento`. */
export function receptorDe(dte: Obj): Obj | null {
  return asObj(dte.receptor) ?? asObj(dte.sujetoExcluido) ?? asObj(dte.donante) ?? asObj(dte.documento);
}

/** The issuer's section: CD v1 calls it `donatario`. */
export function emisorDe(dte: Obj): Obj | null {
  return asObj(dte.emisor) ?? asObj(dte.donatario);
}

/**
 * The Documento Contable de Liquidación has one cuerpoDocumento, an object: the liquidation of a period,
 * in the order of MH's suggested layout (Manual Funcional §XXII, 8).
 */
export const LIQUIDACION_FIELDS: Field[] = [
  { key: 'periodoLiquidacionFechaInicio', label: 'Fecha inicio del periodo de liquidación', kind: 'date' },
  { key: 'periodoLiquidacionFechaFin', label: 'Fecha fin del periodo de liquidación', kind: 'date' },
  { key: 'codLiquidacion', label: 'Código de liquidación', kind: 'text' },
  { key: 'cantidadDoc', label: 'Cantidad de documentos de liquidación', kind: 'quantity' },
  { key: 'valorOperaciones', label: 'Valor de las operaciones a liquidar', kind: 'money' },
  { key: 'descripSinPercepcion', label: 'Descripción del monto no sujeto a percepción', kind: 'text' },
  { key: 'montoSinPercepcion', label: 'Valores no sujetos a percepción', kind: 'money' },
  { key: 'subTotal', label: 'Subtotal', kind: 'money' },
  { key: 'iva', label: 'IVA de las operaciones a liquidar', kind: 'money' },
  { key: 'montoSujetoPercepcion', label: 'Montos sujetos a percepción sin IVA', kind: 'money' },
  { key: 'ivaPercibido', label: 'IVA percibido (2%)', kind: 'money' },
  { key: 'comision', label: 'Comisión', kind: 'money' },
  { key: 'porcentComision', label: 'Porcentaje de comisión', kind: 'percent' },
  { key: 'ivaComision', label: 'IVA de la comisión', kind: 'money' },
  { key: 'liquidoApagar', label: 'Valor líquido a pagar al afiliado', kind: 'money' },
];

/** Resumen numbers that are catalog codes, shown in words elsewhere, not as amounts. */
export const RESUMEN_CODES = new Set(['condicionOperacion']);

export const DOCUMENTO_RELACIONADO_FIELDS: Field[] = [
  { key: 'tipoDocumento', label: 'Tipo de documento', kind: { catalog: 'CAT-002' } },
  { key: 'tipoGeneracion', label: 'Tipo de generación', kind: { words: TIPO_GENERACION } },
  { key: 'numeroDocumento', label: 'N° de documento', kind: 'id' },
  // The Evento de Retorno names the returned DTE by its codigoGeneracion.
  { key: 'codigoGeneracion', label: 'Código de generación', kind: 'id' },
  { key: 'fechaEmision', label: 'Fecha del documento', kind: 'date' },
];

export const OTROS_DOCUMENTOS_FIELDS: Field[] = [
  { key: 'codDocAsociado', label: 'Documento asociado', kind: { words: DOCUMENTO_ASOCIADO } },
  { key: 'descDocumento', label: 'Identificación del documento', kind: 'text' },
  { key: 'detalleDocumento', label: 'Descripción', kind: 'text' },
];

export const PAGO_FIELDS: Field[] = [
  { key: 'codigo', label: 'Forma de pago', kind: { catalog: 'CAT-017' } },
  { key: 'montoPago', label: 'Monto', kind: 'money' },
  { key: 'referencia', label: 'Referencia', kind: 'text' },
  { key: 'plazo', label: 'Plazo', kind: { catalog: 'CAT-018' } },
  { key: 'periodo', label: 'Período', kind: 'quantity' },
];

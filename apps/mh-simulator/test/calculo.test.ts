import { verificarCalculos } from '../src/recepcion/calculo';

/** Manual Funcional §XXI's own example: three items whose taxed sales add up to 6.756 (→ 6.76 ± 0.01). */
function factura(totalGravada: number) {
  const item = (numItem: number, cantidad: number, ventaGravada: number) => ({
    numItem,
    cantidad,
    precioUni: 2,
    montoDescu: 0,
    ventaNoSuj: 0,
    ventaExenta: 0,
    ventaGravada,
    noGravado: 0,
    ivaItem: Number(((ventaGravada * 13) / 113).toFixed(8)),
  });
  const iva = Number(((totalGravada * 13) / 113).toFixed(2));
  return {
    cuerpoDocumento: [item(1, 1.122, 2.244), item(2, 1.126, 2.252), item(3, 1.13, 2.26)],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada,
      subTotalVentas: totalGravada,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      totalDescu: 0,
      tributos: null,
      subTotal: totalGravada,
      ivaRete1: 0,
      reteRenta: 0,
      montoTotalOperacion: totalGravada,
      totalNoGravado: 0,
      totalPagar: totalGravada,
      totalIva: iva,
      saldoFavor: 0,
      pagos: null,
    },
  };
}

describe('the holgura of Manual Funcional §XXI', () => {
  it.each([6.75, 6.76, 6.77])('accepts %s for a sum of 6.756', (total) => {
    expect(verificarCalculos('01', 1, factura(total))).toEqual({ hallazgos: [], observaciones: [] });
  });

  it.each([6.74, 6.78])('rejects %s, naming resumen.totalGravada', (total) => {
    expect(verificarCalculos('01', 1, factura(total)).hallazgos).toEqual([
      { clasificaMsg: '16', codigoMsg: '020', campo: 'resumen.totalGravada', texto: undefined },
    ]);
  });

  it('rounds half-up: 1.5 × 3.33 − 0.50 = 4.495 is an exact item figure; IVA 0.51712389', () => {
    const documento = factura(6.76);
    Object.assign(documento.cuerpoDocumento[0]!, {
      cantidad: 1.5,
      precioUni: 3.33,
      montoDescu: 0.5,
      ventaGravada: 4.495,
      ivaItem: 0.51712389,
    });
    const { hallazgos } = verificarCalculos('01', 1, documento);
    expect(hallazgos.map((h) => h.campo)).not.toContain('cuerpoDocumento[0].ventaGravada');
    expect(hallazgos.map((h) => h.campo)).not.toContain('cuerpoDocumento[0].ivaItem');
  });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The fields each finding names, or [] when the document adds up. */
const campos = (tipo: string, version: number, documento: Json) =>
  verificarCalculos(tipo, version, documento).hallazgos.map((h) => h.campo);

const linea = (cantidad: number, precioUni: number, montoDescu: number, ventaGravada: number) => ({
  cantidad,
  precioUni,
  montoDescu,
  ventaNoSuj: 0,
  ventaExenta: 0,
  ventaGravada,
  noGravado: 0,
});

describe('FE v2 (fe-f-v2): v1 with ivaRete and no reteRenta', () => {
  /**
   * 2 × 11.30 = 22.60 (IVA 22.60 × 13/113 = 2.60) and 1 × 5.65 (IVA 0.65): 28.25, IVA 3.25. An agente de
   * retención withholds 1% of 28.25 / 1.13 = 25.00 → 0.25; to pay 28.25 − 0.25 = 28.00.
   */
  const fe = (): Json => ({
    cuerpoDocumento: [
      { ...linea(2, 11.3, 0, 22.6), ivaItem: 2.6 },
      { ...linea(1, 5.65, 0, 5.65), ivaItem: 0.65 },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 28.25,
      subTotalVentas: 28.25,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      totalDescu: 0,
      tributos: null,
      subTotal: 28.25,
      ivaRete: 0.25,
      montoTotalOperacion: 28.25,
      totalNoGravado: 0,
      totalPagar: 28,
      totalIva: 3.25,
      saldoFavor: 0,
      pagos: [{ montoPago: 28 }],
    },
  });

  it('accepts the figures', () =>
    expect(verificarCalculos('01', 2, fe())).toEqual({ hallazgos: [], observaciones: [] }));

  it('checks ivaRete at 1% of the sale without IVA, and subtracts it from totalPagar', () => {
    const documento = fe();
    documento.resumen.ivaRete = 0.28;
    // totalPagar recomputed from the declared 0.28: 27.97, 0.03 from 28.00.
    expect(campos('01', 2, documento)).toEqual(['resumen.ivaRete', 'resumen.totalPagar']);
    const sinRestar = fe();
    sinRestar.resumen.totalPagar = 28.25;
    expect(campos('01', 2, sinRestar)).toEqual(['resumen.totalPagar']);
  });
});

describe('CCF v4 (fe-ccf-v4): v3 with ivaPerci/ivaRete and no reteRenta', () => {
  /**
   * 10 × 20.00 = 200.00 and 3 × 1.50 − 0.50 = 4.00: 204.00; IVA 13% 26.52; operation 230.52. Retention 1%
   * of 204.00 = 2.04, perception 1% = 2.04: to pay 230.52 + 2.04 − 2.04 = 230.52.
   */
  const ccf = (): Json => ({
    cuerpoDocumento: [linea(10, 20, 0, 200), linea(3, 1.5, 0.5, 4)],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 204,
      subTotalVentas: 204,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      totalDescu: 0.5,
      tributos: [{ codigo: '20', valor: 26.52 }],
      subTotal: 204,
      ivaPerci: 2.04,
      ivaRete: 2.04,
      montoTotalOperacion: 230.52,
      totalNoGravado: 0,
      totalPagar: 230.52,
      saldoFavor: 0,
      pagos: null,
    },
  });

  it('accepts the figures', () => expect(campos('03', 4, ccf())).toEqual([]));

  it('checks ivaPerci and ivaRete by their 2026 names', () => {
    const documento = ccf();
    documento.resumen.ivaRete = 2.1;
    documento.resumen.ivaPerci = 2.5;
    // totalPagar from the declared figures: 230.52 + 2.50 − 2.10 = 230.92.
    expect(campos('03', 4, documento)).toEqual(['resumen.ivaRete', 'resumen.ivaPerci', 'resumen.totalPagar']);
  });
});

describe('NC v4 / ND v4 (fe-nc-v4, fe-nd-v4) on a CCF', () => {
  /**
   * 1 × 50.00 and 2 × 12.50 − 5.00 = 20.00: 70.00 taxed; IVA (tributo 20) 13% = 9.10; operation
   * 70.00 + 9.10 = 79.10. Retention 1% of 70.00 = 0.70, on the lines 0.70 × 50/70 = 0.50 and 0.20: to pay
   * 79.10 + 0 − 0.70 + 0 = 78.40. totalIva 0.
   */
  const nota = (): Json => ({
    cuerpoDocumento: [
      { ...linea(1, 50, 0, 50), ivaPerci: 0, totalIva: 0, ivaRete: 0.5 },
      { ...linea(2, 12.5, 5, 20), ivaPerci: 0, totalIva: 0, ivaRete: 0.2 },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 70,
      subTotalVentas: 70,
      totalDescu: 5,
      tributos: [{ codigo: '20', valor: 9.1 }],
      montoTotalOperacion: 79.1,
      ivaPerci: 0,
      totalIva: 0,
      ivaRete: 0.7,
      totalNoGravado: 0,
      totalPagar: 78.4,
    },
  });

  it.each(['05', '06'])('%s: accepts the figures', (tipo) => expect(campos(tipo, 4, nota())).toEqual([]));

  it('has no subTotal: the operation total is subTotalVentas plus the tributos', () => {
    const documento = nota();
    documento.resumen.montoTotalOperacion = 70;
    // totalPagar follows the declared 70.00: 70.00 − 0.70 = 69.30, not 78.40.
    expect(campos('05', 4, documento)).toEqual(['resumen.montoTotalOperacion', 'resumen.totalPagar']);
  });

  it('refuses the 13% repeated in totalIva, resumen or line (apitest 020)', () => {
    const documento = nota();
    documento.resumen.totalIva = 9.1;
    documento.cuerpoDocumento[0].totalIva = 6.5;
    expect(campos('05', 4, documento)).toEqual(['cuerpoDocumento[0].totalIva', 'resumen.totalIva']);
  });

  it('refuses a resumen retention, perception or totalIva that is not the sum of the lines (Anexo IV 143–146)', () => {
    const sinRetencionEnLineas = nota();
    sinRetencionEnLineas.cuerpoDocumento[0].ivaRete = 0;
    sinRetencionEnLineas.cuerpoDocumento[1].ivaRete = 0;
    expect(campos('05', 4, sinRetencionEnLineas)).toEqual(['resumen.ivaRete']);
    // Within the holgura: the lines add up to 0.69, one cent from 0.70.
    const unCentavo = nota();
    unCentavo.cuerpoDocumento[1].ivaRete = 0.19;
    expect(campos('06', 4, unCentavo)).toEqual([]);
    const percepcionEnLinea = nota();
    percepcionEnLinea.cuerpoDocumento[0].ivaPerci = 0.5;
    expect(campos('05', 4, percepcionEnLinea)).toEqual(['resumen.ivaPerci']);
  });

  it('checks the tributo 20, ivaRete at 1% and totalPagar', () => {
    const documento = nota();
    documento.resumen.tributos[0].valor = 9.2;
    documento.resumen.ivaRete = 0.8;
    documento.resumen.totalPagar = 79.1;
    // The operation total is recomputed from the declared tributo: 70.00 + 9.20 = 79.20, 0.10 from 79.10.
    expect(campos('06', 4, documento)).toEqual([
      'resumen.tributos[0].valor',
      'resumen.montoTotalOperacion',
      'resumen.ivaRete',
      'resumen.totalPagar',
    ]);
  });
});

describe('CR v2 (fe-cr-v2)', () => {
  /**
   * 1% (CAT-006 22) of 1,000.00 = 10.00 and 13% (C4) of 250.50 = 32.565 → 32.57: totalIvaRetenido 42.57.
   * totalIva, read as 13% of the 1,250.50 subject to retention: 162.565 → 162.57.
   */
  const cr = (): Json => ({
    cuerpoDocumento: [
      { montoSujetoGrav: 1000, codigoRetencionMH: '22', ivaRetenido: 10 },
      { montoSujetoGrav: 250.5, codigoRetencionMH: 'C4', ivaRetenido: 32.57 },
    ],
    resumen: { totalSujetoRetencion: 1250.5, totalIva: 162.57, totalIvaRetenido: 42.57 },
  });

  it('accepts the figures', () => expect(campos('07', 2, cr())).toEqual([]));

  it('takes totalIva 0 too, the other reading of the field (MH takes it)', () => {
    const documento = cr();
    documento.resumen.totalIva = 0;
    expect(campos('07', 2, documento)).toEqual([]);
  });

  it('checks totalIvaRetenido (renamed) and totalIva, 13 % or 0 within the holgura', () => {
    const documento = cr();
    documento.resumen.totalIvaRetenido = 42.6;
    documento.resumen.totalIva = 162.59;
    expect(campos('07', 2, documento)).toEqual(['resumen.totalIvaRetenido', 'resumen.totalIva']);
    documento.resumen.totalIva = 0.02;
    expect(campos('07', 2, documento)).toContain('resumen.totalIva');
  });
});

describe('FSE v2 (fe-fse-v2): v1 without ivaRete1', () => {
  /** 1 × 300.00 + (4 × 12.50 − 5.00) = 345.00; renta 10% = 34.50; to pay 310.50. */
  const fse = (): Json => ({
    cuerpoDocumento: [
      { cantidad: 1, precioUni: 300, montoDescu: 0, compra: 300 },
      { cantidad: 4, precioUni: 12.5, montoDescu: 5, compra: 45 },
    ],
    resumen: {
      totalCompra: 345,
      descu: 0,
      totalDescu: 5,
      subTotal: 345,
      reteRenta: 34.5,
      totalPagar: 310.5,
      pagos: null,
    },
  });

  it('accepts the figures', () => expect(campos('14', 2, fse())).toEqual([]));

  it('checks reteRenta and totalPagar', () => {
    const documento = fse();
    documento.resumen.reteRenta = 30;
    expect(campos('14', 2, documento)).toEqual(['resumen.reteRenta', 'resumen.totalPagar']);
  });
});

describe('Retorno (fe-eret-v1, 18)', () => {
  const retornoLinea = (cantidad: number, precioUni: number, montoDescu: number, columnas: Json) => ({
    cantidad,
    precioUni,
    montoDescu,
    ventaNoSuj: 0,
    ventaExenta: 0,
    ventaGravada: 0,
    compra: 0,
    ivaItem: 0,
    noGravado: 0,
    ...columnas,
  });
  const resumen = (figuras: Json): Json => ({
    totalNoSuj: 0,
    totalExenta: 0,
    totalGravada: 0,
    totalCompraExcluidos: 0,
    subTotalVentas: 0,
    tributos: null,
    totalSeguro: null,
    totalFlete: null,
    montoTotalOperacion: 0,
    ivaRete: 0,
    reteRenta: 0,
    totalNoGravado: 0,
    totalPagar: 0,
    totalIva: 0,
    ...figuras,
  });

  /**
   * Returned from a Factura (IVA included): 1 × 11.30 taxed (IVA 11.30 × 13/113 = 1.30) and 2 × 5.00 exempt
   * = 10.00. Totals 11.30 + 10.00 = 21.30, totalIva 1.30, to pay 21.30.
   */
  const deFactura = (): Json => ({
    cuerpoDocumento: [
      retornoLinea(1, 11.3, 0, { ventaGravada: 11.3, ivaItem: 1.3 }),
      retornoLinea(2, 5, 0, { ventaExenta: 10 }),
    ],
    resumen: resumen({
      totalExenta: 10,
      totalGravada: 11.3,
      subTotalVentas: 21.3,
      montoTotalOperacion: 21.3,
      totalPagar: 21.3,
      totalIva: 1.3,
    }),
  });

  /**
   * Returned from a sujeto excluido purchase: 4 × 12.50 − 5.00 = 45.00 in `compra`, with 10.00 of freight:
   * operation 45.00 + 10.00 = 55.00; the purchase's renta retention reversed, 10% of 45.00 = 4.50; to pay
   * 55.00 − 4.50 = 50.50.
   */
  const deCompra = (): Json => ({
    cuerpoDocumento: [retornoLinea(4, 12.5, 5, { compra: 45 })],
    resumen: resumen({
      totalCompraExcluidos: 45,
      subTotalVentas: 45,
      totalFlete: 10,
      montoTotalOperacion: 55,
      reteRenta: 4.5,
      totalPagar: 50.5,
    }),
  });

  it('accepts a return from a Factura and one from a sujeto excluido purchase', () => {
    expect(campos('18', 1, deFactura())).toEqual([]);
    expect(campos('18', 1, deCompra())).toEqual([]);
  });

  it('puts each line in exactly one column, and checks ivaItem', () => {
    const documento = deFactura();
    // 11.30 split into 6.00 exempt and 5.30 taxed (IVA 5.30 × 13/113 = 0.60973451) still adds up, but is
    // two columns; the column totals then no longer match the resumen (16.00 exempt, 5.30 taxed).
    Object.assign(documento.cuerpoDocumento[0], { ventaGravada: 5.3, ventaExenta: 6, ivaItem: 0.60973451 });
    documento.cuerpoDocumento[1].ivaItem = 0.5;
    expect(campos('18', 1, documento)).toEqual([
      'cuerpoDocumento[0].ventaGravada',
      'cuerpoDocumento[1].ivaItem',
      'resumen.totalExenta',
      'resumen.totalGravada',
    ]);
  });

  it('checks totalIva, totalCompraExcluidos, seguro and flete in the operation total, reteRenta and totalPagar', () => {
    const factura = deFactura();
    factura.resumen.totalIva = 2.77;
    expect(campos('18', 1, factura)).toEqual(['resumen.totalIva']);

    const compra = deCompra();
    compra.resumen.totalCompraExcluidos = 40;
    // subTotalVentas (45.00 declared) and reteRenta (10% of 40.00 = 4.00) follow the declared 40.00.
    expect(campos('18', 1, compra)).toEqual([
      'resumen.totalCompraExcluidos',
      'resumen.subTotalVentas',
      'resumen.reteRenta',
    ]);
    const sinFlete = deCompra();
    sinFlete.resumen.montoTotalOperacion = 45;
    expect(campos('18', 1, sinFlete)).toEqual(['resumen.montoTotalOperacion', 'resumen.totalPagar']);
    const renta = deCompra();
    renta.resumen.reteRenta = 5.5;
    expect(campos('18', 1, renta)).toEqual(['resumen.reteRenta', 'resumen.totalPagar']);
  });
});

describe('NR (fe-nr-v4, 04): a CCF’s valuation, nothing to pay', () => {
  // 10 × 12.50 − 5.00 = 120.00 gravada ; 4 × 7.25 = 29.00 exenta ; 10 % off: 12.00 and 2.90
  // subTotal 149.00 − 14.90 = 134.10 ; IVA 13 % of 108.00 = 14.04 ; montoTotalOperacion 148.14
  const nr = () => ({
    cuerpoDocumento: [
      { ...linea(10, 12.5, 5, 120), ventaExenta: 0, ventaNoSuj: 0 },
      { cantidad: 4, precioUni: 7.25, montoDescu: 0, ventaNoSuj: 0, ventaExenta: 29, ventaGravada: 0 },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 29,
      totalGravada: 120,
      subTotalVentas: 149,
      descuNoSuj: 0,
      descuExenta: 2.9,
      descuGravada: 12,
      porcentajeDescuento: 10,
      totalDescu: 19.9,
      tributos: [{ codigo: '20', descripcion: 'IVA', valor: 14.04 }],
      subTotal: 134.1,
      montoTotalOperacion: 148.14,
    },
  });

  it('accepts the figures', () => expect(campos('04', 4, nr())).toEqual([]));

  it('checks the IVA on the discounted base', () => {
    const documento = nr();
    documento.resumen.tributos[0]!.valor = 15.6;
    expect(campos('04', 4, documento)).toEqual(['resumen.tributos[0].valor', 'resumen.montoTotalOperacion']);
  });
});

describe('FEX (fe-fex-v1, fe-fex-v3, 11): 0 % IVA, seguro and flete in the operation', () => {
  // 100 × 185.50 = 18,550.00 ; 12.5 % off = 2,318.75 ; + seguro 125.35 + flete 650.00 = 17,006.60
  const fex = (descuento: Json) => ({
    cuerpoDocumento: [{ cantidad: 100, precioUni: 185.5, montoDescu: 0, ventaGravada: 18550, noGravado: 0 }],
    resumen: {
      totalGravada: 18550,
      ...descuento,
      porcentajeDescuento: 12.5,
      totalDescu: 2318.75,
      seguro: 125.35,
      flete: 650,
      montoTotalOperacion: 17006.6,
      totalNoGravado: 0,
      totalPagar: 17006.6,
      pagos: [{ codigo: '01', montoPago: 17006.6 }],
    },
  });

  it('accepts v1 (descuento) and v3 (descuGravada, tributo C3 at 0)', () => {
    expect(campos('11', 1, fex({ descuento: 2318.75 }))).toEqual([]);
    expect(campos('11', 3, fex({ descuGravada: 2318.75, tributos: [{ codigo: 'C3', valor: 0 }] }))).toEqual([]);
  });

  it('refuses an operation without its flete, and IVA on an export', () => {
    const sinFlete = fex({ descuento: 2318.75 });
    sinFlete.resumen.montoTotalOperacion = 16356.6;
    sinFlete.resumen.totalPagar = 16356.6;
    expect(campos('11', 1, sinFlete)).toEqual(['resumen.montoTotalOperacion']);
    expect(campos('11', 3, fex({ descuGravada: 2318.75, tributos: [{ codigo: 'C3', valor: 2411.5 }] }))).toEqual([
      'resumen.tributos[0].valor',
    ]);
  });
});

describe('CD (fe-cd-v1, fe-cd-v2, 15): donated value less depreciation', () => {
  // 1 × 300.00 cash ; 5 × 250.00 − 400.00 depreciation = 850.00 ; valorTotal 1,150.00
  const cd = (campo: 'depreciacion' | 'tipoDepreciacion') => ({
    cuerpoDocumento: [
      { cantidad: 1, valorUni: 300, [campo]: 0, valor: 300 },
      { cantidad: 5, valorUni: 250, [campo]: 400, valor: 850 },
    ],
    resumen: { valorTotal: 1150, pagos: [{ codigo: '05', montoPago: 300 }] },
  });

  it('accepts v1 and v2, whose payments are the cash only', () => {
    expect(campos('15', 1, cd('depreciacion'))).toEqual([]);
    expect(campos('15', 2, cd('tipoDepreciacion'))).toEqual([]);
  });

  it('refuses goods valued without their depreciation', () => {
    const documento = cd('depreciacion');
    documento.cuerpoDocumento[1]!.valor = 1250;
    documento.resumen.valorTotal = 1550;
    expect(campos('15', 1, documento)).toEqual(['cuerpoDocumento[1].valor']);
  });
});

describe('CL (fe-cl-v1, fe-cl-v2, 08): the sale documents liquidated', () => {
  // CCF gravada 1,000.00 (IVA 130.00) ; paper Factura exenta 200.00 ; FEX exportaciones 500.00
  // subTotalVentas 1,700.00 ; montoTotalOperacion 1,830.00 ; percibido 10.00 ; total 1,840.00
  const linea = (columnas: Json) => ({
    ventaNoSuj: 0,
    ventaExenta: 0,
    ventaGravada: 0,
    exportaciones: 0,
    ivaItem: 0,
    ...columnas,
  });
  const cl = () => ({
    cuerpoDocumento: [
      linea({ ventaGravada: 1000, ivaItem: 130 }),
      linea({ ventaExenta: 200 }),
      linea({ exportaciones: 500 }),
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 200,
      totalGravada: 1000,
      exportacion: 500,
      subTotalVentas: 1700,
      tributos: [{ codigo: '20', valor: 130 }],
      montoTotalOperacion: 1830,
      ivaPerci: 10,
      total: 1840,
    },
  });

  it('accepts the figures', () => expect(campos('08', 2, cl())).toEqual([]));

  it('refuses a line whose IVA is not 13 % of its gravada, and a total without the percepción', () => {
    const documento = cl();
    documento.cuerpoDocumento[0]!.ivaItem = 113;
    documento.resumen.total = 1830;
    expect(campos('08', 2, documento)).toEqual(['cuerpoDocumento[0].ivaItem', 'resumen.total']);
  });
});

describe('DCL (fe-dcl-v1, fe-dcl-v2, 09): a period of card sales liquidated', () => {
  // 5,763.00 − 113.00 = 5,650.00 ; IVA 650.00 ; 5,000.00 sujeto ; 2 % = 100.00 ; commission 172.89, IVA 22.48
  // liquidoApagar 5,763.00 − 100.00 − 172.89 − 22.48 = 5,467.63
  const dcl = () => ({
    cuerpoDocumento: {
      valorOperaciones: 5763,
      montoSinPercepcion: 113,
      subTotal: 5650,
      iva: 650,
      montoSujetoPercepcion: 5000,
      ivaPercibido: 100,
      comision: 172.89,
      ivaComision: 22.48,
      liquidoApagar: 5467.63,
    },
  });

  it('accepts the figures', () => expect(campos('09', 1, dcl())).toEqual([]));

  it('refuses a percepción at 1 % and what is paid from it', () => {
    const documento = dcl();
    documento.cuerpoDocumento.ivaPercibido = 50;
    documento.cuerpoDocumento.liquidoApagar = 5517.63;
    expect(campos('09', 2, documento)).toEqual(['cuerpoDocumento.ivaPercibido']);
  });
});

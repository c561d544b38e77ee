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
    expect(verificarCalculos('01', factura(total))).toEqual({ hallazgos: [], observaciones: [] });
  });

  it.each([6.74, 6.78])('rejects %s, naming resumen.totalGravada', (total) => {
    expect(verificarCalculos('01', factura(total)).hallazgos).toEqual([
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
    const { hallazgos } = verificarCalculos('01', documento);
    expect(hallazgos.map((h) => h.campo)).not.toContain('cuerpoDocumento[0].ventaGravada');
    expect(hallazgos.map((h) => h.campo)).not.toContain('cuerpoDocumento[0].ivaItem');
  });
});

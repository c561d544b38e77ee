import { buildSujetoExcluidoV1, buildSujetoExcluidoV2, dte14Request, parseRequest } from '../src';
import { context, direccion } from './support/fixtures';
import { validateMhSchema } from '../src';

const sujetoExcluido = {
  tipoDocumento: '13',
  numDocumento: '01234567-8',
  nombre: 'Pedro Martínez',
  codActividad: '10005',
  descActividad: 'Otros',
  direccion,
  telefono: '7777-8888',
  correo: 'pedro@example.com',
};
const build = (body: object) =>
  buildSujetoExcluidoV1(context('14'), parseRequest(dte14Request, { sujetoExcluido, condicionOperacion: 1, ...body }));

describe('Sujeto excluido v1 (fe-fse-v1)', () => {
  // 1: 1 × 150.00 = 150.00 ; 2: 2.5 × 10.10 − 0.25 = 25.00 ; totalCompra 175.00
  // applyrent: reteRenta = 10 % = 17.50 ; totalPagar = 157.50
  const dte = build({
    items: [
      { descripcion: 'Consultoría', cantidad: 1, precioUnitario: 150, tipoItem: 2, uniMedida: 99 },
      { descripcion: 'Leña (m³)', cantidad: 2.5, precioUnitario: 10.1, montoDescu: 0.25 },
    ],
    applyrent: true,
    observaciones: 'Pago por servicios de noviembre',
  });

  it('validates against MH schema fe-fse-v1', () => {
    expect(validateMhSchema('fe-fse-v1', dte)).toEqual([]);
  });

  it('computes compra per item and the income-tax retention', () => {
    expect(dte.cuerpoDocumento.map((i) => [i.numItem, i.cantidad, i.precioUni, i.montoDescu, i.compra])).toEqual([
      [1, 1, 150, 0, 150],
      [2, 2.5, 10.1, 0.25, 25],
    ]);
    expect(dte.resumen).toEqual({
      totalCompra: 175,
      descu: 0,
      totalDescu: 0.25,
      subTotal: 175,
      ivaRete1: 0,
      reteRenta: 17.5,
      totalPagar: 157.5,
      totalLetras: 'CIENTO CINCUENTA Y SIETE DÓLARES CON 50/100',
      condicionOperacion: 1,
      pagos: [{ codigo: '01', montoPago: 157.5, referencia: null, plazo: null, periodo: null }],
      observaciones: 'Pago por servicios de noviembre',
    });
    expect(dte.sujetoExcluido).toMatchObject({ tipoDocumento: '13', numDocumento: '012345678', telefono: '77778888' });
  });

  it('rounds a half-cent retention up', () => {
    // 10 % of 100.05 = 10.005 → 10.01 ; totalPagar = 100.05 − 10.01 = 90.04
    const r = build({
      items: [{ descripcion: 'Asesoría', cantidad: 1, precioUnitario: 100.05, tipoItem: 2 }],
      applyrent: true,
    });
    expect(r.resumen).toMatchObject({ totalCompra: 100.05, reteRenta: 10.01, totalPagar: 90.04 });
    expect(validateMhSchema('fe-fse-v1', r)).toEqual([]);
  });

  it('withholds nothing without applyrent', () => {
    const r = build({ items: [{ descripcion: 'Maíz (qq)', cantidad: 3, precioUnitario: 33.33 }], applyrent: false });
    expect(r.resumen).toMatchObject({ totalCompra: 99.99, reteRenta: 0, totalPagar: 99.99, observaciones: null });
    expect(validateMhSchema('fe-fse-v1', r)).toEqual([]);
  });
});

describe('Sujeto excluido v2 (fe-fse-v2, Normativa DTE 2.0)', () => {
  // As v1: totalCompra 175.00, reteRenta 17.50, totalPagar 157.50
  const dte = buildSujetoExcluidoV2(
    context('14'),
    parseRequest(dte14Request, {
      sujetoExcluido,
      condicionOperacion: 1,
      items: [
        { descripcion: 'Consultoría', cantidad: 1, precioUnitario: 150, tipoItem: 2, uniMedida: 99 },
        { descripcion: 'Leña (m³)', cantidad: 2.5, precioUnitario: 10.1, montoDescu: 0.25 },
      ],
      applyrent: true,
    }),
  );

  it('validates against MH schema fe-fse-v2', () => {
    expect(validateMhSchema('fe-fse-v2', dte)).toEqual([]);
  });

  it('calls the seller receptor, with distrito, and has no ivaRete1', () => {
    expect(dte.receptor).toMatchObject({ tipoDocumento: '13', numDocumento: '012345678', direccion });
    expect(dte).not.toHaveProperty('sujetoExcluido');
    expect(dte.resumen).toEqual({
      totalCompra: 175,
      descu: 0,
      totalDescu: 0.25,
      subTotal: 175,
      reteRenta: 17.5,
      totalPagar: 157.5,
      totalLetras: 'CIENTO CINCUENTA Y SIETE DÓLARES CON 50/100',
      condicionOperacion: 1,
      pagos: [{ codigo: '01', montoPago: 157.5, referencia: null, plazo: null, periodo: null }],
      observaciones: null,
    });
  });
});

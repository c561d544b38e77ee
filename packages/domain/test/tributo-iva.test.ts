import {
  buildCreditoFiscalV3,
  buildCreditoFiscalV4,
  buildNotaCreditoV3,
  buildNotaCreditoV4,
  buildNotaDebitoV3,
  buildNotaDebitoV4,
  buildNotaRemisionV3,
  buildNotaRemisionV4,
  dte03Request,
  dte04Request,
  esquemaDe,
  notaRequest,
  parseRequest,
  validateMhSchema,
} from '../src';
import { context, contribuyente } from './support/fixtures';
import { aceptado } from './support/origen';

/**
 * A taxed total of $0.01 to $0.03 has an IVA that rounds to 0.00 (0.03 × 13 % = 0.0039). Its lines still
 * list tributo "20", so the resumen lists it too, once, at 0.00 (Manual Funcional §XIII: the resumen
 * consolidates each code the lines apply), in every kind of the CCF family and both generations.
 */
const ORIGINAL = '11111111-2222-4333-8444-555555555555';
const items = (precioUnitario: number) => [{ descripcion: 'Tornillo', cantidad: 1, precioUnitario }];
const ccfOrigen = () =>
  aceptado(
    buildCreditoFiscalV3(
      context('03', { codigoGeneracion: ORIGINAL, fecEmi: '2026-11-02' }),
      parseRequest(dte03Request, { receptor: contribuyente, items: items(10), condicionOperacion: 1 }),
    ),
  );
const ccf = (precio: number) =>
  parseRequest(dte03Request, { receptor: contribuyente, items: items(precio), condicionOperacion: 1 });
const remision = (precio: number) =>
  parseRequest(dte04Request, { receptor: { ...contribuyente, bienTitulo: '04' }, items: items(precio) });
const nota = (precio: number) =>
  parseRequest(notaRequest, { codigoGeneracion: ORIGINAL, items: items(precio), condicionOperacion: 1 });

const casos = [
  ['03', 3, (p: number) => buildCreditoFiscalV3(context('03'), ccf(p))],
  ['03', 4, (p: number) => buildCreditoFiscalV4(context('03'), ccf(p))],
  ['04', 3, (p: number) => buildNotaRemisionV3(context('04'), remision(p))],
  ['04', 4, (p: number) => buildNotaRemisionV4(context('04'), remision(p))],
  ['05', 3, (p: number) => buildNotaCreditoV3(context('05'), nota(p), [ccfOrigen()])],
  ['05', 4, (p: number) => buildNotaCreditoV4(context('05'), nota(p), [ccfOrigen()])],
  ['06', 3, (p: number) => buildNotaDebitoV3(context('06'), nota(p), [ccfOrigen()])],
  ['06', 4, (p: number) => buildNotaDebitoV4(context('06'), nota(p), [ccfOrigen()])],
] as const;

describe.each(casos)('DTE %s v%s with a taxed total whose IVA rounds to 0.00', (tipoDte, version, build) => {
  it.each([0.01, 0.02, 0.03])('$%s: the line and the resumen both list tributo 20, valued 0.00', (precio) => {
    const dte = build(precio);
    expect(validateMhSchema(esquemaDe(tipoDte, version)!, dte)).toEqual([]);
    expect(dte.cuerpoDocumento.map((i) => i.tributos)).toEqual([['20']]);
    expect(dte.resumen).toMatchObject({
      totalGravada: precio,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 0 }],
      montoTotalOperacion: precio,
    });
  });

  it('$0.04 already carries 0.01 of IVA (0.0052 rounds half up to 0.01)', () => {
    expect(build(0.04).resumen).toMatchObject({ tributos: [{ codigo: '20', valor: 0.01 }], montoTotalOperacion: 0.05 });
  });
});

describe('a document that taxes nothing', () => {
  it('lists tributo 20 neither on its lines nor in its resumen', () => {
    const exento = buildCreditoFiscalV4(
      context('03'),
      parseRequest(dte03Request, {
        receptor: contribuyente,
        items: [{ descripcion: 'Libro', cantidad: 1, precioUnitario: 0.02, tipoImpuesto: 'EXENTO' }],
        condicionOperacion: 1,
      }),
    );
    expect(exento.cuerpoDocumento[0]!.tributos).toBeNull();
    expect(exento.resumen.tributos).toBeNull();
  });
});

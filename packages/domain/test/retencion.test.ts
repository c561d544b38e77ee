import { buildComprobanteRetencionV1, buildComprobanteRetencionV2, dte07Request, parseRequest } from '../src';
import { context, contribuyente, emisor } from './support/fixtures';
import { validateMhSchema } from '../src';
import { refusal } from './support/refusal';

const retencion = (numItem: number, r: object) => ({
  numItem,
  tipoDte: '03',
  tipoGeneracion: 2,
  numDocumento: 'a1b2c3d4-0000-4000-8000-00000000000' + numItem,
  fechaEmision: '2026-11-02',
  descripcion: 'Retención IVA',
  ...r,
});
const request = parseRequest(dte07Request, {
  receptor: { ...contribuyente, tipoDocumento: '36' },
  cuerpoDocumento: [
    retencion(1, { montoSujetoGrav: 1000, codigoRetencionMH: '22', ivaRetenido: 10 }),
    retencion(2, { montoSujetoGrav: 100.5, codigoRetencionMH: 'C4', ivaRetenido: 13.07 }),
    retencion(3, {
      montoSujetoGrav: 200,
      codigoRetencionMH: 'C9',
      ivaRetenido: 5.5,
      tipoGeneracion: 1,
      numDocumento: 'F0001234',
      tipoDte: '01',
    }),
  ],
  observaciones: 'Retenciones de noviembre',
});

describe('Comprobante de retención v1 (fe-cr-v1)', () => {
  const dte = buildComprobanteRetencionV1(context('07'), request);

  it('validates against MH schema fe-cr-v1', () => {
    expect(validateMhSchema('fe-cr-v1', dte)).toEqual([]);
  });

  it('writes each retention and the totals', () => {
    // 22: 1 % of 1000 = 10.00 ; C4: 13 % of 100.50 = 13.065 → 13.07 ; C9: as declared 5.50
    // totalSujetoRetencion = 1000 + 100.50 + 200 = 1300.50 ; totalIVAretenido = 28.57
    expect(
      dte.cuerpoDocumento.map((c) => [
        c.numItem,
        c.tipoDoc,
        c.numDocumento,
        c.montoSujetoGrav,
        c.codigoRetencionMH,
        c.ivaRetenido,
      ]),
    ).toEqual([
      [1, 2, 'A1B2C3D4-0000-4000-8000-000000000001', 1000, '22', 10],
      [2, 2, 'A1B2C3D4-0000-4000-8000-000000000002', 100.5, 'C4', 13.07],
      [3, 1, 'F0001234', 200, 'C9', 5.5],
    ]);
    expect(dte.resumen).toEqual({
      totalSujetoRetencion: 1300.5,
      totalIVAretenido: 28.57,
      totalIVAretenidoLetras: 'VEINTIOCHO DÓLARES CON 57/100',
    });
  });

  it("uses CR v1's names for the establishment codes and a bare telephone", () => {
    expect(dte.emisor).toMatchObject({
      codigoMH: 'M001',
      codigo: 'M001',
      puntoVentaMH: 'P001',
      puntoVenta: 'P001',
      telefono: '22223333',
    });
    expect(dte.receptor).toMatchObject({
      tipoDocumento: '36',
      numDocumento: '06140101901015',
      nrc: '9000009',
      correo: 'contribuyente@example.com',
    });
    expect(dte.extension?.observaciones).toBe('Retenciones de noviembre');
  });

  it('cannot be issued in contingency (CAT-023)', () => {
    const e = refusal(() =>
      buildComprobanteRetencionV1(
        context('07', { contingencia: { tipoContingencia: 1, motivoContin: null } }),
        request,
      ),
    );
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
  });
});

describe('Comprobante de retención v2 (fe-cr-v2, Normativa DTE 2.0)', () => {
  const dte = buildComprobanteRetencionV2(context('07'), request);

  it('validates against MH schema fe-cr-v2', () => {
    expect(validateMhSchema('fe-cr-v2', dte)).toEqual([]);
    expect(dte.identificacion).toMatchObject({ version: 2, tipoDte: '07' });
  });

  it("writes each retention under v2's names and the totals, with the IVA of what is subject to retention", () => {
    expect(dte.cuerpoDocumento.map((c) => [c.numItem, c.tipoGeneracion, c.numeroDocumento, c.ivaRetenido])).toEqual([
      [1, 2, 'A1B2C3D4-0000-4000-8000-000000000001', 10],
      [2, 2, 'A1B2C3D4-0000-4000-8000-000000000002', 13.07],
      [3, 1, 'F0001234', 5.5],
    ]);
    // totalSujetoRetencion 1300.50 ; totalIva 13 % = 169.065 → 169.07 ; totalIvaRetenido 28.57 as v1
    expect(dte.resumen).toEqual({
      totalSujetoRetencion: 1300.5,
      totalIva: 169.07,
      totalIvaRetenido: 28.57,
      totalLetras: 'VEINTIOCHO DÓLARES CON 57/100',
      observaciones: 'Retenciones de noviembre',
    });
  });

  it("names the emisor by the taxpayer's codes, with distrito", () => {
    expect(dte.emisor).toMatchObject({ codEstable: 'M001', codPuntoVenta: 'P001', direccion: emisor.direccion });
    expect(dte.emisor).not.toHaveProperty('codigoMH');
    expect(dte.receptor.direccion).toEqual(contribuyente.direccion);
  });

  it('may be issued in contingency, unlike v1', () => {
    const r = buildComprobanteRetencionV2(
      context('07', { contingencia: { tipoContingencia: 1, motivoContin: null } }),
      request,
    );
    expect(r.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2 });
    expect(validateMhSchema('fe-cr-v2', r)).toEqual([]);
  });
});

it('refuses a related document dated after the comprobante itself, in both versions', () => {
  const futuro = parseRequest(dte07Request, {
    ...request,
    cuerpoDocumento: request.cuerpoDocumento.map((c, i) => (i === 1 ? { ...c, fechaEmision: '2099-01-01' } : c)),
  });
  for (const build of [buildComprobanteRetencionV1, buildComprobanteRetencionV2]) {
    const e = refusal(() => build(context('07'), futuro));
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
    expect(e.details['errors']).toEqual([
      {
        field: 'cuerpoDocumento[1].fechaEmision',
        message: 'Es posterior a la fecha de emisión del documento (2026-11-20)',
      },
    ]);
  }
});

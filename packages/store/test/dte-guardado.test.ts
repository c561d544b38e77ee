import { buildFacturaV2, dte01Request, parseRequest } from '@dte/domain';
import { dteDe, dteGuardado, jsonGuardado } from '../src/dte-guardado';
import { context, direccion } from '../../domain/test/support/fixtures';

/** A Factura v2 as the domain builds it, stored as a document record keeps it. */
const factura = buildFacturaV2(
  context('01'),
  parseRequest(dte01Request, {
    receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', direccion },
    items: [{ descripcion: 'Café', cantidad: 2, precioUnitario: 1.13 }],
    condicionOperacion: 1,
  }),
);
const guardado = { tipoDte: '01', dteJson: JSON.parse(JSON.stringify(factura)) as unknown };

describe("a stored document's DTE", () => {
  it('is read in the shape of its kind and version, and not as another', () => {
    const dte = dteDe(guardado, '01', 2);
    // Typed as the builder's result: the receptor's fields without a cast.
    expect(dte?.receptor.nombre).toBe('Juan Pérez');
    expect(dte?.identificacion.version).toBe(2);
    expect(dteDe(guardado, '01', 1)).toBeNull();
    expect(dteDe(guardado, '03', 4)).toBeNull();
  });

  it('is read whole as a DTE of any kind, or as the JSON object passed on', () => {
    expect(dteGuardado(guardado).identificacion.tipoDte).toBe('01');
    expect(jsonGuardado(guardado)).toEqual(factura);
  });

  it('is refused when the record holds no DTE', () => {
    expect(() => dteGuardado({ dteJson: {} })).toThrow(TypeError);
    expect(() => dteGuardado({ dteJson: null })).toThrow(TypeError);
    expect(() => jsonGuardado({ dteJson: [] })).toThrow(TypeError);
    expect(jsonGuardado({ dteJson: {} })).toEqual({});
  });
});

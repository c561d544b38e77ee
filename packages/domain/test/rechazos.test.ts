import { EXPLICACIONES_RECHAZO, explicacionDeRechazo, mhResponseCodes } from '../src';

/** The tablero's explanations of MH's rejections: ten codes, each one MH's catalog lists, each with its fix. */
describe('MH rejections explained', () => {
  it('explains ten codes of MH’s catalog, none of them an acceptance, each with what it means and what to do', () => {
    const catalogo = new Set(mhResponseCodes.codigoMsg.map((c) => c.codigo));
    const codigos = Object.keys(EXPLICACIONES_RECHAZO);
    expect(codigos).toHaveLength(10);
    expect(codigos.filter((c) => !catalogo.has(c) || c === '001' || c === '002')).toEqual([]);
    for (const [codigo, e] of Object.entries(EXPLICACIONES_RECHAZO))
      expect([codigo, e.significa.length > 20, e.solucion.length > 20]).toEqual([codigo, true, true]);
  });
});

describe('explicacionDeRechazo', () => {
  it('says one of the ten codes as explained, whatever the field', () => {
    expect(explicacionDeRechazo('020', 'resumen.totalPagar')).toBe(EXPLICACIONES_RECHAZO['020']);
  });

  it("reads any other code from MH's catalog with the field in place of [campo], and the general advice", () => {
    // Catalog: 009 "[campo] NIT CONTRIBUYENTE NO EXISTE".
    expect(explicacionDeRechazo('009', 'receptor.nit')).toEqual({
      significa: 'MH: receptor.nit: nit contribuyente no existe',
      solucion: 'Abra el documento, lea las observaciones de MH y corrija lo que señalan antes de emitirlo de nuevo.',
    });
    expect(explicacionDeRechazo('009').significa).toBe('MH: el documento: nit contribuyente no existe');
  });

  it('says when the catalog does not describe a code', () => {
    expect(explicacionDeRechazo('999').significa).toBe('MH respondió el código 999, que su catálogo no describe.');
  });
});

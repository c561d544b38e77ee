import { EXPLICACIONES_RECHAZO, mhResponseCodes } from '../src';

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

import { Preparados } from '../src/dte/preparados';

/** What a worker keeps of the documents it just saved, for the send that follows (dte/preparados.ts). */
describe('Preparados', () => {
  it('answers the signed document saved for a codigoGeneracion until it is forgotten', () => {
    const preparados = new Preparados();
    preparados.guardar('A', 'jws-a');
    preparados.guardar('B', 'jws-b');
    expect(preparados.firmado('A')).toBe('jws-a');
    expect(preparados.firmado('B')).toBe('jws-b');
    preparados.olvidar('A');
    expect(preparados.firmado('A')).toBeUndefined();
    expect(preparados.firmado('B')).toBe('jws-b');
    expect(preparados.firmado('C')).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the entry saved longest ago', () => {
    const preparados = new Preparados(3);
    for (const c of ['A', 'B', 'C']) preparados.guardar(c, `jws-${c}`);
    // Saved again, B is the newest: D pushes A out, E pushes C out.
    preparados.guardar('B', 'jws-B2');
    preparados.guardar('D', 'jws-D');
    preparados.guardar('E', 'jws-E');
    expect(['A', 'B', 'C', 'D', 'E'].map((c) => preparados.firmado(c))).toEqual([
      undefined,
      'jws-B2',
      undefined,
      'jws-D',
      'jws-E',
    ]);
  });
});

import { Recientes } from '../src/dte/recientes';

/** What a worker keeps of the documents it just wrote, for the step that reads them next (dte/recientes.ts). */
describe('Recientes', () => {
  it('answers the signed document saved for a codigoGeneracion until it is forgotten', () => {
    const preparados = new Recientes<string>();
    preparados.guardar('A', 'jws-a');
    preparados.guardar('B', 'jws-b');
    expect(preparados.leer('A')).toBe('jws-a');
    expect(preparados.leer('B')).toBe('jws-b');
    preparados.olvidar('A');
    expect(preparados.leer('A')).toBeUndefined();
    expect(preparados.leer('B')).toBe('jws-b');
    expect(preparados.leer('C')).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the entry saved longest ago', () => {
    const preparados = new Recientes<string>(3);
    for (const c of ['A', 'B', 'C']) preparados.guardar(c, `jws-${c}`);
    // Saved again, B is the newest: D pushes A out, E pushes C out.
    preparados.guardar('B', 'jws-B2');
    preparados.guardar('D', 'jws-D');
    preparados.guardar('E', 'jws-E');
    expect(['A', 'B', 'C', 'D', 'E'].map((c) => preparados.leer(c))).toEqual([
      undefined,
      'jws-B2',
      undefined,
      'jws-D',
      'jws-E',
    ]);
  });
});

import { consultaDeBusqueda, fichasDeBusqueda, type Buscable } from '../src';

/** The search box's fichas: what a document is found by, and which of them a query reads. */
describe('the search box', () => {
  const doc: Buscable = {
    codigoGeneracion: '10B9FC05-9366-444D-B5FB-46D59D737C1C',
    numeroControl: 'DTE-03-M001P001-000000000000123',
    receptorNombre: 'Ferretería López Núñez, S.A. de C.V.',
    receptor: ['06140101901015', '900000-9'],
  };
  const fichas = new Set(fichasDeBusqueda(doc));

  it.each([
    // The beginnings of the name's words, in any case, without accents; two words read their pair.
    ['ferre', ['n:ferr']],
    ['FERRETERÍA', ['n:ferret']],
    ['nunez lop', ['n:nune', 'n:lop', 'n:lop+nun']],
    // Identifiers with or without dashes and zeros; a número de control's end; a codigoGeneracion's start.
    ['0614-010190-101-5', ['c:6140101901015']],
    ['9000009', ['c:9000009']],
    ['123', ['c:123']],
    ['m001p001-000000000000123', ['c:123']],
    ['dte-03-m001p001-000000000000123', ['c:123']],
    ['10b9fc05-9366', ['c:10B9FC05']],
  ])('%s reads %j, fichas the document has, and matches it', (q, esperadas) => {
    const consulta = consultaDeBusqueda(q)!;
    expect(consulta.fichas).toEqual(esperadas);
    for (const f of consulta.fichas) expect(fichas).toContain(f);
    expect(consulta.coincide(doc)).toBe(true);
  });

  it.each(['ferre jose', '124', 'm001p001-000000000000124', '10b9fc06', '6140101901016'])('%s does not match it', (q) =>
    expect(consultaDeBusqueda(q)!.coincide(doc)).toBe(false),
  );

  it('finds a DUI written with its dash as it was issued without, and the reverse', () => {
    const dui = { ...doc, receptor: ['012345678'] };
    expect(consultaDeBusqueda('01234567-8')!.coincide(dui)).toBe(true);
    expect(fichasDeBusqueda(dui)).toContain(consultaDeBusqueda('01234567-8')!.fichas[0]);
    const conGuion = { ...doc, receptor: ['01234567-8'] };
    expect(fichasDeBusqueda(conGuion)).toContain(consultaDeBusqueda('012345678')!.fichas[0]);
  });

  it.each(['ab', 'de la', '-', ''])('%j can find nothing', (q) => expect(consultaDeBusqueda(q)).toBeNull());
});

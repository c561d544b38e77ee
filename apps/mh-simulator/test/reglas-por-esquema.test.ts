import { DTE_TIPOS, documentKind, mhSchemaFiles, type MhSchemaName } from '@dte/domain';
import { reglasDeCalculo } from '../src/recepcion/calculo';

/** The CAT-002 codes the service issues. */
const emitidos = new Set<string>(DTE_TIPOS.map((tipo) => documentKind(tipo).tipoDte));
const esquemas = Object.keys(mhSchemaFiles) as MhSchemaName[];

describe('every MH schema has its rule in the simulator', () => {
  it.each(esquemas.filter((e) => emitidos.has(mhSchemaFiles[e].de)))(
    '%s, of a kind issued here, is recomputed',
    (e) => {
      expect(typeof reglasDeCalculo[e]).toBe('function');
    },
  );

  // The events have their own services (eventos/), and the EOP (17) is not issued here.
  it('only the events and the kinds not issued here have no arithmetic to check', () => {
    const sinCalculo = esquemas.filter((e) => reglasDeCalculo[e] === null).sort();
    expect(sinCalculo).toEqual(esquemas.filter((e) => !emitidos.has(mhSchemaFiles[e].de)).sort());
    expect(sinCalculo.map((e) => mhSchemaFiles[e].de).sort()).toEqual([
      '17',
      'contingencia',
      'contingencia',
      'invalidacion',
      'invalidacion',
    ]);
  });

  it('the table has exactly MH’s schemas', () => {
    expect(Object.keys(reglasDeCalculo).sort()).toEqual([...esquemas].sort());
  });
});

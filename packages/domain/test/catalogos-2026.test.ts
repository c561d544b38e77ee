import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { codigoDistrito, distritosDe, inCatalog, isDistritoOf, mhSchemaFiles, parseRequest } from '../src';
import { direccion } from '../src/requests/common';
import cat008 from '../src/mh/catalogs/v2026/CAT-008.json';
import cat012v2026 from '../src/mh/catalogs/v2026/CAT-012.json';
import cat013v2026 from '../src/mh/catalogs/v2026/CAT-013.json';
import cat012 from '../src/mh/catalogs/CAT-012.json';
import cat013 from '../src/mh/catalogs/CAT-013.json';
import { fieldsOf, refusal } from './support/refusal';

const ROOT = path.resolve(__dirname, '../../..');

describe("MH's 2026 catalogs, extracted from MH's workbook", () => {
  it('are what scripts/catalogos-2026.js extracts from the vendored workbook today', () => {
    expect(() =>
      execFileSync(process.execPath, [path.join(ROOT, 'scripts/catalogos-2026.js'), '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('come from edition V 1.1 (July 2026), the workbook independent copies record by its sha256', () => {
    const file = path.join(
      ROOT,
      'packages/domain/src/mh/catalogs/v2026/MH-Catalogos-Facturacion-Electronica-2026-07.xlsx',
    );
    expect(createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16)).toBe('e86d7edc503d8765');
    // What V 1.1 changed against the May edition (V 1.0): Cabañas Este and Oeste swapped codes and Z.F.
    // INHDELVA became recinto fiscal 43. It also writes CAT-002 and CAT-008 codes with two digits ("03").
    expect(cat013v2026.items.filter((i) => i.departamento === '09').map((i) => [i.codigo, i.valor])).toEqual([
      ['10', 'CABAÑAS ESTE'],
      ['11', 'CABAÑAS OESTE'],
    ]);
    expect(inCatalog('CAT-027', '43', '2026')).toBe(true);
    expect(inCatalog('CAT-027', '43')).toBe(false);
    expect(distritosDe('09').map((d) => d.codigo)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09']);
  });

  it('number 262 distritos (the pre-2024 municipios) within their 14 departamentos, and 0 for foreigners', () => {
    const porDepartamento = Object.fromEntries(
      ['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14'].map((d) => [
        d,
        distritosDe(d).length,
      ]),
    );
    // The pre-2024 municipio counts of each departamento.
    expect(porDepartamento).toEqual({
      '00': 1,
      '01': 12,
      '02': 13,
      '03': 16,
      '04': 33,
      '05': 22,
      '06': 19,
      '07': 16,
      '08': 22,
      '09': 9,
      '10': 13,
      '11': 23,
      '12': 20,
      '13': 26,
      '14': 18,
    });
    expect(cat008.items).toHaveLength(263);
    expect(distritosDe('06').find((d) => d.codigo === '14')?.nombre).toBe('SAN SALVADOR');
  });

  it('write a distrito with two digits, valid only within its departamento', () => {
    expect(codigoDistrito('7')).toBe('07');
    expect(isDistritoOf('06', '19')).toBe(true);
    expect(isDistritoOf('06', '20')).toBe(false);
    expect(isDistritoOf('04', '33')).toBe(true);
    expect(isDistritoOf('06', '7')).toBe(false);
  });

  it('agree with catalogs v1.2 on departamentos and municipios, which addresses are checked against', () => {
    const clave = (i: { codigo: string; departamento?: string }) => `${i.departamento ?? ''}/${i.codigo}`;
    expect(cat012v2026.items.map(clave)).toEqual(cat012.items.map(clave));
    expect(cat013v2026.items.map(clave).sort()).toEqual(cat013.items.map(clave).sort());
  });

  it('name the retorno and the special operations events, and CAT-023 became Operaciones Especiales', () => {
    expect(inCatalog('CAT-002', '18')).toBe(false);
    expect(inCatalog('CAT-002', '18', '2026')).toBe(true);
    expect(inCatalog('CAT-023', '01', '2026')).toBe(false);
    expect(inCatalog('CAT-023', '97', '2026')).toBe(true);
    expect(inCatalog('CAT-033', 'TA-1', '2026')).toBe(true);
  });
});

describe('addresses in requests', () => {
  it('refuse a distrito that is not of the departamento (CAT-008), naming the field', () => {
    const e = refusal(() =>
      parseRequest(direccion, { departamento: '06', municipio: '23', distrito: '25', complemento: 'Calle 1' }),
    );
    expect(fieldsOf(e)).toEqual(['distrito']);
    expect(
      parseRequest(direccion, { departamento: '06', municipio: '23', distrito: '14', complemento: 'Calle 1' }),
    ).toMatchObject({
      distrito: '14',
    });
  });
});

describe("MH's schema files vendored here", () => {
  // sha256 (first 16) of the 2026 files as shared/mh/schemas/v2026/README.md records them.
  const SHA: Record<string, string> = {
    'fe-f-v2': '2887ff3ccf5594eb',
    'fe-ccf-v4': '2c2db8b3f6144bdd',
    'fe-nr-v4': '4620688814a8e764',
    'fe-nc-v4': 'f663902030a9ef28',
    'fe-nd-v4': '3b4ffdd4dded3152',
    'fe-cr-v2': '9c2faf7a40a0e9d7',
    'fe-cl-v2': 'e8af85e2fc5e6f74',
    'fe-dcl-v2': 'a1b86f95446d0b0e',
    'fe-fex-v3': '9539e63b4aa80272',
    'fe-fse-v2': '21b20ae93f85795d',
    'fe-cd-v2': '736e9c7dc45bbee0',
    'invalidacion-schema-v3': '1ce117cb01b59da3',
    'contingencia-schema-v4': '03fc357397dc7aaa',
    'fe-eret-v1': 'b845e98ca8acaa4e',
    'fe-eop-v1': '16c494520e5c75d6',
  };

  it.each(Object.entries(SHA))('%s is byte-for-byte the official 2026 file', (name, sha) => {
    const file = path.join(ROOT, 'packages/domain/src/mh/schemas/v2026', `${name}.json`);
    expect(createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16)).toBe(sha);
    expect(mhSchemaFiles[name as keyof typeof mhSchemaFiles].generacion).toBe('2026');
  });
});

import {
  direccionRequest,
  distritosDe,
  isDistritoOfMunicipio,
  isMunicipioAnterior2024,
  isMunicipioOf,
  municipioDelDistrito,
} from '../src';
import cat013 from '../src/mh/catalogs/CAT-013.json';
import cat008v2026 from '../src/mh/catalogs/v2026/CAT-008.json';
import cat013v2026 from '../src/mh/catalogs/v2026/CAT-013.json';
import mapa from '../src/mh/catalogs/v2026/distritos-por-municipio.json';

describe('municipio codes before and after the 2024 reform', () => {
  it.each([
    ['11', '23', true],
    ['03', '07', true],
    ['06', '19', true],
    ['06', '01', true],
    ['06', '20', false],
    ['06', '23', false],
    ['11', '24', false],
    ['06', '25', false],
    ['00', '00', false],
  ])('%s/%s is a pre-2024 code: %s', (departamento, municipio, anterior) => {
    expect(isMunicipioAnterior2024(departamento, municipio)).toBe(anterior);
  });

  it("never meet: every departamento's 2024 codes come after its last old one", () => {
    const departamentos = [...new Set(cat013.items.map((i) => i.departamento))].filter((d) => d !== '00');
    expect(departamentos).toHaveLength(14);
    for (const d of departamentos) {
      const viejos = distritosDe(d).map((x) => Number(x.codigo));
      const nuevos = cat013.items.filter((i) => i.departamento === d).map((i) => Number(i.codigo));
      expect([d, Math.max(...viejos) < Math.min(...nuevos)]).toEqual([d, true]);
      for (const n of nuevos) expect(isMunicipioOf(d, String(n).padStart(2, '0'))).toBe(true);
    }
  });

  const direccion = (d: Record<string, unknown>) =>
    direccionRequest.safeParse({ complemento: 'Calle 1', ...d }).error?.issues.map((i) => i.path.join('.')) ?? [];

  it('are both taken in a request; an old code is its own distrito', () => {
    expect(direccion({ departamento: '11', municipio: '23' })).toEqual([]);
    expect(direccion({ departamento: '11', municipio: '23', distrito: '23' })).toEqual([]);
    expect(direccion({ departamento: '11', municipio: '25', distrito: '23' })).toEqual([]);
    expect(direccion({ departamento: '11', municipio: '23', distrito: '05' })).toEqual(['distrito']);
    expect(direccion({ departamento: '11', municipio: '27' })).toEqual(['municipio']);
  });
});

describe('distritos of each 2024 municipio (Decreto Legislativo 762)', () => {
  const nombre = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
  const sinExtranjero = <T extends { departamento: string }>(items: T[]) =>
    items.filter((i) => i.departamento !== '00');

  it('names its source', () => {
    expect(mapa.fuente).toMatch(/Dimas2211\/web-app-gym @ 30e314c/);
  });

  it("place every CAT-008 distrito in exactly one municipio of its departamento, under MH's 2026 names", () => {
    for (const d of sinExtranjero(cat008v2026.items)) {
      const suyos = mapa.items.filter(
        (m) => m.departamento === d.departamento && m.distritos.some((x) => x.codigo === d.codigo),
      );
      expect([d.departamento, d.codigo, suyos.length]).toEqual([d.departamento, d.codigo, 1]);
      const enElMapa = suyos[0]!.distritos.find((x) => x.codigo === d.codigo)!;
      expect([d.departamento, d.codigo, nombre(enElMapa.nombre)]).toEqual([d.departamento, d.codigo, nombre(d.valor)]);
    }
    // Nothing beyond CAT-008: 262 distritos, the pre-2024 municipios.
    expect(mapa.items.flatMap((m) => m.distritos)).toHaveLength(262);
  });

  it('give every 2024 municipio of CAT-013 at least one distrito, under its CAT-013 code and name', () => {
    const municipios = sinExtranjero(cat013v2026.items);
    expect(municipios).toHaveLength(44);
    expect(mapa.items).toHaveLength(44);
    for (const m of municipios) {
      const enElMapa = mapa.items.find((x) => x.departamento === m.departamento && x.municipio === m.codigo);
      expect([m.departamento, m.codigo, enElMapa && nombre(enElMapa.nombre)]).toEqual([
        m.departamento,
        m.codigo,
        nombre(m.valor),
      ]);
      expect(enElMapa!.distritos.length).toBeGreaterThan(0);
    }
  });

  it.each([
    // San Salvador (06/14) is in San Salvador Centro (23), not Norte (20).
    ['06', '23', '14', true],
    ['06', '20', '14', false],
    // Ciudad Delgado (06/19) and Cuscatancingo (06/04) are in Centro; San Marcos (06/12) in Sur (24).
    ['06', '23', '19', true],
    ['06', '23', '04', true],
    ['06', '24', '12', true],
    ['06', '23', '12', false],
    // Santa Tecla (05/11) is in La Libertad Sur (28).
    ['05', '28', '11', true],
    ['05', '24', '11', false],
    // Usulután (11/23) is in Usulután Este (25); as a pre-2024 municipio it is its own distrito.
    ['11', '25', '23', true],
    ['11', '26', '23', false],
    ['11', '23', '23', true],
    ['11', '23', '05', false],
    // Sensuntepeque (09/06) is in Cabañas Este, 10 in CAT-013 V 1.1; Ilobasco (09/03) in Oeste, 11.
    ['09', '10', '06', true],
    ['09', '11', '03', true],
    ['09', '11', '06', false],
  ])('%s/%s holds distrito %s: %s', (departamento, municipio, distrito, dentro) => {
    expect(isDistritoOfMunicipio(departamento, municipio, distrito)).toBe(dentro);
  });

  it('name the municipio that holds a distrito; none for a code outside the departamento', () => {
    expect(municipioDelDistrito('06', '14')).toEqual({ codigo: '23', nombre: 'SAN SALVADOR CENTRO' });
    expect(municipioDelDistrito('06', '20')).toBeUndefined();
  });

  it('refuse in a request a distrito outside its municipio, naming the one that holds it', () => {
    const res = direccionRequest.safeParse({
      departamento: '06',
      municipio: '20',
      distrito: '14',
      complemento: 'Calle 1',
    });
    expect(res.error?.issues).toEqual([
      expect.objectContaining({
        path: ['distrito'],
        message: expect.stringContaining('municipio 23 (SAN SALVADOR CENTRO)'),
      }),
    ]);
  });
});

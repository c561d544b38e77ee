import { direccionRequest, distritosDe, isMunicipioAnterior2024, isMunicipioOf } from '../src';
import cat013 from '../src/mh/catalogs/CAT-013.json';

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
    expect(direccion({ departamento: '11', municipio: '26', distrito: '23' })).toEqual([]);
    expect(direccion({ departamento: '11', municipio: '23', distrito: '05' })).toEqual(['distrito']);
    expect(direccion({ departamento: '11', municipio: '27' })).toEqual(['municipio']);
  });
});

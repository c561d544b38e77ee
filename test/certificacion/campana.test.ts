import { eventually } from '../support/eventually';
import { conteoCertificacion } from '../support/mh';
import { api, createTestTenant } from '../support/tenant';

describe('certification campaign', () => {
  // In both generations: 2023's invalidation event must name the Factura's receptor (anulacion-schema-v2).
  it.each(['2026', '2023'] as const)(
    'issues a small plan end to end in the %s generation; MH counts what was planned; a second run is refused',
    async (generacion) => {
      const tenant = await createTestTenant({ generacion });
      // 01 ×2, 03 ×2, 05 ×1 (on the CCFs), 2 invalidations: the i-th takes tipoAnulacion 2, 1, … in turn,
      // so the first (of Factura 0) needs no replacement and the second (of Factura 1, tipo 1) one more
      // Factura; the CCFs have a note in force, so only the Facturas and the note are invalidated.
      const inicio = await api('POST', '/certificacion', tenant, { plan: '01=2,03=2,05=1,invalidacion=2', ritmo: 600 });
      expect([inicio.status, inicio.body.data.plan]).toEqual([
        202,
        {
          documentos: { FACTURA_CONSUMIDOR_FINAL: 2, CREDITO_FISCAL: 2, NOTA_CREDITO: 1 },
          invalidaciones: 2,
          contingencias: 0,
        },
      ]);

      // Followed from the moment it is started, before its first step has written anything (or after its
      // last, if this request came late).
      const recien = await api('GET', '/certificacion', tenant);
      expect([recien.status, ['EN_CURSO', 'COMPLETA'].includes(recien.body.data?.estado)]).toEqual([200, true]);

      const final = await eventually('the campaign completed', async () => {
        const res = await api('GET', '/certificacion', tenant);
        return res.body.data?.estado === 'COMPLETA' ? res.body.data : undefined;
      });
      const hecho = (n: number) => ({ planificados: n, aceptados: n, rechazados: 0, enCurso: 0 });
      expect(final).toMatchObject({
        documentos: { FACTURA_CONSUMIDOR_FINAL: hecho(2), CREDITO_FISCAL: hecho(2), NOTA_CREDITO: hecho(1) },
        invalidaciones: hecho(2),
        reemplazos: 1,
        ultimoRechazo: null,
      });
      // MH counts the replacement Factura too: 2 + 1.
      expect(await conteoCertificacion(tenant.nit)).toMatchObject({
        documentos: { '01': 3, '03': 2, '05': 1 },
        invalidaciones: { '1': 1, '2': 1 },
      });
      const otra = await api('POST', '/certificacion', tenant, { plan: '01=1' });
      expect([otra.status, otra.body.code, otra.body.estado]).toEqual([409, 'CERTIFICATION_EXISTS', 'COMPLETA']);
    },
  );

  it('takes cancelar the moment it is started, and a new start the moment it reads CANCELADA', async () => {
    const tenant = await createTestTenant();
    const cancelada = () =>
      eventually('the campaign cancelled', async () => {
        const res = await api('GET', '/certificacion', tenant);
        return res.body.data?.estado === 'CANCELADA' ? res.body.data : undefined;
      });
    // Each call follows the previous one's answer at once: the campaign's record may not be written yet.
    for (let vuelta = 0; vuelta < 3; vuelta++) {
      const inicio = await api('POST', '/certificacion', tenant, { plan: '01=5', ritmo: 1 });
      const cancelar = await api('POST', '/certificacion/cancelar', tenant);
      expect([vuelta, inicio.status, cancelar.status]).toEqual([vuelta, 202, 202]);
      await cancelada();
    }
    expect((await cancelada()).iniciadaEn).toEqual(expect.any(String));
    // With no campaign running, cancelar finds none.
    const otra = await api('POST', '/certificacion/cancelar', tenant);
    expect([otra.status, otra.body.code]).toEqual([404, 'CERTIFICATION_NOT_FOUND']);
  });
});

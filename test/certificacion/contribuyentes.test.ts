import { RITMO_MAXIMO_CERTIFICACION } from '@dte/domain';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, createTestTenant, type TestTenant } from '../support/tenant';

/** A taxpayer MH's registry holds (the simulator's, for this emisor only), as a campaign is given it. */
const REGISTRADO = {
  nit: '06140101001014',
  nrc: '765432',
  nombre: 'CLIENTE REGISTRADO, S.A. DE C.V.',
  codActividad: '62010',
  descActividad: 'Programación informática',
  direccion: { departamento: '06', municipio: '23', distrito: '14', complemento: 'Colonia Escalón, calle 1 #2' },
  telefono: '22223333',
  correo: 'compras@registrado.example',
};

async function campanaEn(tenant: TestTenant, estado: string) {
  return eventually(`the campaign to be ${estado}`, async () => {
    const res = await api('GET', '/certificacion', tenant);
    return res.body.data?.estado === estado ? res.body.data : undefined;
  });
}

describe('certification campaign: receptors registered at MH', () => {
  it('pauses at MH’s 009 with invented receptors, and completes when given the emisor’s registered ones', async () => {
    const tenant = await createTestTenant();
    // From here MH checks this emisor's receptors against its registry, which holds one taxpayer.
    const registro = await fetch(`${stack().mhSimulator}/__sim/contribuyentes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emisor: tenant.nit, nit: REGISTRADO.nit, nrc: REGISTRADO.nrc }),
    });
    expect(registro.status).toBe(201);

    expect(
      (await api('POST', '/certificacion', tenant, { plan: '03=2', ritmo: RITMO_MAXIMO_CERTIFICACION })).status,
    ).toBe(202);
    const pausada = await campanaEn(tenant, 'PAUSADA');
    expect(pausada.ultimoRechazo).toMatchObject({ paso: 'CREDITO_FISCAL', codigoMsg: '009' });
    expect((await api('POST', '/certificacion/cancelar', tenant)).status).toBe(202);
    await campanaEn(tenant, 'CANCELADA');

    const mal = await api('POST', '/certificacion', tenant, {
      plan: '03=2',
      contribuyentes: [{ ...REGISTRADO, nit: '0614-01' }],
    });
    expect([mal.status, mal.body.code, mal.body.errors?.[0]?.field]).toEqual([
      400,
      'VALIDATION_ERROR',
      'contribuyentes[0].nit',
    ]);

    const inicio = await api('POST', '/certificacion', tenant, {
      plan: '03=2',
      ritmo: RITMO_MAXIMO_CERTIFICACION,
      contribuyentes: [REGISTRADO],
    });
    expect(inicio.status).toBe(202);
    // Followed at once, while the record is still the cancelled campaign's: the new campaign answers (still
    // running, or already done if this request came late), not the cancelled one.
    const recien = await api('GET', '/certificacion', tenant);
    expect([recien.status, ['EN_CURSO', 'COMPLETA'].includes(recien.body.data?.estado)]).toEqual([200, true]);
    const final = await campanaEn(tenant, 'COMPLETA');
    expect(final.documentos.CREDITO_FISCAL).toEqual({ planificados: 2, aceptados: 2, rechazados: 0, enCurso: 0 });

    // Both CCFs of this campaign went to the registered taxpayer, with its NIT and NRC.
    const lista = await api('GET', '/dte?tipo=CREDITO_FISCAL', tenant);
    const aceptados = (lista.body.data as { codigoGeneracion: string; estado: string }[]).filter(
      (d) => d.estado === 'PROCESSED',
    );
    expect(aceptados).toHaveLength(2);
    for (const { codigoGeneracion } of aceptados) {
      const { receptor } = (await api('GET', `/dte/${codigoGeneracion}`, tenant)).body.data.dteJson;
      expect([receptor.nit, receptor.nrc, receptor.nombre]).toEqual([
        REGISTRADO.nit,
        REGISTRADO.nrc,
        REGISTRADO.nombre,
      ]);
    }
  });
});

import { RITMO_MAXIMO_CERTIFICACION } from '@dte/domain';
import { eventually } from '../support/eventually';
import { conteoCertificacion, recepcionesDe } from '../support/mh';
import { startApi, startWorker, type ExtraProcess } from '../support/processes';
import { closeTestDatabase, createTestTenant } from '../support/tenant';

/**
 * The worker killed (SIGKILL) in the middle of a campaign, then a new one started: the campaign completes,
 * MH counts exactly the plan, and no codigoGeneracion reached MH twice. The worker and the API run on a
 * task queue of their own, so the kill touches no other suite.
 */
describe('certification campaign: the worker killed mid-campaign', () => {
  const queue = `certificacion-crash-${Date.now()}`;
  const env = { TEMPORAL_TASK_QUEUE: queue, WORKER_SCHEDULES: 'false' };
  const procesos: ExtraProcess[] = [];
  afterAll(async () => {
    for (const p of procesos) p.child.kill('SIGKILL');
    await closeTestDatabase();
  });

  it('completes with exact counts and nothing sent twice', async () => {
    const apiPropia = await startApi('api-certificacion-crash', env);
    const primero = await startWorker('worker-certificacion-crash', env);
    procesos.push(apiPropia, primero);
    const tenant = await createTestTenant();
    const llamar = async (method: string, pathname: string, body?: unknown) => {
      const res = await fetch(`${apiPropia.url}${pathname}`, {
        method,
        headers: tenant.headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data?: Record<string, any> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const estado = async () => (await llamar('GET', '/certificacion')).body.data;

    // 01 ×3, 03 ×2, 05 ×1 (on a CCF), one invalidation (tipoAnulacion 2: no replacement; of a Factura, as the
    // CCFs have a note in force) and one contingency event (tipo 1, a Factura of its own).
    const inicio = await llamar('POST', '/certificacion', {
      plan: '01=3,03=2,05=1,invalidacion=1,contingencia=1',
      ritmo: RITMO_MAXIMO_CERTIFICACION,
    });
    expect(inicio.status).toBe(202);

    await eventually(
      'a first Factura accepted',
      async () => (await estado())?.documentos?.FACTURA_CONSUMIDOR_FINAL?.aceptados >= 1,
    );
    primero.child.kill('SIGKILL');
    expect(await primero.exited).toBeNull();
    procesos.push(await startWorker('worker-certificacion-crash-2', env));

    const final = await eventually('the campaign completed', async () => {
      const e = await estado();
      return e?.estado === 'COMPLETA' ? e : undefined;
    });
    const hecho = (n: number) => ({ planificados: n, aceptados: n, rechazados: 0, enCurso: 0 });
    expect(final).toMatchObject({
      documentos: { FACTURA_CONSUMIDOR_FINAL: hecho(3), CREDITO_FISCAL: hecho(2), NOTA_CREDITO: hecho(1) },
      invalidaciones: hecho(1),
      contingencias: hecho(1),
      reemplazos: 0,
      ultimoRechazo: null,
    });
    // MH's count is the plan exactly: 3 Facturas + the one issued in contingencia = 4; 2 CCFs; 1 note; one
    // invalidation of tipo 2; one contingency event of tipo 1.
    expect(await conteoCertificacion(tenant.nit)).toEqual({
      nit: tenant.nit,
      ambiente: '00',
      documentos: { '01': 4, '03': 2, '05': 1 },
      invalidaciones: { '2': 1 },
      contingencias: { '1': 1 },
    });
    // Each codigoGeneracion reached each of MH's services once: nothing was issued or sent twice. By hand:
    // 6 documents by recepciondte, the contingency Factura by recepcionlote, its event, the invalidation: 9.
    const envios = (await recepcionesDe(tenant.nit)).flatMap((d) =>
      d.respuestas.map((r) => `${d.codigoGeneracion} ${r.servicio}`),
    );
    expect([envios.length, new Set(envios).size]).toEqual([9, 9]);
  }, 300000);
});

import { randomUUID } from 'node:crypto';
import { ApplicationFailure, Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { Certificacion, type DteErrorDetails } from '@dte/contract';
import {
  MAXIMO_EVENTOS_CERTIFICACION,
  MAXIMO_POR_TIPO_CERTIFICACION,
  RITMO_MAXIMO_CERTIFICACION,
  type PlanCertificacion,
} from '@dte/domain';
import { activeApiTokenByHash, hashToken } from '@dte/store';
import { eventually } from '../support/eventually';
import { conteoCertificacion } from '../support/mh';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase } from '../support/tenant';

describe('certification campaign', () => {
  afterAll(() => closeTestDatabase());

  // In both generations: 2023's invalidation event must name the Factura's receptor (anulacion-schema-v2).
  it.each(['2026', '2023'] as const)(
    'issues a small plan end to end in the %s generation; MH counts what was planned; a second run is refused',
    async (generacion) => {
      const tenant = await createTestTenant({ generacion });
      // 01 ×2, 03 ×2, 05 ×1 (on the CCFs), 2 invalidations: the i-th takes tipoAnulacion 2, 1, … in turn,
      // so the first (of Factura 0) needs no replacement and the second (of Factura 1, tipo 1) one more
      // Factura; the CCFs have a note in force, so only the Facturas and the note are invalidated.
      const inicio = await api('POST', '/certificacion', tenant, {
        plan: '01=2,03=2,05=1,invalidacion=2',
        ritmo: RITMO_MAXIMO_CERTIFICACION,
      });
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

  it('refuses a plan or a ritmo beyond what MH’s test environment needs, at the API and by hand', async () => {
    const tenant = await createTestTenant();
    const pedidos = [
      [{ plan: '01=99999' }, ['plan.01']],
      [{ plan: `01=90,03=${MAXIMO_POR_TIPO_CERTIFICACION + 1}` }, ['plan.03']],
      [
        { plan: `01=${MAXIMO_POR_TIPO_CERTIFICACION},invalidacion=${MAXIMO_EVENTOS_CERTIFICACION + 1}` },
        ['plan.invalidacion'],
      ],
      [{ plan: `01=90,contingencia=${MAXIMO_EVENTOS_CERTIFICACION + 1}` }, ['plan.contingencia']],
      [{ plan: '01=1', ritmo: 600 }, ['ritmo']],
      [{ plan: '01=1', ritmo: RITMO_MAXIMO_CERTIFICACION + 1 }, ['ritmo']],
    ] as const;
    for (const [pedido, campos] of pedidos) {
      const res = await api('POST', '/certificacion', tenant, pedido);
      expect([pedido, res.status, res.body.code, res.body.errors?.map((e: { field: string }) => e.field)]).toEqual([
        pedido,
        400,
        'VALIDATION_ERROR',
        campos,
      ]);
    }
    expect((await api('GET', '/certificacion', tenant)).body.code).toBe('CERTIFICATION_NOT_FOUND');

    // Started by hand, as from the Temporal UI: the workflow's first step refuses the same.
    const token = await activeApiTokenByHash((await testDatabase()).models, hashToken(tenant.token));
    const issuer = {
      tokenId: token!.id,
      emisorId: token!.emisorId,
      establecimientoId: token!.establecimientoId,
      puntoVentaId: token!.puntoVentaId,
    };
    const connection = await Connection.connect({ address: stack().temporalGrpc });
    try {
      const temporal = new Client({ connection });
      const aMano = async (plan: PlanCertificacion, ritmo: number) => {
        const err = await temporal.workflow
          .execute(Certificacion.workflowType, {
            taskQueue: loadConfig(stack().env).TEMPORAL_TASK_QUEUE,
            workflowId: `${Certificacion.workflowId(tenant.emisorId)}-${randomUUID()}`,
            args: [{ emisorId: tenant.emisorId, issuer, plan, ritmo, semilla: randomUUID() }],
          })
          .then(
            (r) => new Error(`the campaign did not refuse: ${JSON.stringify(r)}`),
            (e: unknown) => e,
          );
        expect(err).toBeInstanceOf(WorkflowFailedError);
        const causa = (err as WorkflowFailedError).cause as ApplicationFailure;
        const { httpStatus, code, details } = causa.details![0] as DteErrorDetails;
        return [httpStatus, code, (details.errors as { field: string }[]).map((e) => e.field)];
      };
      const eventos = { invalidaciones: 0, contingencias: 0 };
      expect(await aMano({ documentos: { FACTURA_CONSUMIDOR_FINAL: 99999 }, ...eventos }, 1)).toEqual([
        400,
        'VALIDATION_ERROR',
        ['plan.01'],
      ]);
      expect(await aMano({ documentos: { FACTURA_CONSUMIDOR_FINAL: 1 }, ...eventos }, 600)).toEqual([
        400,
        'VALIDATION_ERROR',
        ['ritmo'],
      ]);
    } finally {
      await connection.close();
    }
    expect((await api('GET', '/certificacion', tenant)).body.code).toBe('CERTIFICATION_NOT_FOUND');

    // At the bounds, a campaign starts (and is cancelled at once).
    const limite = await api('POST', '/certificacion', tenant, {
      plan: `01=${MAXIMO_POR_TIPO_CERTIFICACION},invalidacion=${MAXIMO_EVENTOS_CERTIFICACION},contingencia=${MAXIMO_EVENTOS_CERTIFICACION}`,
      ritmo: RITMO_MAXIMO_CERTIFICACION,
    });
    expect(limite.status).toBe(202);
    expect((await api('POST', '/certificacion/cancelar', tenant)).status).toBe(202);
    await eventually('the campaign cancelled', async () => {
      const res = await api('GET', '/certificacion', tenant);
      return res.body.data?.estado === 'CANCELADA';
    });
  });
});

import { Client, Connection } from '@temporalio/client';
import { RITMO_MAXIMO_CERTIFICACION } from '@dte/domain';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { conteoCertificacion, enMh } from '../support/mh';
import { api, createTestTenant, simulator } from '../support/tenant';

const estadoCampana = async (tenant: Awaited<ReturnType<typeof createTestTenant>>) =>
  (await api('GET', '/certificacion', tenant)).body.data;

describe('certification campaign: a rejection by MH', () => {
  it("pauses at MH's rejection, showing its reasons and the document, and completes after reanudar", async () => {
    const tenant = await createTestTenant();
    // 01 ×3, 03 ×2, one invalidation: the first takes tipoAnulacion 2 (rescindir), which needs no replacement.
    const inicio = await api('POST', '/certificacion', tenant, {
      plan: '01=3,03=2,invalidacion=1',
      ritmo: RITMO_MAXIMO_CERTIFICACION,
    });
    expect(inicio.status).toBe(202);

    await eventually('a first Factura accepted', async () => {
      const estado = await estadoCampana(tenant);
      return estado?.documentos?.FACTURA_CONSUMIDOR_FINAL?.aceptados >= 1;
    });
    await simulator('/reject', {
      next: 1,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: '[resumen.totalPagar] CALCULO INCORRECTO',
      emisor: tenant.nit,
    });

    const pausada = await eventually('the campaign paused', async () => {
      const estado = await estadoCampana(tenant);
      return estado?.estado === 'PAUSADA' ? estado : undefined;
    });
    expect(pausada.ultimoRechazo).toMatchObject({
      codigoMsg: '020',
      descripcionMsg: '[resumen.totalPagar] CALCULO INCORRECTO',
      observaciones: [expect.stringContaining('CALCULO INCORRECTO')],
    });
    const { codigoGeneracion } = pausada.ultimoRechazo as { codigoGeneracion: string };
    // The document the campaign names is the one MH refused, and MH holds nothing of it.
    expect(await enMh(codigoGeneracion)).toMatchObject({
      respuestas: [{ estado: 'RECHAZADO', codigoMsg: '020' }],
      registrado: null,
    });

    // An operator finds the paused campaign in the Temporal UI by its search attributes.
    const connection = await Connection.connect({ address: stack().temporalGrpc });
    try {
      const temporal = new Client({ connection });
      const query = `WorkflowType = 'CertificacionWorkflow' AND DteEmisor = '${tenant.emisorId}' AND DteEstado = 'PAUSADA'`;
      const encontradas = await eventually('the paused campaign in Temporal visibility', async () => {
        const ids: string[] = [];
        for await (const w of temporal.workflow.list({ query })) ids.push(w.workflowId);
        return ids.length ? ids : undefined;
      });
      expect(encontradas).toEqual([`certificacion-${tenant.emisorId}`]);
    } finally {
      await connection.close();
    }

    const reanudar = await api('POST', '/certificacion/reanudar', tenant);
    expect(reanudar.status).toBe(202);
    const final = await eventually('the campaign completed', async () => {
      const estado = await estadoCampana(tenant);
      return estado?.estado === 'COMPLETA' ? estado : undefined;
    });
    expect(final).toMatchObject({
      documentos: {
        FACTURA_CONSUMIDOR_FINAL: { planificados: 3, aceptados: 3, enCurso: 0 },
        CREDITO_FISCAL: { planificados: 2, aceptados: 2, enCurso: 0 },
      },
      invalidaciones: { planificados: 1, aceptados: 1, rechazados: 0 },
      reemplazos: 0,
    });
    // Exactly one step was refused, whichever kind was in flight, and issued again as a new document.
    const rechazados =
      final.documentos.FACTURA_CONSUMIDOR_FINAL.rechazados + final.documentos.CREDITO_FISCAL.rechazados;
    expect(rechazados).toBe(1);
    // MH counts the plan: the rejected document never existed for it, no replacement was needed.
    expect(await conteoCertificacion(tenant.nit)).toMatchObject({
      documentos: { '01': 3, '03': 2 },
      invalidaciones: { '2': 1 },
    });
  }, 240000);
});

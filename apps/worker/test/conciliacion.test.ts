import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import {
  ConciliacionDiaria,
  DESTINO_NO_PERMITIDO,
  EntregaWebhook,
  type EntregaWebhookInput,
  type ResumenConciliacion,
} from '@dte/contract';
import { recordCalls, runWorker, workflowTests } from './support';

/** The daily reconciliation and the webhook delivery, the service's workflows that run on their own, on stub activities. */

const ctx = workflowTests();

const resumen = (emisorId: number, fecha: string): ResumenConciliacion => ({
  emisorId,
  fecha,
  consultados: 3,
  diferencias: 1,
  sinRespuesta: 0,
});

describe('ConciliacionDiariaWorkflow', () => {
  it("reconciles every emisor's day before, one after the other, and goes on past one that fails", async () => {
    const stubs = recordCalls({
      emisoresParaConciliar: async () => [1, 2, 3],
      conciliarDia: async ({ emisorId, fecha }) => {
        if (emisorId === 2) throw ApplicationFailure.nonRetryable('MH no respondió');
        return resumen(emisorId, fecha);
      },
    });
    const antes = Date.now();
    const resultado = await runWorker(ctx, stubs.activities, (taskQueue) =>
      ctx.workflows.execute(ConciliacionDiaria, { workflowId: `diaria-${antes}`, taskQueue, args: [{}] }),
    );
    // The day before the run's, in El Salvador (UTC−6).
    const ayer = new Date(antes - 30 * 3600_000).toISOString().slice(0, 10);
    expect(resultado).toEqual([resumen(1, ayer), resumen(3, ayer)]);
    expect(stubs.argsOf('conciliarDia').map(([i]) => i.emisorId)).toEqual([1, 2, 3]);
  });

  it('reconciles the day it is given', async () => {
    const stubs = recordCalls({
      emisoresParaConciliar: async () => [7],
      conciliarDia: async ({ emisorId, fecha }) => resumen(emisorId, fecha),
    });
    const resultado = await runWorker(ctx, stubs.activities, (taskQueue) =>
      ctx.workflows.execute(ConciliacionDiaria, {
        workflowId: `diaria-${Date.now()}`,
        taskQueue,
        args: [{ fecha: '2026-11-20' }],
      }),
    );
    expect(resultado).toEqual([resumen(7, '2026-11-20')]);
  });
});

describe('WebhookDeliveryWorkflow', () => {
  const input = (plazoHoras: number): EntregaWebhookInput => ({
    endpointId: 'whk_1_1',
    evento: { id: 'msg_1', type: 'dte.procesado', timestamp: new Date().toISOString(), data: {} },
    reintento: { inicialSegundos: 1, maxSegundos: 1, plazoHoras, timeoutSegundos: 1 },
  });

  it('retries a failed attempt on its schedule until one delivers', async () => {
    const stubs = recordCalls({
      entregarWebhook: async () => {
        if (Context.current().info.attempt < 3)
          throw ApplicationFailure.retryable('El receptor respondió 503', 'WebhookRechazado');
        return { estado: 'ENTREGADO' as const };
      },
    });
    const resultado = await runWorker(ctx, stubs.activities, (taskQueue) =>
      ctx.workflows.execute(EntregaWebhook, { workflowId: `entrega-${Date.now()}`, taskQueue, args: [input(72)] }),
    );
    expect(resultado).toEqual({ estado: 'ENTREGADO' });
    expect(stubs.argsOf('entregarWebhook')).toHaveLength(3);
  });

  it('ends FALLIDO with the last attempt’s failure once the window closes', async () => {
    const stubs = recordCalls({
      entregarWebhook: async () => {
        throw ApplicationFailure.retryable(`El receptor respondió 503 (intento ${Context.current().info.attempt})`);
      },
    });
    // A window of 4.5 s, attempts a second apart: as many as the machine fits in it, the last one's reason.
    const resultado = await runWorker(ctx, stubs.activities, (taskQueue) =>
      ctx.workflows.execute(EntregaWebhook, { workflowId: `entrega-${Date.now()}`, taskQueue, args: [input(0.00125)] }),
    );
    expect(resultado).toEqual({
      estado: 'FALLIDO',
      motivo: expect.stringMatching(/^El receptor respondió 503 \(intento \d+\)$/),
    });
    // The last attempt the server heard fail: the last one made, or the one before if the window closed
    // while the last one's failure was on its way.
    const ultimo = Number(/intento (\d+)/.exec(resultado.motivo!)![1]);
    const intentos = stubs.argsOf('entregarWebhook').length;
    expect([intentos - 1, intentos]).toContain(ultimo);
  });

  it('gives up at once on a destination the ambiente does not admit', async () => {
    const stubs = recordCalls({
      entregarWebhook: async () => {
        throw ApplicationFailure.nonRetryable('dirección privada', DESTINO_NO_PERMITIDO);
      },
    });
    const resultado = await runWorker(ctx, stubs.activities, (taskQueue) =>
      ctx.workflows.execute(EntregaWebhook, { workflowId: `entrega-${Date.now()}`, taskQueue, args: [input(72)] }),
    );
    expect(resultado).toEqual({ estado: 'FALLIDO', motivo: 'dirección privada' });
    expect(stubs.argsOf('entregarWebhook')).toHaveLength(1);
  });

  it('answers what the attempt answered', async () => {
    const stubs = recordCalls({ entregarWebhook: async () => ({ estado: 'ENTREGADO' as const }) });
    const resultado = await runWorker(ctx, stubs.activities, (taskQueue) =>
      ctx.workflows.execute(EntregaWebhook, { workflowId: `entrega-${Date.now()}`, taskQueue, args: [input(72)] }),
    );
    expect(resultado).toEqual({ estado: 'ENTREGADO' });
  });
});

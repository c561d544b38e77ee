import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import {
  ConfirmarCompra,
  DTE_ERROR_FAILURE,
  LecturaBuzones,
  RecibirCompra,
  RevisionCompras,
  type CompraOutcome,
  type RecibirCompraInput,
} from '@dte/contract';
import { gate, newCodigo, recordCalls, runWorker, workflowTests } from './support';

/** The verification of a received document and the monthly re-check, on stub activities. */

const ctx = workflowTests();

const input = (codigoGeneracion: string): RecibirCompraInput => ({
  emisorId: 7,
  codigoGeneracion,
  jsonKey: `emisores/demo/COMPRAS/2026-11/json/${codigoGeneracion}-0.json`,
  origen: 'API',
});
const outcome = (codigoGeneracion: string, estado: CompraOutcome['estado'], duplicado = false): CompraOutcome => ({
  emisorId: 7,
  codigoGeneracion,
  estado,
  motivos: [],
  duplicado,
});

describe('RecibirCompraWorkflow', () => {
  it('records the document, then asks MH until it answers, showing PENDIENTE_MH meanwhile', async () => {
    const cg = newCodigo();
    const mh = gate();
    let intentos = 0;
    const stubs = recordCalls({
      registrarCompra: async () => outcome(cg, 'PENDIENTE_MH'),
      verificarCompraEnMh: async () => {
        // MH unreachable at first: the step fails and is retried, nothing lost.
        if (++intentos === 1) throw new Error('MH did not answer consultadte');
        await mh.opened;
        return outcome(cg, 'VERIFICADO');
      },
    });
    const resultado = await runWorker(ctx, stubs.activities, async (taskQueue) => {
      const handle = await ctx.workflows.start(RecibirCompra, {
        workflowId: RecibirCompra.workflowId(7, cg.toLowerCase()),
        taskQueue,
        args: [input(cg)],
      });
      expect(handle.workflowId).toBe(`compra-7-${cg}`);
      await stubs.called('verificarCompraEnMh', 2);
      expect((await handle.query(RecibirCompra.estado))?.estado).toBe('PENDIENTE_MH');
      mh.open();
      return handle.result();
    });
    expect(resultado).toEqual(outcome(cg, 'VERIFICADO'));
    expect(stubs.names()).toEqual(['registrarCompra', 'verificarCompraEnMh', 'verificarCompraEnMh']);
    expect(stubs.argsOf('verificarCompraEnMh')[0]).toEqual([{ emisorId: 7, codigoGeneracion: cg }]);
  });

  it('asks MH nothing for a duplicate or a document refused before MH', async () => {
    for (const [estado, duplicado] of [
      ['VERIFICADO', true],
      ['NO_ES_PARA_ESTE_EMISOR', false],
    ] as const) {
      const cg = newCodigo();
      const stubs = recordCalls({
        registrarCompra: async () => outcome(cg, estado, duplicado),
        verificarCompraEnMh: async () => outcome(cg, 'VERIFICADO'),
      });
      const resultado = await runWorker(ctx, stubs.activities, (taskQueue) =>
        ctx.workflows.execute(RecibirCompra, {
          workflowId: RecibirCompra.workflowId(7, cg),
          taskQueue,
          args: [input(cg)],
        }),
      );
      expect(resultado).toEqual(outcome(cg, estado, duplicado));
      expect(stubs.names()).toEqual(['registrarCompra']);
    }
  });
});

/** A refusal as the activities raise it (`dte-failure.ts`): a DteError's code, status and words. */
const rechazo = (code: string, httpStatus: number) =>
  ApplicationFailure.nonRetryable(code, DTE_ERROR_FAILURE, { code, httpStatus, message: code, details: {} });

/** The refusal a failed workflow carries for the API (`unwrapWorkflowError`), and how often the step ran. */
async function refusalOf(resultado: Promise<unknown>) {
  const err = await resultado.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowFailedError);
  const cause = (err as WorkflowFailedError).cause as ApplicationFailure;
  return [cause.type, (cause.details?.[0] as { code: string }).code];
}

describe('refusals', () => {
  it('fails RecibirCompraWorkflow once, with the refusal itself, when the file cannot be recorded', async () => {
    const cg = newCodigo();
    const stubs = recordCalls({
      registrarCompra: async () => {
        throw rechazo('ARCHIVO_DTE_INVALID', 400);
      },
    });
    const refusal = await runWorker(ctx, stubs.activities, (taskQueue) =>
      refusalOf(ctx.workflows.execute(RecibirCompra, { workflowId: `r-${cg}`, taskQueue, args: [input(cg)] })),
    );
    expect(refusal).toEqual([DTE_ERROR_FAILURE, 'ARCHIVO_DTE_INVALID']);
    expect(stubs.names()).toEqual(['registrarCompra']);
  });

  it('runs ConfirmarCompraWorkflow as one checked step, its refusal the workflow’s', async () => {
    const cg = newCodigo();
    const confirmacion = { emisorId: 7, codigoGeneracion: cg, solicitud: { coincide: true }, tokenId: 3 };
    const confirmado = recordCalls({ confirmarCompra: async () => outcome(cg, 'CONFIRMADO') });
    const resultado = await runWorker(ctx, confirmado.activities, (taskQueue) =>
      ctx.workflows.execute(ConfirmarCompra, {
        workflowId: ConfirmarCompra.workflowId(7, cg),
        taskQueue,
        args: [confirmacion],
      }),
    );
    expect([resultado, confirmado.argsOf('confirmarCompra')]).toEqual([outcome(cg, 'CONFIRMADO'), [[confirmacion]]]);
    const negado = recordCalls({
      confirmarCompra: async () => {
        throw rechazo('PERMISSION_DENIED', 403);
      },
    });
    const refusal = await runWorker(ctx, negado.activities, (taskQueue) =>
      refusalOf(ctx.workflows.execute(ConfirmarCompra, { workflowId: `c-${cg}`, taskQueue, args: [confirmacion] })),
    );
    expect([refusal, negado.names()]).toEqual([[DTE_ERROR_FAILURE, 'PERMISSION_DENIED'], ['confirmarCompra']]);
  });
});

describe('RevisionComprasWorkflow', () => {
  it("re-checks every emisor's period, and goes on past one that fails", async () => {
    const stubs = recordCalls({
      emisoresParaConciliar: async () => [1, 2, 3],
      revisarCompras: async ({ emisorId, periodo }) => {
        if (emisorId === 2) throw ApplicationFailure.nonRetryable('MH no respondió');
        return { periodo, consultados: emisorId, cambiados: 0, sinRespuesta: 0 };
      },
    });
    const resultado = await runWorker(ctx, stubs.activities, (taskQueue) =>
      ctx.workflows.execute(RevisionCompras, {
        workflowId: `revision-${Date.now()}`,
        taskQueue,
        args: [{ periodo: '2026-11' }],
      }),
    );
    expect(resultado).toEqual([
      { periodo: '2026-11', consultados: 1, cambiados: 0, sinRespuesta: 0 },
      { periodo: '2026-11', consultados: 3, cambiados: 0, sinRespuesta: 0 },
    ]);
  });

  it('by default re-checks the month of the run and the one before it (El Salvador)', async () => {
    const stubs = recordCalls({
      emisoresParaConciliar: async () => [1],
      revisarCompras: async ({ periodo }) => ({ periodo, consultados: 0, cambiados: 0, sinRespuesta: 0 }),
    });
    const antes = Date.now();
    await runWorker(ctx, stubs.activities, (taskQueue) =>
      ctx.workflows.execute(RevisionCompras, { workflowId: `revision-${antes}`, taskQueue, args: [{}] }),
    );
    const local = new Date(antes - 6 * 3600_000);
    const mes = local.toISOString().slice(0, 7);
    const anterior = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    expect(stubs.argsOf('revisarCompras').map(([i]) => i.periodo)).toEqual([anterior, mes]);
  });
});

describe('LecturaBuzonesWorkflow', () => {
  it('reads several mailboxes at once, so one whose server never answers holds back none of the others', async () => {
    const colgado = gate();
    const stubs = recordCalls({
      buzonesConfigurados: async () => [1, 2, 3],
      leerBuzon: async ({ emisorId }) => {
        if (emisorId === 1) await colgado.opened;
        return { uidValidity: '1', mensajes: [], informes: emisorId, quedan: false };
      },
      marcarTomados: async () => undefined,
      registrarLectura: async () => undefined,
    });
    const resultado = await runWorker(ctx, stubs.activities, async (taskQueue) => {
      const run = ctx.workflows.execute(LecturaBuzones, {
        workflowId: `lectura-buzones-${Date.now()}`,
        taskQueue,
        args: [{}],
      });
      // The two mailboxes after the hanging one are read to their end, in either order, while it still hangs.
      try {
        await stubs.called('registrarLectura', 2);
        expect(
          stubs
            .argsOf('registrarLectura')
            .map(([l]) => l.emisorId)
            .sort(),
        ).toEqual([2, 3]);
      } finally {
        // Even when the expectation fails, or the worker would wait for the hanging activity at its shutdown.
        colgado.open();
      }
      return run;
    });
    expect(resultado.map((r) => [r.emisorId, r.informes])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });
});

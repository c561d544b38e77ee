import {
  Contingencia,
  IssueDte,
  type ContingenciaContinuacion,
  type ContingenciaInput,
  type FaseContingencia,
  type IssueDteInput,
} from '@dte/contract';
import { MAX_DOCUMENTOS_LOTE } from '@dte/domain/limites';
import { ContingenciaState, HORA_MS } from '../src/workflows/contingencia/state';
import {
  contingenciaStubs,
  enlist,
  eventoRecibido,
  gate,
  MH_CONTINGENCIA,
  newCodigo,
  newTaskQueue,
  procesado,
  rechazado,
  recordCalls,
  respuesta,
  runWorker,
  UUID_MAYUSCULAS,
  workflowTests,
  type RespuestaEvento,
} from './support';

/**
 * ContingencyWorkflow against stub activities: probing MH with backoff, the event, the lotes, their
 * results, the `estado` query, and resuming from what a previous run handed over. No IssueDte workflow
 * runs for most documents here, so the workflow's fallback records and delivers each verdict itself
 * (`settle`); the last test runs the real hand-over to a waiting IssueDte workflow.
 */

const ctx = workflowTests();

/** Each test is its own emisor: the workflow id is the emisor's. */
let emisores = 100;
function contingenciaInput(extra: Partial<ContingenciaInput> = {}): ContingenciaInput {
  return {
    emisorId: ++emisores,
    sondeo: { inicialSegundos: 1, maxSegundos: 2 },
    plazos: { eventoHoras: 24, lotesHoras: 72 },
    ...extra,
  };
}

const byCodigo = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));

describe('ContingencyWorkflow', () => {
  it('probes MH with a growing backoff until it answers, then reports, sends and settles every document', async () => {
    const [a, b] = [newCodigo(), newCodigo()];
    const input = contingenciaInput();
    let probes = 0;
    let resultados = 0;
    const stubs = recordCalls(
      contingenciaStubs({
        probeMh: async () => ++probes === 3,
        // MH is still processing the lote the first time it is asked.
        contingencyLoteResult: async () =>
          ++resultados === 1
            ? null
            : { procesados: [respuesta(a, 'PROCESADO')], rechazados: [respuesta(b, 'RECHAZADO')] },
      }),
    );

    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [a, b]);
    await runWorker(ctx, stubs.activities, () => handle.result(), taskQueue);

    expect(stubs.names().filter((n) => MH_CONTINGENCIA.includes(n))).toEqual([
      'probeMh',
      'probeMh',
      'probeMh',
      'consultAcceptedDocuments',
      'sendContingencyEvent',
      'sendContingencyLote',
      'contingencyLoteResult',
      'contingencyLoteResult',
    ]);
    // MH is asked about the first waiting document; the waits are sondeo's 1 s, then 2 s.
    expect(stubs.argsOf('probeMh')).toEqual([[a], [a], [a]]);
    const [p1, p2, p3] = stubs.calls.filter((c) => c.name === 'probeMh').map((c) => c.at);
    // Each gap is at least its wait (a busy machine only lengthens it): the second, twice the first.
    expect(p2! - p1!).toBeGreaterThanOrEqual(900);
    expect(p3! - p2!).toBeGreaterThanOrEqual(1_800);

    const { emisorId } = input;
    expect(stubs.argsOf('consultAcceptedDocuments')).toEqual([[{ emisorId, codigos: [a, b] }]]);
    expect(stubs.argsOf('sendContingencyEvent')).toEqual([
      [{ emisorId, eventoCodigoGeneracion: expect.stringMatching(UUID_MAYUSCULAS), codigos: [a, b] }],
    ]);
    expect(stubs.argsOf('sendContingencyLote')).toEqual([
      [{ emisorId, idEnvio: expect.stringMatching(UUID_MAYUSCULAS), codigos: [a, b] }],
    ]);
    expect(stubs.argsOf('contingencyLoteResult')).toEqual([
      [{ emisorId, codigoLote: 'LOTE-1' }],
      [{ emisorId, codigoLote: 'LOTE-1' }],
    ]);
    // No IssueDte workflow is running for them: the verdicts are recorded here, and the accepted one delivered.
    expect(stubs.argsOf('recordOutcome').sort(byCodigo)).toEqual(
      [
        [a, procesado(a)],
        [b, rechazado(b)],
      ].sort(byCodigo),
    );
    expect(stubs.argsOf('deliverDocument')).toEqual([[a]]);
  });

  it('settles the documents MH already holds without reporting them in the event', async () => {
    const [held, reported] = [newCodigo(), newCodigo()];
    const input = contingenciaInput();
    const stubs = recordCalls(
      contingenciaStubs({
        // A send whose answer was lost before the outage reached MH.
        consultAcceptedDocuments: async () => ({ [held]: respuesta(held, 'PROCESADO') }),
      }),
    );

    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [held, reported]);
    await runWorker(ctx, stubs.activities, () => handle.result(), taskQueue);

    expect(stubs.names()).toEqual([
      'probeMh',
      'consultAcceptedDocuments',
      'recordOutcome',
      'deliverDocument',
      'sendContingencyEvent',
      'sendContingencyLote',
      'contingencyLoteResult',
      'recordOutcome',
      'deliverDocument',
    ]);
    expect(stubs.argsOf('sendContingencyEvent')).toEqual([
      [expect.objectContaining({ emisorId: input.emisorId, codigos: [reported] })],
    ]);
    expect(stubs.argsOf('sendContingencyLote')).toEqual([[expect.objectContaining({ codigos: [reported] })]]);
    expect(stubs.argsOf('recordOutcome')).toEqual([
      [held, procesado(held)],
      [reported, procesado(reported)],
    ]);
    expect(stubs.argsOf('deliverDocument')).toEqual([[held], [reported]]);
  });

  it('puts the documents of a rejected event back to wait for MH, shows why in the estado query, and reports them again', async () => {
    const [a, b] = [newCodigo(), newCodigo()];
    const input = contingenciaInput();
    const rechazo: RespuestaEvento = {
      estado: 'RECHAZADO',
      mensaje: 'EVENTO RECHAZADO',
      observaciones: ['fechaFin es anterior a fechaInicio', 'NIT no autorizado'],
      fechaHora: '23/11/2026 10:00:00',
      selloRecibido: null,
    };
    let eventos = 0;
    let probes = 0;
    const secondProbe = gate();
    const stubs = recordCalls(
      contingenciaStubs({
        // The second probe waits until the test has read the estado the rejection left.
        probeMh: async () => (++probes === 2 ? secondProbe.opened.then(() => true) : true),
        sendContingencyEvent: async () => (++eventos === 1 ? rechazo : eventoRecibido()),
      }),
    );

    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [a, b]);
    const afterRejection = await runWorker(
      ctx,
      stubs.activities,
      async () => {
        await stubs.called('probeMh', 2);
        // Opened whatever the query answers, so the worker can shut down.
        const estado = await handle.query(Contingencia.estado).finally(secondProbe.open);
        await handle.result();
        return estado;
      },
      taskQueue,
    );

    expect(afterRejection).toMatchObject({
      pendientes: [
        { codigoGeneracion: a, fase: 'ESPERANDO_MH' },
        { codigoGeneracion: b, fase: 'ESPERANDO_MH' },
      ],
      ultimoError:
        'Evento de contingencia rechazado: EVENTO RECHAZADO fechaFin es anterior a fechaInicio; NIT no autorizado',
      selloEvento: null,
      plazoLotes: null,
      alerta: false,
    });
    // The outage ended when MH first answered: the event's deadline runs from then.
    expect(afterRejection.finCorte).not.toBeNull();
    const eventosEnviados = stubs.argsOf('sendContingencyEvent');
    expect(eventosEnviados).toEqual([
      [expect.objectContaining({ codigos: [a, b] })],
      [expect.objectContaining({ codigos: [a, b] })],
    ]);
    // A new event, not the rejected one again.
    const [primero, segundo] = eventosEnviados.map(([evento]) => evento.eventoCodigoGeneracion);
    expect(segundo).not.toEqual(primero);
    expect(stubs.argsOf('sendContingencyLote')).toEqual([[expect.objectContaining({ codigos: [a, b] })]]);
    expect(stubs.argsOf('recordOutcome').sort(byCodigo)).toEqual(
      [
        [a, procesado(a)],
        [b, procesado(b)],
      ].sort(byCodigo),
    );
  });

  it(`sends the documents of an event in lotes of at most ${MAX_DOCUMENTOS_LOTE}, all of them before asking for any result`, async () => {
    const codigos = Array.from({ length: 150 }, newCodigo);
    const input = contingenciaInput();
    const stubs = recordCalls(contingenciaStubs());

    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, codigos);
    await runWorker(ctx, stubs.activities, () => handle.result(), taskQueue);

    expect(stubs.names().filter((n) => MH_CONTINGENCIA.includes(n))).toEqual([
      'probeMh',
      'consultAcceptedDocuments',
      'sendContingencyEvent',
      'sendContingencyLote',
      'sendContingencyLote',
      'contingencyLoteResult',
      'contingencyLoteResult',
    ]);
    expect(stubs.argsOf('sendContingencyEvent')).toEqual([[expect.objectContaining({ codigos })]]);
    // In the order the documents were enlisted.
    expect(stubs.argsOf('sendContingencyLote')).toEqual([
      [expect.objectContaining({ codigos: codigos.slice(0, MAX_DOCUMENTOS_LOTE) })],
      [expect.objectContaining({ codigos: codigos.slice(MAX_DOCUMENTOS_LOTE) })],
    ]);
    expect(stubs.argsOf('contingencyLoteResult')).toEqual([
      [{ emisorId: input.emisorId, codigoLote: 'LOTE-1' }],
      [{ emisorId: input.emisorId, codigoLote: 'LOTE-2' }],
    ]);
    expect(stubs.argsOf('recordOutcome').map(([c]) => c)).toEqual(expect.arrayContaining(codigos));
    expect(stubs.argsOf('recordOutcome')).toHaveLength(150);
    expect(stubs.argsOf('deliverDocument')).toHaveLength(150);
  });

  it("raises the estado query's alerta once less than a quarter of the lotes' window is left", async () => {
    const codigo = newCodigo();
    // 0.004 h = 14.4 s from the event's sello; the alerta is due 10.8 s after it.
    const input = contingenciaInput({ plazos: { eventoHoras: 1, lotesHoras: 0.004 } });
    let mhTermino = false;
    const stubs = recordCalls(
      contingenciaStubs({
        // MH keeps processing the lote until the test has seen the alerta.
        contingencyLoteResult: async () =>
          mhTermino ? { procesados: [respuesta(codigo, 'PROCESADO')], rechazados: [] } : null,
      }),
    );

    const taskQueue = newTaskQueue();
    const handle = await enlist(ctx, taskQueue, input, [codigo]);
    const { sellado, selladoVisto, alerta, vistaA } = await runWorker(
      ctx,
      stubs.activities,
      async () => {
        await stubs.called('contingencyLoteResult');
        const sellado = await handle.query(Contingencia.estado);
        const selladoVisto = Date.now();
        // Only the workflow's own timer tells the webhooks; from that activation on the query says so too.
        await stubs.called('alertarContingencia');
        const alerta = await handle.query(Contingencia.estado);
        const vistaA = Date.now();
        mhTermino = true;
        await handle.result();
        return { sellado, selladoVisto, alerta, vistaA };
      },
      taskQueue,
    );

    expect(sellado).toMatchObject({ pendientes: [{ codigoGeneracion: codigo, fase: 'LOTE' }] });
    const sello = Date.parse(sellado.selloEvento!);
    expect(Date.parse(sellado.plazoLotes!)).toBe(sello + 0.004 * HORA_MS);
    // Not before the last quarter: a query answers as of the workflow's latest activation, which came no
    // later than its answer (a loaded machine may have asked after the quarter began).
    expect(sellado.alerta && selladoVisto - sello < 10_800).toBe(false);
    expect(alerta.alerta).toBe(true);
    expect(vistaA - sello).toBeGreaterThanOrEqual(10_800);
    // The emisor's webhooks are told once, of the lotes' deadline (the event's was met).
    expect(stubs.argsOf('alertarContingencia')).toEqual([
      [
        {
          emisorId: input.emisorId,
          plazo: 'LOTES',
          vence: new Date(sello + 0.004 * HORA_MS).toISOString(),
          pendientes: 1,
        },
      ],
    ]);
  });

  /**
   * Runs a contingencia workflow from what a previous run handed over (its event sealed 30 s ago, the
   * outage over a minute ago) until it ends; answers its input.
   */
  async function reanudar(
    stubs: ReturnType<typeof recordCalls>,
    codigos: string[],
    fase: FaseContingencia,
    lotes: Pick<ContingenciaContinuacion, 'porEnviar' | 'enviados'>,
  ) {
    const ahora = Date.now();
    const continuacion: ContingenciaContinuacion = {
      pendientes: codigos.map((codigoGeneracion) => ({ codigoGeneracion, fase })),
      finCorte: ahora - 60_000,
      selloEvento: ahora - 30_000,
      ultimoError: null,
      ...lotes,
    };
    const input = contingenciaInput({ continuacion });
    await runWorker(ctx, stubs.activities, async (taskQueue) => {
      const handle = await ctx.workflows.start(Contingencia, {
        workflowId: Contingencia.workflowId(input.emisorId),
        taskQueue,
        args: [input],
      });
      await handle.result();
    });
    return input;
  }

  it('resumes a handed-over run at the lote results it was waiting for, without probing MH or reporting again', async () => {
    const [a, b] = [newCodigo(), newCodigo()];
    const stubs = recordCalls(
      contingenciaStubs({
        contingencyLoteResult: async () => ({
          procesados: [respuesta(a, 'PROCESADO')],
          rechazados: [respuesta(b, 'RECHAZADO')],
        }),
      }),
    );
    const input = await reanudar(stubs, [a, b], 'LOTE', {
      porEnviar: [],
      enviados: [{ codigoLote: 'LOTE-PREVIO', codigos: [a, b] }],
    });

    expect(stubs.names().filter((n) => MH_CONTINGENCIA.includes(n))).toEqual(['contingencyLoteResult']);
    expect(stubs.argsOf('contingencyLoteResult')).toEqual([[{ emisorId: input.emisorId, codigoLote: 'LOTE-PREVIO' }]]);
    expect(stubs.argsOf('recordOutcome').sort(byCodigo)).toEqual(
      [
        [a, procesado(a)],
        [b, rechazado(b)],
      ].sort(byCodigo),
    );
  });

  it('resumes a handed-over run at the lotes it had still to send', async () => {
    const [a, b] = [newCodigo(), newCodigo()];
    const stubs = recordCalls(contingenciaStubs());
    await reanudar(stubs, [a, b], 'EVENTO', { porEnviar: [a, b], enviados: [] });

    expect(stubs.names().filter((n) => MH_CONTINGENCIA.includes(n))).toEqual([
      'sendContingencyLote',
      'contingencyLoteResult',
    ]);
    expect(stubs.argsOf('sendContingencyLote')).toEqual([[expect.objectContaining({ codigos: [a, b] })]]);
    expect(stubs.argsOf('recordOutcome').sort(byCodigo)).toEqual(
      [
        [a, procesado(a)],
        [b, procesado(b)],
      ].sort(byCodigo),
    );
  });

  it("hands each verdict to the document's own IssueDte workflow, which records and delivers it", async () => {
    const codigo = newCodigo();
    const issueInput: IssueDteInput = {
      tipo: 'FACTURA_CONSUMIDOR_FINAL',
      issuer: { emisorId: ++emisores, establecimientoId: 1, puntoVentaId: 1, tokenId: 1 },
      codigoGeneracion: codigo,
      forzarContingencia: true,
    };
    const input = contingenciaInput({ emisorId: issueInput.issuer.emisorId });
    const taskQueue = newTaskQueue();
    const stubs = recordCalls(
      contingenciaStubs({
        prepareDocument: async () => ({
          prepared: { numeroControl: 'DTE-01-M001P001-000000000000001', tipoDte: '01', version: 1, ambiente: '00' },
          admiteContingencia: true,
          nuevo: true,
        }),
        issueInContingency: async (c) => ({ codigoGeneracion: c, estado: 'CONTINGENCIA' }),
        // What the real activity does, on this test's task queue.
        enlistInContingency: async (emisorId, codigoGeneracion) => {
          await ctx.workflows.signalWithStart(Contingencia, {
            workflowId: Contingencia.workflowId(emisorId),
            taskQueue,
            args: [input],
            signal: Contingencia.documento,
            signalArgs: [codigoGeneracion],
          });
        },
      }),
    );

    const result = await runWorker(
      ctx,
      stubs.activities,
      async () => {
        const issuance = await ctx.workflows.start(IssueDte, {
          workflowId: IssueDte.workflowId(codigo),
          taskQueue,
          args: [issueInput],
        });
        const result = await issuance.result();
        await ctx.workflows.handle(Contingencia, Contingencia.workflowId(input.emisorId)).result();
        return result;
      },
      taskQueue,
    );

    expect(result).toEqual({ codigoGeneracion: codigo, estado: 'CONTINGENCIA' });
    // Recorded once, by the document's workflow: the signal reached it, so contingencia did not settle it.
    expect(stubs.argsOf('recordOutcome')).toEqual([[codigo, procesado(codigo)]]);
    expect(stubs.names().slice(-2)).toEqual(['recordOutcome', 'deliverDocument']);
    expect(stubs.argsOf('deliverDocument')).toEqual([[codigo], [codigo]]);
  });
});

describe('ContingenciaState', () => {
  const input: ContingenciaInput = {
    emisorId: 1,
    sondeo: { inicialSegundos: 1, maxSegundos: 2 },
    plazos: { eventoHoras: 24, lotesHoras: 72 },
  };
  // A run's state is only moved on by its steps: a test sets it up as a continuation hands it over.
  const sinCorte: ContingenciaContinuacion = {
    pendientes: [],
    finCorte: null,
    selloEvento: null,
    ultimoError: null,
    porEnviar: [],
    enviados: [],
  };

  it('hands the next run a continuation from which it shows the same estado and goes on from the same point', () => {
    const [a, b, c] = [newCodigo(), newCodigo(), newCodigo()];
    const t0 = Date.parse('2026-11-23T16:00:00Z');
    const state = new ContingenciaState({
      ...input,
      continuacion: {
        ...sinCorte,
        finCorte: t0,
        selloEvento: t0 + 60_000,
        enviados: [{ codigoLote: 'LOTE-1', codigos: [a] }],
        porEnviar: [b],
      },
    });
    for (const codigo of [a, b, c]) state.enlistar(codigo);
    state.marcar([a], 'LOTE');
    state.marcar([b], 'EVENTO');

    // The continuation crosses Temporal as JSON.
    const continuacion: ContingenciaContinuacion = JSON.parse(JSON.stringify(state.continuacion()));
    const restored = new ContingenciaState({ ...input, continuacion });

    const later = t0 + 3_600_000;
    expect(restored.estado(later)).toEqual(state.estado(later));
    expect(restored.continuacion()).toEqual(state.continuacion());
    expect(restored.codigos()).toEqual([a, b, c]);
    expect(restored.estado(later).pendientes).toEqual([
      { codigoGeneracion: a, fase: 'LOTE' },
      { codigoGeneracion: b, fase: 'EVENTO' },
      { codigoGeneracion: c, fase: 'ESPERANDO_MH' },
    ]);
    // A document enlisted again keeps its fase.
    restored.enlistar(a);
    expect(restored.estado(later).pendientes[0]).toEqual({ codigoGeneracion: a, fase: 'LOTE' });
  });

  it("raises the alerta in the last quarter of the event's window until the event is sealed, then of the lotes'", () => {
    const t0 = Date.parse('2026-11-23T16:00:00Z');
    const en = (fechas: Pick<ContingenciaContinuacion, 'finCorte' | 'selloEvento'>) => {
      const state = new ContingenciaState({ ...input, continuacion: { ...sinCorte, ...fechas } });
      state.enlistar(newCodigo());
      return state;
    };
    expect(en({ finCorte: null, selloEvento: null }).alerta(t0)).toBe(false);

    const cortado = en({ finCorte: t0, selloEvento: null });
    expect(cortado.alerta(t0 + 18 * HORA_MS - 1)).toBe(false);
    expect(cortado.alerta(t0 + 18 * HORA_MS + 1)).toBe(true);

    // Sealed: the event's deadline no longer counts; the lotes' runs 72 h from the sello.
    const sellado = en({ finCorte: t0, selloEvento: t0 + 20 * HORA_MS });
    expect(sellado.alerta(t0 + 20 * HORA_MS)).toBe(false);
    expect(sellado.alerta(t0 + 20 * HORA_MS + 54 * HORA_MS + 1)).toBe(true);
  });
});

import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  bundleWorkflowCode,
  DefaultLogger,
  Runtime,
  Worker,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import type { Activities } from '@dte/activities';
import {
  Contingencia,
  SearchAttributeKeys,
  type ContingenciaInput,
  type DocumentOutcome,
  type RespuestaMh,
  type TransmitOutcome,
} from '@dte/contract';
import { DteWorkflowClient } from '@dte/contract/client';
import { createIssueActivities } from '../../../packages/activities/src/dte/issue';

/**
 * Workflow tests against stub activities on a real Temporal dev server (the project's own CLI: there is
 * no download here), in the style of samples-typescript's `src/test/workflows.test.ts`. One server per
 * test file; each test has its own task queue and worker, registering only the stubs it needs.
 */

/** The built workflows (`npx tsc -b`), as the worker and apps/worker/test/replay.test.ts bundle them. */
const WORKFLOWS = path.join(__dirname, '../dist/workflows');

export interface WorkflowTestContext {
  env: TestWorkflowEnvironment;
  workflows: DteWorkflowClient;
  bundle: WorkflowBundleWithSourceMap;
}

/**
 * The test file's server and workflows: the context is filled in before its first test, and the server
 * stops after its last. `extraArgs` go to `temporal server start-dev`.
 */
export function workflowTests(extraArgs: string[] = []): WorkflowTestContext {
  const ctx = {} as WorkflowTestContext;
  beforeAll(async () => {
    Object.assign(ctx, await startWorkflowTests(extraArgs));
  });
  afterAll(async () => {
    await ctx.env?.teardown();
  });
  return ctx;
}

/** Starts the dev server with the search attributes the workflows upsert, and bundles the workflows once. */
async function startWorkflowTests(extraArgs: string[]): Promise<WorkflowTestContext> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ensureTools } = require('../../../scripts/tools');
  // Workers' state changes are logged at INFO; a test's output keeps warnings and errors only.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const [env, bundle] = await Promise.all([
    TestWorkflowEnvironment.createLocal({
      server: {
        executable: { type: 'existing-path', path: ensureTools().temporal },
        searchAttributes: Object.values(SearchAttributeKeys),
        extraArgs,
        // The server's own warnings (a slow gRPC call is a test waiting on purpose) are not the test's.
        log: { format: 'pretty', level: 'error' },
      },
    }),
    bundleWorkflowCode({ workflowsPath: require.resolve(WORKFLOWS), logger: new DefaultLogger('WARN') }),
  ]);
  return { env, workflows: new DteWorkflowClient(env.client.workflow), bundle };
}

export function newTaskQueue(): string {
  return `test-${randomUUID()}`;
}

/**
 * Runs a worker with `activities` until `body` settles, on its own task queue (or `taskQueue`, for a test
 * that starts its workflow before any worker polls).
 */
export async function runWorker<R>(
  ctx: WorkflowTestContext,
  activities: Partial<Activities>,
  body: (taskQueue: string) => Promise<R>,
  taskQueue = newTaskQueue(),
): Promise<R> {
  const worker = await Worker.create({
    connection: ctx.env.nativeConnection,
    taskQueue,
    workflowBundle: ctx.bundle,
    activities,
  });
  return worker.runUntil(() => body(taskQueue));
}

export interface Call {
  name: string;
  args: unknown[];
  /** Date.now() when the stub was called. */
  at: number;
}

/**
 * Wraps stub activities so that every call is recorded, in order, with its arguments and time, and a
 * test can wait for the nth call of one of them.
 */
export function recordCalls(stubs: Partial<Activities>) {
  const calls: Call[] = [];
  const waiting: { name: string; n: number; resolve: () => void }[] = [];
  const count = (name: string) => calls.filter((c) => c.name === name).length;
  const activities = Object.fromEntries(
    Object.entries(stubs).map(([name, stub]) => [
      name,
      async (...args: unknown[]) => {
        calls.push({ name, args, at: Date.now() });
        for (const w of waiting.filter((w) => w.name === name && count(name) >= w.n)) w.resolve();
        return (stub as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as Partial<Activities>;
  // The issuance's one step runs the stubs of its parts, composed as the worker composes them, so a test
  // states what each part answers and sees each called, in order, whichever path the workflow takes.
  if (activities.prepareDocument && !activities.issueDocument)
    activities.issueDocument = createIssueActivities(
      activities as Parameters<typeof createIssueActivities>[0],
    ).issueDocument;
  return {
    activities,
    calls,
    /** The names of the activities called, in order. */
    names: () => calls.map((c) => c.name),
    /** The arguments of each call of `name`, in order. */
    argsOf: <K extends keyof Activities>(name: K) =>
      calls.filter((c) => c.name === name).map((c) => c.args as Parameters<Activities[K]>),
    /** Resolves once `name` has been called `n` times. */
    called: (name: keyof Activities, n = 1) =>
      new Promise<void>((resolve) => {
        if (count(name) >= n) resolve();
        else waiting.push({ name, n, resolve });
      }),
  };
}

/** A promise the test resolves: a gate a stub waits at. */
export function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

export function newCodigo(): string {
  return randomUUID().toUpperCase();
}

/** MH's answer to a reception of the document. */
export function respuesta(codigoGeneracion: string, estado: 'PROCESADO' | 'RECHAZADO'): RespuestaMh {
  return {
    version: 2,
    ambiente: '00',
    versionApp: 2,
    estado,
    codigoGeneracion,
    selloRecibido: estado === 'PROCESADO' ? '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8' : null,
    fhProcesamiento: '23/11/2026 10:00:00',
    clasificaMsg: '10',
    codigoMsg: '001',
    descripcionMsg: 'RECIBIDO',
    observaciones: [],
  };
}

export function procesado(codigoGeneracion: string): TransmitOutcome {
  return { result: 'PROCESADO', respuesta: respuesta(codigoGeneracion, 'PROCESADO') };
}

export function rechazado(codigoGeneracion: string): TransmitOutcome {
  return { result: 'RECHAZADO', respuesta: respuesta(codigoGeneracion, 'RECHAZADO') };
}

/** What `recordOutcome` records for a verdict, as the real activity answers it. */
export async function recordOutcomeStub(codigoGeneracion: string, outcome: TransmitOutcome): Promise<DocumentOutcome> {
  if (outcome.result === 'UNREACHABLE') throw new Error('an unreachable MH is never recorded as an outcome');
  return { codigoGeneracion, estado: outcome.result === 'PROCESADO' ? 'PROCESSED' : 'REJECTED' };
}

export type RespuestaEvento = Awaited<ReturnType<Activities['sendContingencyEvent']>>;

/** MH's answer to an Evento de Contingencia it received and sealed. */
export function eventoRecibido(): RespuestaEvento {
  return {
    estado: 'RECIBIDO',
    mensaje: 'EVENTO RECIBIDO',
    observaciones: [],
    fechaHora: '23/11/2026 10:00:00',
    selloRecibido: '2026EVENTO0000000000000000000000000000000',
  };
}

/**
 * The contingencia workflow's activities against an MH that answers at once: it holds none of the
 * documents already, receives the event, numbers the lotes LOTE-1, LOTE-2… and accepts every document
 * of a lote the first time its result is asked for. Each test overrides what it is about.
 */
export function contingenciaStubs(overrides: Partial<Activities> = {}): Partial<Activities> {
  const lotes = new Map<string, string[]>();
  return {
    probeMh: async () => true,
    consultAcceptedDocuments: async () => ({}),
    sendContingencyEvent: async () => eventoRecibido(),
    sendContingencyLote: async ({ codigos }) => {
      const codigoLote = `LOTE-${lotes.size + 1}`;
      lotes.set(codigoLote, codigos);
      return codigoLote;
    },
    contingencyLoteResult: async ({ codigoLote }) => ({
      procesados: (lotes.get(codigoLote) ?? []).map((c) => respuesta(c, 'PROCESADO')),
      rechazados: [],
    }),
    recordOutcome: recordOutcomeStub,
    deliverDocument: async () => undefined,
    alertarContingencia: async () => undefined,
    ...overrides,
  };
}

/** The calls the contingencia workflow makes to MH, without the recording and delivery of verdicts. */
export const MH_CONTINGENCIA: readonly string[] = [
  'probeMh',
  'consultAcceptedDocuments',
  'sendContingencyEvent',
  'sendContingencyLote',
  'contingencyLoteResult',
];

/** An upper-case UUID, as MH takes codigoGeneracion and idEnvio. */
export const UUID_MAYUSCULAS = /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/;

/**
 * Enlists the documents as `enlistInContingency` does (signal-with-start, then a signal each); done before
 * any worker polls `taskQueue`, the first workflow task sees them all.
 */
export async function enlist(ctx: WorkflowTestContext, taskQueue: string, input: ContingenciaInput, codigos: string[]) {
  const [first, ...rest] = codigos;
  const handle = await ctx.workflows.signalWithStart(Contingencia, {
    workflowId: Contingencia.workflowId(input.emisorId),
    taskQueue,
    args: [input],
    signal: Contingencia.documento,
    signalArgs: [first!],
  });
  for (const codigo of rest) await handle.signal(Contingencia.documento, codigo);
  return handle;
}

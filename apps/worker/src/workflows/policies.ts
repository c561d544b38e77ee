import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import { DESTINO_NO_PERMITIDO, DTE_ERROR_FAILURE, type ReintentoWebhook } from '@dte/contract';
import type { Activities } from '@dte/activities';
import { LIMITE_RECEPCION_MS } from '@dte/domain/limites';

/**
 * How long each kind of step may take and how it is retried: every activity policy of the workflows,
 * with why it is what it is. A refusal (`DteError`) is never retried; everything else is, as bounded below.
 * MH's own protocol for one document (three sends, a consult before each resend) is the activity's
 * (`transmitWithPolicy`); what happens when MH still does not answer is the workflow's.
 */

const refusalsAreFinal = [DTE_ERROR_FAILURE];

/**
 * The path to MH's verdict, as local activities: in the worker, without a round trip to the Temporal
 * server per step, which is most of an issuance's latency otherwise. Their results are recorded when the
 * workflow task completes; a worker lost before that re-runs them from the top on replay, which each
 * step tolerates: numbering and saving are idempotent on codigoGeneracion, and transmission consults MH
 * first once the document was already on record.
 */
export const issuanceSteps = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', nonRetryableErrorTypes: refusalsAreFinal },
});

/**
 * The same path as one local activity (`issueDocument`), for executions since it was one: each part's
 * bound added up, retried as the parts were.
 */
export const issuanceToVerdict = proxyLocalActivities<Activities>({
  startToCloseTimeout: 30_000 + LIMITE_RECEPCION_MS + 30_000,
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', nonRetryableErrorTypes: refusalsAreFinal },
});

/**
 * A batch of correlativos for the series' numbering workflow, retried until the database answers, since
 * issuances wait on it. Not local: requests that reach a run while a local activity holds its workflow
 * task open were rejected "because it wasn't processed by worker" (Temporal SDK 1.24 with the dev server).
 */
export const numeracionSteps = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** One reception under MH's policy: up to three sends, each bounded by MH's 8-second timeout, with consults. */
export const mhReception = proxyLocalActivities<Activities>({
  startToCloseTimeout: LIMITE_RECEPCION_MS,
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute' },
});

/** Database, signing and building steps: quick, retried until they succeed. */
export const databaseSteps = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', nonRetryableErrorTypes: refusalsAreFinal },
});

/** Rendering and e-mail: bounded, because their failure is recorded and never fails the document. */
export const delivery = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumAttempts: 5 },
});

/**
 * An e-mail someone waits for (a resend, a person's invitation or reset link): the caller waits on the
 * answer, so fewer attempts than the issuance's background e-mail.
 */
export const resendDelivery = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3 },
});

/**
 * Contingencia's MH calls: events and lotes of up to 100 signed documents, and rounds of a thousand
 * consults, take longer than the issuance's single steps; MH is retried until it answers.
 */
export const mhContingencia = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});

/** An anulación: the API waits for the verdict, so MH gets a few tries within about a minute. */
export const mhAnulacion = proxyActivities<Activities>({
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3 },
});

/** One consult at MH's 8-second timeout; an MH that does not answer is asked again by the next run. */
export const mhConsulta = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3 },
});

/**
 * A webhook delivery: one attempt ends by the receiver's timeout (the activity's own deadline, so the
 * timeout below, later, only catches a lost worker); attempts are retried exponentially for the whole
 * window (72 h by default, the usual promise of webhook senders), as configured when the event was
 * published, or up to `intentos` attempts (a test or a redelivery). An address the deployment or the
 * emisor's ambiente does not admit is final. The attempts run on `cola`, the queue whose workers bound how
 * many run at once (absent: the workflow's queue). The options are not part of the workflow's commands
 * as replay compares them, so deliveries recorded before `intentos` replay as they ran.
 */
export function entregaWebhook(r: ReintentoWebhook, cola?: string) {
  return proxyActivities<Activities>({
    ...(cola === undefined ? {} : { taskQueue: cola }),
    startToCloseTimeout: `${r.timeoutSegundos + 10} seconds`,
    scheduleToCloseTimeout: `${r.plazoHoras} hours`,
    retry: {
      initialInterval: `${r.inicialSegundos} seconds`,
      backoffCoefficient: 2,
      maximumInterval: `${r.maxSegundos} seconds`,
      ...(r.intentos === undefined ? {} : { maximumAttempts: r.intentos }),
      nonRetryableErrorTypes: [DESTINO_NO_PERMITIDO],
    },
  });
}

/**
 * A day's reconciliation: thousands of consults at MH's pace, heartbeating each; a day MH does not answer
 * for at all is tried again every half hour or so for half a day.
 */
export const conciliacionSteps = proxyActivities<Activities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '2 minutes',
  scheduleToCloseTimeout: '12 hours',
  retry: { initialInterval: '1 minute', maximumInterval: '30 minutes' },
});

/**
 * A mailbox's batch: log in, fetch and parse up to BUZON_LOTE messages, store their files. A server that
 * refuses is a refusal (BUZON_INACCESIBLE, retried by the next scheduled reading); anything else (a lost
 * connection, the object store) a few times.
 */
export const buzonSteps = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumAttempts: 3, nonRetryableErrorTypes: refusalsAreFinal },
});

/**
 * A received document's consult at MH: retried until MH answers (its record stays PENDIENTE_MH meanwhile),
 * at most every ten minutes, so an MH down for a day costs a few hundred consults and loses nothing.
 */
export const mhCompra = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '5 seconds', maximumInterval: '10 minutes', nonRetryableErrorTypes: refusalsAreFinal },
});

/** The smoke test's touches of each component. */
export const smokeSteps = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 5 },
});

/**
 * An import's batch: up to a hundred files checked and asked for at MH, eight at a time. It heartbeats each
 * file done, so a worker lost mid-batch is noticed within the heartbeat timeout and the batch runs again on
 * another, skipping the files already recorded. MH not answering is retried as a purchase's verification is.
 */
export const importacionSteps = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '10 minutes', nonRetryableErrorTypes: refusalsAreFinal },
});

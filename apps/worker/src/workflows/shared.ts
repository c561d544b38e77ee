import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import { DTE_ERROR_FAILURE } from '@dte/domain/workflow-contract';
import type { createActivities } from '@dte/activities';

/** What every workflow of the service shares: the activities' type, their common policies, delivery. */
export type Activities = ReturnType<typeof createActivities>;

/** Database, signing and building steps: quick, retried until they succeed, except a refusal (`DteError`). */
export const steps = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', nonRetryableErrorTypes: [DTE_ERROR_FAILURE] },
});

/** Rendering and e-mail: bounded, because their failure is recorded and never fails the document. */
export const delivery = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumAttempts: 5 },
});

/**
 * Stores the document's PDF and e-mails it to the receptor. A failure after the retries stays here: GET
 * /dte/pdf renders a missing PDF on demand, and each e-mail attempt is recorded on the document.
 */
export async function deliverDocument(codigoGeneracion: string): Promise<void> {
  try {
    await delivery.deliverDocument(codigoGeneracion);
  } catch {
    // See above.
  }
}

/**
 * The refusal (a `DteError` carried as an ApplicationFailure) an activity failed with, if that is what it
 * was. An activity's failure wraps it in an ActivityFailure; a local activity's arrives as it is.
 */
export function dteRefusal(err: unknown): ApplicationFailure | undefined {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure && cause.type === DTE_ERROR_FAILURE ? cause : undefined;
}

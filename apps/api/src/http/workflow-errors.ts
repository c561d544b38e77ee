import { ApplicationFailure, WorkflowFailedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { DteError, type ErrorCode } from '@dte/domain';
import { DTE_ERROR_FAILURE, type DteErrorDetails } from '@dte/contract';

/** A refusal raised inside a workflow (a `DteError` carried as an ApplicationFailure) back as a `DteError`. */
export function unwrapWorkflowError(err: unknown): unknown {
  const cause = err instanceof WorkflowUpdateFailedError || err instanceof WorkflowFailedError ? err.cause : undefined;
  if (cause instanceof ApplicationFailure && cause.type === DTE_ERROR_FAILURE) {
    const d = cause.details?.[0] as DteErrorDetails | undefined;
    if (d) return new DteError(d.code as ErrorCode, d.httpStatus, d.message, d.details);
  }
  return err;
}

import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { DTE_ERROR_FAILURE } from '@dte/contract';

/**
 * The refusal (a `DteError` carried as an ApplicationFailure) an activity failed with, if that is what it
 * was. An activity's failure wraps it in an ActivityFailure; a local activity's arrives as it is.
 */
export function dteRefusal(err: unknown): ApplicationFailure | undefined {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure && cause.type === DTE_ERROR_FAILURE ? cause : undefined;
}

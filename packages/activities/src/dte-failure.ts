import { ApplicationFailure } from '@temporalio/common';
import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, Next } from '@temporalio/worker';
import { DteError } from '@dte/domain';
import { DTE_ERROR_FAILURE, type DteErrorDetails } from '@dte/contract';

/**
 * A `DteError` an activity throws is a refusal the API answers as a 4xx: it crosses Temporal as a
 * non-retryable `ApplicationFailure` of type `DteError` with the code, status and details, for every
 * activity, so no activity converts it by hand. Any other error stays retryable.
 */
class DteFailureInterceptor implements ActivityInboundCallsInterceptor {
  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>) {
    try {
      return await next(input);
    } catch (err) {
      if (!(err instanceof DteError)) throw err;
      const details: DteErrorDetails = {
        code: err.code,
        httpStatus: err.httpStatus,
        message: err.message,
        details: err.details,
      };
      throw ApplicationFailure.nonRetryable(err.message, DTE_ERROR_FAILURE, details);
    }
  }
}

/** For `Worker.create({ interceptors: { activity: [dteFailureInterceptor] } })`. */
export const dteFailureInterceptor = () => ({ inbound: new DteFailureInterceptor() });

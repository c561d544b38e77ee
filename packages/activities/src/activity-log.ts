import { Context } from '@temporalio/activity';
import type { Logger } from '@dte/config';

/** What an activity knows of the document it works on. */
export interface DocumentLogFields {
  emisorId?: number;
  codigoGeneracion?: string;
}

/**
 * The running activity's logger: each line names the workflow (`dte-<codigoGeneracion>` for an issuance),
 * the activity and its attempt, and the document, so one grep finds a document's lines across processes.
 */
export function activityLog(log: Logger, document: DocumentLogFields): Logger {
  const { info } = Context.current();
  return log.child({
    workflowId: info.workflowExecution?.workflowId,
    activity: info.activityType,
    attempt: info.attempt,
    ...document,
  });
}

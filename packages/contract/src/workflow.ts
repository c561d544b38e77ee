import type { Workflow } from '@temporalio/common';

/**
 * A workflow as the client and the worker both know it: the type name it is registered and started
 * under, carrying its signature so every start, execute and handle is typed by it.
 */
export interface WorkflowContract<F extends Workflow> {
  /** Persisted in every execution's history: renaming it orphans executions in flight. */
  readonly workflowType: string;
  /** Type-level only (never set): the signature the worker implements and the client calls. */
  readonly signature?: F;
}

export function defineWorkflow<F extends Workflow>(workflowType: string): WorkflowContract<F> {
  return { workflowType };
}

/** The function a workflow's implementation must be: `export const X: WorkflowFn<typeof C> = async (…) => …`. */
export type WorkflowFn<C> = C extends WorkflowContract<infer F> ? F : never;

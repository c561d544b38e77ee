import type { Workflow, WorkflowResultType, WithWorkflowArgs } from '@temporalio/common';
import { executeChild, startChild, type ChildWorkflowHandle, type ChildWorkflowOptions } from '@temporalio/workflow';

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

/**
 * A workflow's child, started under the contract's type and waited for: its args and result typed by the
 * contract, as the samples' `executeChild(childWorkflow, …)` is by the imported function.
 */
export function executeChildOf<F extends Workflow>(
  contract: WorkflowContract<F>,
  options: WithWorkflowArgs<F, ChildWorkflowOptions>,
): Promise<WorkflowResultType<F>> {
  return executeChild<F>(contract.workflowType, options);
}

/** A workflow's child, started under the contract's type and left to run (its handle typed by the contract). */
export function startChildOf<F extends Workflow>(
  contract: WorkflowContract<F>,
  options: WithWorkflowArgs<F, ChildWorkflowOptions>,
): Promise<ChildWorkflowHandle<F>> {
  return startChild<F>(contract.workflowType, options);
}

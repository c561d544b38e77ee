import {
  WithStartWorkflowOperation,
  type WorkflowClient,
  type WorkflowHandle,
  type WorkflowIdConflictPolicy,
  type WorkflowSignalWithStartOptions,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { UpdateDefinition, WithWorkflowArgs, Workflow, WorkflowResultType } from '@temporalio/common';
import type { WorkflowContract } from './workflow';

/**
 * Temporal's workflow client typed by the contract: a workflow is named by its `WorkflowContract`, so its
 * arguments, result and handle carry its signature, and no call site writes a generic or a cast.
 */
export class DteWorkflowClient {
  constructor(private readonly client: WorkflowClient) {}

  start<F extends Workflow>(wf: WorkflowContract<F>, options: WorkflowStartOptions<F>) {
    return this.client.start<F>(wf.workflowType, options);
  }

  execute<F extends Workflow>(
    wf: WorkflowContract<F>,
    options: WorkflowStartOptions<F>,
  ): Promise<WorkflowResultType<F>> {
    return this.client.execute<F>(wf.workflowType, options);
  }

  /** The contract only types the handle: the id says which execution. */
  handle<F extends Workflow>(_wf: WorkflowContract<F>, workflowId: string, runId?: string): WorkflowHandle<F> {
    return this.client.getHandle<F>(workflowId, runId);
  }

  signalWithStart<F extends Workflow, SA extends unknown[]>(
    wf: WorkflowContract<F>,
    options: WithWorkflowArgs<F, WorkflowSignalWithStartOptions<SA>>,
  ) {
    return this.client.signalWithStart<F, SA>(wf.workflowType, options);
  }

  /**
   * Starts the workflow (or joins it, by `workflowIdConflictPolicy`) and waits for the update's answer;
   * `mensaje` is the update's arguments and, for one a retry must not repeat, its id.
   */
  executeUpdateWithStart<F extends Workflow, Ret, Args extends unknown[] = []>(
    wf: WorkflowContract<F>,
    update: UpdateDefinition<Ret, Args>,
    options: WorkflowStartOptions<F> & { workflowIdConflictPolicy: WorkflowIdConflictPolicy },
    mensaje?: { args: Args; updateId?: string },
  ): Promise<Ret> {
    const startWorkflowOperation = new WithStartWorkflowOperation<F>(wf.workflowType, options);
    return this.client.executeUpdateWithStart(update, { startWorkflowOperation, ...mensaje });
  }
}

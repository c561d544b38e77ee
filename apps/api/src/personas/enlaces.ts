import { randomUUID } from 'node:crypto';
import { EnlaceDeAcceso, SearchAttributeKeys } from '@dte/contract';
import type { TipoEnlace } from '@dte/domain';
import type { ApiContext } from '../context';
import { unwrapWorkflowError } from '../http/workflow-errors';

/**
 * E-mails the person a single-use link (an invitation to the emisor, or a password reset) through the
 * worker, and waits until it is sent: a failure reaches the caller, a refusal as its `DteError` (a person
 * who is not an active member of the emisor: NOT_FOUND). Each call is a new e-mail with a new link.
 */
export async function enviarEnlace(
  ctx: Pick<ApiContext, 'config' | 'workflows'>,
  input: { usuarioId: string; tipo: TipoEnlace; emisorId: number; invitadoPor?: string },
): Promise<void> {
  await ctx.workflows
    .execute(EnlaceDeAcceso, {
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      workflowId: EnlaceDeAcceso.workflowId(randomUUID()),
      args: [input],
      typedSearchAttributes: [{ key: SearchAttributeKeys.emisor, value: String(input.emisorId) }],
    })
    .catch((err: unknown) => {
      throw unwrapWorkflowError(err);
    });
}

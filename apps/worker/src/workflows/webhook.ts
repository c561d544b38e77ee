import { ActivityFailure, isCancellation } from '@temporalio/workflow';
import type { EntregaWebhook, WorkflowFn } from '@dte/contract';
import { entregaWebhook } from './policies';

/**
 * Delivers one event to one endpoint: the activity's retries are the delivery's schedule. What no attempt
 * within the window delivered ends FALLIDO, with the last attempt's failure; every attempt is also in
 * the endpoint's delivery log.
 */
export const WebhookDeliveryWorkflow: WorkflowFn<typeof EntregaWebhook> = async (input) => {
  try {
    return await entregaWebhook(input.reintento).entregarWebhook(input);
  } catch (err) {
    if (isCancellation(err) || !(err instanceof ActivityFailure)) throw err;
    return { estado: 'FALLIDO', motivo: err.cause?.message ?? err.message };
  }
};

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
    return await entregaWebhook(input.reintento, input.cola).entregarWebhook(input);
  } catch (err) {
    if (isCancellation(err) || !(err instanceof ActivityFailure)) throw err;
    // The window's timeout carries the last attempt's failure as its cause: that is what the receiver did.
    let causa: Error = err;
    while (causa.cause instanceof Error) causa = causa.cause;
    return { estado: 'FALLIDO', motivo: causa.message };
  }
};

import { ActivityFailure, CancellationScope, isCancellation, setHandler } from '@temporalio/workflow';
import { EntregaWebhook, type ResultadoEntrega, type WorkflowFn } from '@dte/contract';
import { entregaWebhook } from './policies';

/**
 * Delivers one event to one endpoint: the activity's retries are the delivery's schedule. What no attempt
 * within the window delivered ends FALLIDO, with the last attempt's failure; every attempt is also in
 * the endpoint's delivery log. The endpoint disabled (`deshabilitado`, sent by the attempt that disabled
 * it) ends it DESHABILITADO at once rather than at its next attempt, up to an hour of backoff later.
 * Executions recorded before the signal existed never received it, so their commands are unchanged: the
 * attempt's cancellation is a command only on the signal's path.
 */
export const WebhookDeliveryWorkflow: WorkflowFn<typeof EntregaWebhook> = async (input) => {
  let deshabilitado: ResultadoEntrega | undefined;
  const intentos = new CancellationScope();
  setHandler(EntregaWebhook.deshabilitado, (motivo) => {
    deshabilitado ??= { estado: 'DESHABILITADO', motivo };
    intentos.cancel();
  });
  try {
    return await intentos.run(() => entregaWebhook(input.reintento, input.cola).entregarWebhook(input));
  } catch (err) {
    if (deshabilitado && isCancellation(err)) return deshabilitado;
    if (isCancellation(err) || !(err instanceof ActivityFailure)) throw err;
    // The window's timeout carries the last attempt's failure as its cause: that is what the receiver did.
    let causa: Error = err;
    while (causa.cause instanceof Error) causa = causa.cause;
    return { estado: 'FALLIDO', motivo: causa.message };
  }
};

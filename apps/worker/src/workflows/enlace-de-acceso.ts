import type { EnlaceDeAcceso, WorkflowFn } from '@dte/contract';
import { resendDelivery } from './policies';
import { dteRefusal } from './refusal';

/**
 * E-mails a person an invitation or a password reset link, made by the activity (never in this history).
 * A start the API would not make (a person who is not an active member of the emisor, from the Temporal
 * UI) fails with the activity's `DteError`, as the API's refusal.
 */
export const EnlaceDeAccesoWorkflow: WorkflowFn<typeof EnlaceDeAcceso> = async (input) => {
  try {
    await resendDelivery.enviarEnlaceDeAcceso(input);
  } catch (err) {
    throw dteRefusal(err) ?? err;
  }
};

import type { ResendDte, WorkflowFn } from '@dte/contract';
import { resendDelivery } from './policies';
import { dteRefusal } from './refusal';

/**
 * E-mails a stored document again; answers whether the SMTP server took it (attempts are recorded on the
 * document). A document the API would not resend (`destinatarioReenvio`, checked by the activity before
 * anything is sent, for a resend started by hand from the Temporal UI) fails the workflow with the API's
 * `DteError`. The commands are those of before: no execution recorded earlier met a refusal.
 */
export const ResendDteWorkflow: WorkflowFn<typeof ResendDte> = async (input) => {
  try {
    await resendDelivery.emailDocument(input.codigoGeneracion, input.to);
    return true;
  } catch (err) {
    const refusal = dteRefusal(err);
    if (refusal) throw refusal;
    return false;
  }
};

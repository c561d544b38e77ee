import type { ResendDte, WorkflowFn } from '@dte/contract';
import { resendDelivery } from './policies';

/** E-mails a stored document again; answers whether the SMTP server took it (attempts are recorded on the document). */
export const ResendDteWorkflow: WorkflowFn<typeof ResendDte> = async (input) => {
  try {
    return (await resendDelivery.emailDocument(input.codigoGeneracion, input.to)) !== null;
  } catch {
    return false;
  }
};

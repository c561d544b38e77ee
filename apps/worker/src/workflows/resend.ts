import { proxyActivities } from '@temporalio/workflow';
import type { ResendDteInput } from '@dte/domain/workflow-contract';
import type { createActivities } from '@dte/activities';

// The caller is waiting on the HTTP answer, so fewer attempts than the issuance's background e-mail.
const { emailDocument } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3 },
});

/** E-mails a stored document again; answers whether the SMTP server took it (attempts are recorded on the document). */
export async function ResendDteWorkflow(input: ResendDteInput): Promise<boolean> {
  try {
    return (await emailDocument(input.codigoGeneracion, input.to)) !== null;
  } catch {
    return false;
  }
}

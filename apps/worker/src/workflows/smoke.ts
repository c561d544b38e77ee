import { proxyActivities } from '@temporalio/workflow';
import type { SmokeInput, SmokeResult } from '@dte/domain/workflow-contract';
import type { createActivities } from '@dte/activities';

const { smokeRecord, smokeStore, smokeRender, smokeMail } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 5 },
});

/** Touches every real component once: database, storage, Chromium and SMTP, each as its own activity. */
export async function SmokeWorkflow(input: SmokeInput): Promise<SmokeResult> {
  const pdf = await smokeRender(input.id);
  const storedKey = await smokeStore(input.id, pdf.key);
  const messageId = await smokeMail(input.id, input.email, pdf.key);
  await smokeRecord({ smokeId: input.id, storedKey, pdfBytes: pdf.bytes, messageId });
  return { id: input.id, storedKey, pdfBytes: pdf.bytes, messageId };
}

import type { Smoke, WorkflowFn } from '@dte/contract';
import { smokeSteps } from './policies';

/** Touches every real component once: database, storage, Chromium and SMTP, each as its own activity. */
export const SmokeWorkflow: WorkflowFn<typeof Smoke> = async (input) => {
  const pdf = await smokeSteps.smokeRender(input.id);
  const storedKey = await smokeSteps.smokeStore(input.id, pdf.key);
  const messageId = await smokeSteps.smokeMail(input.id, input.email, pdf.key);
  await smokeSteps.smokeRecord({ smokeId: input.id, storedKey, pdfBytes: pdf.bytes, messageId });
  return { id: input.id, storedKey, pdfBytes: pdf.bytes, messageId };
};

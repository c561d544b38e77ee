import { Client, Connection } from '@temporalio/client';
import { Client as Minio } from 'minio';
import mongoose from 'mongoose';
import { mailAttachment, waitForMail } from '../support/maildev';
import { stack } from '../support/stack';

/**
 * The real path end to end before any tax logic: HTTP → API → Temporal workflow on the worker →
 * activities that render a PDF with the pooled Chromium, store it in MinIO, mail it through SMTP to
 * maildev, and write a record to the database.
 */
describe('foundation: the real stack end to end', () => {
  it('GET /health reports every dependency ok without a token', async () => {
    const res = await fetch(`${stack().api}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { temporal: 'ok', database: 'ok', storage: 'ok' } });
  });

  it('POST /diagnostics/smoke runs a workflow that touches database, storage, Chromium and SMTP', async () => {
    const email = `smoke-${Date.now()}@example.test`;
    const unauthenticated = await fetch(`${stack().api}/diagnostics/smoke`, { method: 'POST' });
    expect(unauthenticated.status).toBe(401);
    const invalid = await fetch(`${stack().api}/diagnostics/smoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': stack().devToken },
      body: JSON.stringify({ email: '' }),
    });
    expect([invalid.status, ((await invalid.json()) as { code: string }).code]).toEqual([400, 'VALIDATION_ERROR']);
    const res = await fetch(`${stack().api}/diagnostics/smoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': stack().devToken },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: { id: string; storedKey: string; pdfBytes: number; workflowId: string };
    };

    const s3 = new URL(stack().minio);
    const minio = new Minio({
      endPoint: s3.hostname,
      port: Number(s3.port),
      useSSL: false,
      accessKey: stack().env.S3_ACCESS_KEY,
      secretKey: stack().env.S3_SECRET_KEY,
    });
    const chunks: Buffer[] = [];
    for await (const c of await minio.getObject('dte', `smoke/${data.id}.pdf`)) chunks.push(c as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.length).toBe(data.pdfBytes);

    const mail = await waitForMail((m) => m.to.some((t) => t.address === email));
    expect(mail.subject).toBe(`Smoke ${data.id}`);
    const attachment = await mailAttachment(mail, mail.attachments![0]!.generatedFileName);
    expect(attachment.subarray(0, 4).toString()).toBe('%PDF');

    const conn = await mongoose.createConnection(stack().database).asPromise();
    const record = await conn.collection('smoke').findOne({ smokeId: data.id });
    await conn.close();
    expect(record).toMatchObject({ storedKey: data.storedKey, pdfBytes: data.pdfBytes });

    // The history is in Temporal (what the Web UI at port 8233 shows).
    const connection = await Connection.connect({ address: stack().temporalGrpc });
    const client = new Client({ connection });
    const history = await client.workflow.getHandle(data.workflowId).fetchHistory();
    await connection.close();
    const scheduled = history
      .events!.filter((e) => e.activityTaskScheduledEventAttributes)
      .map((e) => e.activityTaskScheduledEventAttributes!.activityType!.name);
    expect(scheduled).toEqual(['smokeRender', 'smokeStore', 'smokeMail', 'smokeRecord']);
  });
});

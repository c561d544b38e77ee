'use strict';
/**
 * When each issued document's PDF was stored and its e-mail accepted, measured after the fact so the
 * load is not disturbed by polling: the e-mail time is the document's first successful attempt in
 * `correos` (written once SMTP accepted it), the PDF time is MinIO's LastModified (millisecond precision).
 */
const path = require('node:path');
const { Client } = require('minio');
const { percentile, round } = require('./load');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (i < items.length) {
        const k = i++;
        out[k] = await fn(items[k]);
      }
    }),
  );
  return out;
}

/**
 * Waits until every document has an e-mail attempt made at or after `since` (or `timeoutMs`), one `_id`
 * lookup each (FerretDB pushes those down). Answers when each was accepted (null: the attempt failed).
 */
async function waitForEmails(db, codigos, timeoutMs, since = 0) {
  const emailAt = new Map();
  let pending = [...codigos];
  const started = Date.now();
  while (pending.length > 0 && Date.now() - started < timeoutMs) {
    const docs = await mapLimit(pending, 4, (c) => db.models.Correo.findOne({ _id: c }).lean());
    const still = [];
    docs.forEach((d, k) => {
      const attempts = (d?.intentos || []).filter((e) => new Date(e.at).getTime() >= since);
      const sent = attempts.find((e) => e.ok);
      if (sent) emailAt.set(pending[k], new Date(sent.at).getTime());
      else if (attempts.length > 0) emailAt.set(pending[k], null);
      else still.push(pending[k]);
    });
    pending = still;
    if (pending.length > 0) await sleep(1000);
  }
  return { emailAt, missing: pending.length };
}

function s3Client(env) {
  const url = new URL(env.S3_ENDPOINT);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port) || undefined,
    useSSL: url.protocol === 'https:',
    region: env.S3_REGION || 'us-east-1',
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
  });
}

/** LastModified of every PDF under the emisor's prefix, by codigoGeneracion. */
async function pdfTimes(env, slug) {
  const client = s3Client(env);
  const out = new Map();
  const stream = client.listObjectsV2(env.S3_BUCKET || 'dte', `emisores/${slug}/DTES/`, true);
  for await (const obj of stream) {
    if (obj.name && obj.name.includes('/pdf/')) out.set(path.basename(obj.name, '.pdf'), obj.lastModified.getTime());
  }
  return out;
}

/** Percentiles of (PDF stored − request sent) and (e-mail accepted − request sent). */
async function deliveryTimes({ db, env, slug, issued, timeoutMs }) {
  const started = Date.now();
  const { emailAt, missing } = await waitForEmails(
    db,
    issued.map((d) => d.codigoGeneracion),
    timeoutMs,
  );
  const drainedAt = Date.now();
  const pdfAt = await pdfTimes(env, slug);
  const pdf = [];
  const mail = [];
  let lastDone = 0;
  for (const d of issued) {
    const p = pdfAt.get(d.codigoGeneracion);
    const m = emailAt.get(d.codigoGeneracion);
    if (p) pdf.push(p - d.sentAt);
    if (m) mail.push(m - d.sentAt);
    lastDone = Math.max(lastDone, m || 0, p || 0);
  }
  pdf.sort((a, b) => a - b);
  mail.sort((a, b) => a - b);
  const firstSent = Math.min(...issued.map((d) => d.sentAt));
  const q = (arr) => ({
    p50: round(percentile(arr, 0.5)),
    p95: round(percentile(arr, 0.95)),
    max: round(arr.at(-1) ?? null),
  });
  return {
    pdfMs: q(pdf),
    emailMs: q(mail),
    pdfStored: pdf.length,
    emailsAccepted: mail.length,
    undelivered: missing,
    // Documents per second fully delivered (PDF stored and e-mailed), first request to last e-mail.
    deliveredPerSecond: lastDone ? round(mail.length / ((lastDone - firstSent) / 1000)) : null,
    waitedSeconds: round((drainedAt - started) / 1000),
  };
}

module.exports = { deliveryTimes, mapLimit, sleep, waitForEmails };

'use strict';
/** A closed-loop load: `concurrency` clients, each sending its next request as soon as the last is answered. */
const http = require('node:http');
const { performance } = require('node:perf_hooks');

function post(agent, url, token, body) {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'x-api-token': token, 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            /* not JSON: counted as an error below */
          }
          resolve({ status: res.statusCode, body: json });
        });
      },
    );
    req.setTimeout(120000, () => req.destroy(new Error('client timeout 120 s')));
    req.on('error', (err) => resolve({ status: 0, body: { message: err.message } }));
    req.end(payload);
  });
}

/**
 * Runs until `durationMs` has passed or `count` requests were sent, whichever comes first. `next(i)`
 * answers `{ path, body }`; each result keeps its send time (epoch ms) for the delivery timings.
 */
async function runLoad({ api, token, concurrency, durationMs = Infinity, count = Infinity, next, expectEstado }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const results = [];
  const errors = {};
  let sent = 0;
  const t0 = performance.now();
  const until = t0 + durationMs;
  const client = async () => {
    while (sent < count && performance.now() < until) {
      const i = sent++;
      const { path, body } = next(i);
      const sentAt = Date.now();
      const start = performance.now();
      const res = await post(agent, `${api}${path}`, token, body);
      const end = performance.now();
      const data = res.body && res.body.data;
      const ok = res.status === 201 && data && (!expectEstado || data.estado === expectEstado);
      if (!ok) {
        const detail = data
          ? data.estado
          : res.body && [res.body.code, res.body.message, JSON.stringify(res.body.errors || '')].join(' ');
        const why = `${path} ${res.status} ${String(detail).slice(0, 200)}`;
        errors[why] = (errors[why] || 0) + 1;
      }
      results.push({ ok, ms: end - start, start, end, sentAt, codigoGeneracion: data && data.codigoGeneracion });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  return summarize(results, errors, t0);
}

function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function summarize(results, errors, t0) {
  const ok = results.filter((r) => r.ok);
  const lastEnd = Math.max(t0, ...results.map((r) => r.end));
  const seconds = (lastEnd - t0) / 1000;
  const lat = ok.map((r) => r.ms).sort((a, b) => a - b);
  return {
    sent: results.length,
    ok: ok.length,
    errors: results.length - ok.length,
    errorKinds: errors,
    seconds: round(seconds),
    docsPerSecond: round(ok.length / Math.max(seconds, 0.001)),
    latencyMs: {
      p50: round(percentile(lat, 0.5)),
      p95: round(percentile(lat, 0.95)),
      p99: round(percentile(lat, 0.99)),
    },
    issued: ok.map((r) => ({ codigoGeneracion: r.codigoGeneracion, sentAt: r.sentAt })),
  };
}

function round(n) {
  return n === null ? null : Math.round(n * 10) / 10;
}

module.exports = { runLoad, post, percentile, summarize, round };

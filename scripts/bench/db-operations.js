'use strict';
/**
 * Database operations the API and the worker asked for, read from their `dte_db_operations_total` series, so a
 * scenario reports what one document costs the database in operations (by operation and collection).
 */

async function operationsOf(baseUrl) {
  const res = await fetch(`${baseUrl}/metrics`);
  if (!res.ok) throw new Error(`${baseUrl}/metrics answered ${res.status}`);
  const counts = {};
  for (const line of (await res.text()).split('\n')) {
    const m = /^dte_db_operations_total\{(.*)\}\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    counts[`${labels.operation} ${labels.collection}`.trim()] = Number(m[2]);
  }
  return counts;
}

/** Counts now, per process whose metrics address is known. */
async function dbOperations(urls) {
  const out = {};
  for (const [name, url] of Object.entries(urls)) if (url) out[name] = await operationsOf(url);
  return out;
}

/** What was sent between two counts, per process and per document, largest first. */
function perDocument(before, after, documents) {
  const out = {};
  for (const [name, counts] of Object.entries(after)) {
    const rows = Object.entries(counts)
      .map(([k, v]) => [k, (v - (before[name]?.[k] ?? 0)) / Math.max(documents, 1)])
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1]);
    out[name] = {
      total: Math.round(100 * rows.reduce((s, [, v]) => s + v, 0)) / 100,
      byOperation: Object.fromEntries(rows.map(([k, v]) => [k, Math.round(100 * v) / 100])),
    };
  }
  return out;
}

module.exports = { dbOperations, perDocument };

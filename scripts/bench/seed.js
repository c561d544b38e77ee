'use strict';
/**
 * Fills the documents collection with `count` accepted documents of a throwaway emisor, inserted
 * directly (never through MH), each a copy of a real record with its identifiers changed, so the
 * collection has the size and shape it has after years of issuing. A marker remembers how many are
 * there, so a kept data directory is seeded once.
 */
const { randomUUID } = require('node:crypto');

const SEED_EMISOR = 990000001;
const BATCH = 1000;

async function seedDocuments(db, template, count, log) {
  const documents = db.connection.collection('documents');
  const meta = db.connection.collection('bench_meta');
  const marker = (await meta.findOne({ _id: 'seed' })) || { n: 0 };
  const started = Date.now();
  let n = marker.n;
  if (n >= count) return { stored: n, inserted: 0, insertPerSecond: null };
  const base = { ...template };
  delete base._id;
  const make = (i) => {
    const codigoGeneracion = randomUUID().toUpperCase();
    const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000);
    return {
      ...base,
      _id: codigoGeneracion,
      id: 3e12 + i,
      codigoGeneracion,
      numeroControl: `DTE-01-M001P001-${String(i + 1).padStart(15, '0')}`,
      sequenceNumber: String(i + 1),
      emisorId: SEED_EMISOR,
      createdAt: at,
      updatedAt: at,
    };
  };
  let lastLog = Date.now();
  const inFlight = 2;
  while (n < count) {
    const batches = [];
    for (let k = 0; k < inFlight && n < count; k++) {
      const size = Math.min(BATCH, count - n);
      const docs = Array.from({ length: size }, (_, j) => make(n + j));
      n += size;
      batches.push(documents.insertMany(docs, { ordered: false }));
    }
    await Promise.all(batches);
    await meta.updateOne({ _id: 'seed' }, { $set: { n } }, { upsert: true });
    if (Date.now() - lastLog > 15000) {
      lastLog = Date.now();
      log(`seeded ${n}/${count} (${Math.round((n - marker.n) / ((Date.now() - started) / 1000))}/s)`);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  return { stored: n, inserted: n - marker.n, seconds, insertPerSecond: (n - marker.n) / seconds };
}

module.exports = { seedDocuments, SEED_EMISOR };

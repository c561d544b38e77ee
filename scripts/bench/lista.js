'use strict';
/**
 * GET /dte's cost at scale: an emisor with `count` documents on its list (inserted directly, each a copy
 * of a real record, with the list entries and numbering claims issuing would have written; one in 500
 * REJECTED), then pages read through the store's own `Documents.list`, as the API reads them. Each kind
 * of page is read 15 times; p50 and max are reported.
 */
const path = require('node:path');
const { randomUUID } = require('node:crypto');

const ROOT = path.resolve(__dirname, '../..');
const BATCH = 1000;
const REPS = 15;

/** One day per 1,000 documents, from 2024-01-01: the list is in emission order. */
const diaDeLista = (k) => new Date(Date.UTC(2024, 0, 1) + Math.floor(k / 1000) * 86_400_000).toISOString().slice(0, 10);

/**
 * Stores `count` documents of `emisorId` as issuing would have: records, list entries, numbering claims.
 * Document k (1…count) is a copy of `plantilla(k)` emitted on `fecha(k)`; one in 500 is REJECTED.
 */
async function seedList(db, emisorId, count, log, { plantilla, fecha = diaDeLista }) {
  const c = db.connection;
  const [documents, entradas, claims, hints] = ['documents', 'documentos_lista', 'claims', 'claim_hints'].map((n) =>
    c.collection(n),
  );
  const serie = `lista:${emisorId}`;
  const { lecturaDeLibros } = require(path.join(ROOT, 'packages/domain'));
  // What issuing keeps on the entry for the books, once per template.
  const lecturas = new Map();
  const lectura = (doc) => {
    if (!lecturas.has(doc)) lecturas.set(doc, { tipoDte: doc.tipoDte, dte: lecturaDeLibros(doc.dteJson, doc.tipoDte) });
    return lecturas.get(doc);
  };
  const started = Date.now();
  for (let n = 1; n <= count; n += BATCH) {
    const size = Math.min(BATCH, count - n + 1);
    const docs = [];
    const entries = [];
    for (let k = n; k < n + size; k++) {
      const codigoGeneracion = randomUUID().toUpperCase();
      const plantillaK = plantilla(k);
      const base = { ...plantillaK };
      delete base._id;
      const fecEmi = fecha(k);
      const numeroControl = `DTE-${base.tipoDte}-M001P001-${String(k).padStart(15, '0')}`;
      const estado = k % 500 === 0 ? 'REJECTED' : 'PROCESSED';
      docs.push({
        ...base,
        _id: codigoGeneracion,
        id: 4e12 + emisorId * 1e6 + k,
        codigoGeneracion,
        numeroControl,
        estado,
        emisorId,
        fecEmi,
        listaN: k,
      });
      entries.push({
        _id: `${serie}:${k}`,
        codigoGeneracion,
        tipo: base.tipo,
        fecEmi,
        numeroControl,
        receptorNombre: 'Cliente',
        receptor: [String(k % 1000).padStart(9, '0')],
        total: base.total,
        ambiente: base.ambiente,
        createdAt: new Date(),
        estado,
        selloRecibido: estado === 'PROCESSED' ? base.selloRecibido : null,
        libro: lectura(plantillaK),
        anuladoEl: null,
      });
    }
    await Promise.all([
      documents.insertMany(docs, { ordered: false }),
      entradas.insertMany(entries, { ordered: false }),
      claims.insertMany(
        entries.map((e) => ({ _id: e._id })),
        { ordered: false },
      ),
    ]);
    if ((n - 1) % 20_000 === 0) log(`lista: seeded ${n - 1 + size}/${count}`);
  }
  await hints.updateOne({ _id: serie }, { $max: { n: count } }, { upsert: true });
  return (Date.now() - started) / 1000;
}

/** p50 and max in ms of `reps` runs of `fn`. */
async function timed(fn, reps = REPS) {
  const ms = [];
  let last;
  for (let i = 0; i < reps; i++) {
    const t = process.hrtime.bigint();
    last = await fn();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)], max: ms[ms.length - 1], devueltos: last.entradas.length };
}

async function benchList(db, template, sizes, log) {
  const { Documents, TenantCache } = require(path.join(ROOT, 'packages/store'));
  const documents = new Documents(db, new TenantCache(db.models, 0));
  const results = [];
  for (const [i, count] of sizes.entries()) {
    const emisorId = 990000100 + i;
    const stored = await db.connection.collection('claim_hints').findOne({ _id: `lista:${emisorId}` });
    const seedSeconds =
      stored?.n === count ? 0 : await seedList(db, emisorId, count, log, { plantilla: () => template });
    const mitad = Math.floor(count / 2);
    const dia = diaDeLista;
    const pages = {
      primera: () => documents.list(emisorId, {}, null, 50),
      mitadPorCursor: () => documents.list(emisorId, {}, mitad, 50),
      hastaUnDia: () => documents.list(emisorId, { hasta: dia(mitad) }, null, 50),
      rechazados: () => documents.list(emisorId, { estado: 'REJECTED' }, null, 50),
      receptorSinCoincidencia: () => documents.list(emisorId, { receptor: 'NINGUNO' }, null, 50),
    };
    const result = { count, seedSeconds };
    for (const [name, fn] of Object.entries(pages)) {
      result[name] = await timed(fn);
      log(`lista ${count}: ${name} p50 ${result[name].p50.toFixed(1)} ms (${result[name].devueltos} documents)`);
    }
    results.push(result);
  }
  return results;
}

module.exports = { benchList, seedList };

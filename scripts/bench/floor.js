'use strict';
/**
 * The floor: the work one issuance cannot avoid — parse and build the DTE, sign it, POST it to MH (the
 * simulator), insert the record, put its JSON in storage — done by a plain loop at the same concurrency,
 * with no HTTP gateway, no Temporal, no PDF and no e-mail. Runs as its own process (forked by index.js)
 * so its CPU and memory are sampled like the service's. Numbering is an in-memory counter on a point of
 * sale of its own (P999). Records go to `floor_documents`, indexed like `documents`.
 *
 * With `garantias`, the writes the service's guarantees and its documents' list cannot do without, and
 * nothing else of the service's: the request stored before the workflow starts and read by its step (no
 * request or DTE in Temporal's history, which takes 2 MB at most and would keep the receptor's data), the
 * correlativo taken as one insert naming its document (gapless across a crash, as `takeOwned`), the record
 * saved PENDIENTE before MH is called and MH's verdict then set on it (an outcome never learned is still on
 * record), the emisor's list entry under a number of its own (FerretDB finds a document by `_id` only,
 * so GET /dte and the books read the list), and the answer read from the record. The pipeline run so
 * (`--garantias`) is the bound these put on the service on this machine.
 *
 * Input (argv[2], JSON): { env, emisorId, concurrency, durationMs, count, items, warmup, garantias }.
 * Output: one JSON line on stdout, the same summary shape as the HTTP load.
 */
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');

const ROOT = path.resolve(__dirname, '../..');
const { loadConfig } = require(path.join(ROOT, 'packages/config'));
const activities = require(path.join(ROOT, 'packages/activities'));
const persistence = require(path.join(ROOT, 'packages/store'));
const domain = require(path.join(ROOT, 'packages/domain'));
const { factura } = require('./requests');
const { summarize } = require('./load');

/**
 * The floor's work for one document, ready to run: `issueOne(codigoGeneracion)` builds, signs, sends,
 * inserts and stores it, and answers what a delivery needs (the DTE, its sello, the receptor's JSON).
 * `close()` closes the database.
 */
async function preparar(opts) {
  const config = loadConfig(opts.env);
  const db = await persistence.connectDatabase(config.MONGODB_URI);
  const store = persistence.ObjectStore.fromConfig(config);
  const mh = new activities.MhClient(config.MH_BASE_URL, config.MH_TIMEOUT_MS);
  const box = new persistence.SecretBox(config.SECRET_KEY);
  try {
    const emisor = await db.models.Emisor.findOne({ id: opts.emisorId }).lean();
    const establecimiento = await db.models.Establecimiento.findOne({ emisorId: emisor.id }).lean();
    const cert = domain.parseCertificadoMH(box.open(emisor.secrets.certificado));
    const creds = { nit: emisor.nit, password: box.open(emisor.secrets.mhPassword) };
    // The service's emisor block, on a point of sale of the floor's own.
    const puntoVenta = await db.models.PuntoVenta.findOne({ establecimientoId: establecimiento.id }).lean();
    const issuer = { emisorId: emisor.id, establecimientoId: establecimiento.id, puntoVentaId: puntoVenta.id };
    const { emisorDte: servicio } = await persistence.loadIssuer(new persistence.TenantCache(db.models, 0), issuer);
    const emisorDte = { ...servicio, codPuntoVentaMH: 'P999', codPuntoVenta: 'P999' };
    const tipo = 'FACTURA_CONSUMIDOR_FINAL';
    const kind = domain.documentKind(tipo);
    // The generation the service issues this emisor's documents in now.
    const generacion = domain.generacionEn(persistence.normativaDelEmisor(emisor, config), new Date());
    const version = domain.versionEn(tipo, generacion);
    // A collection of its own with the documents' indexes: the same insert cost, and the service's
    // collection (which FerretDB scans on some lookups) does not grow with the floor's documents.
    const documents = db.connection.collection('floor_documents');
    const numeros = db.connection.collection('floor_numeros');
    const solicitudes = db.connection.collection('floor_requests');
    const lista = db.connection.collection('floor_lista');

    for (const ix of await db.connection.collection('documents').indexes()) {
      if (ix.name !== '_id_') await documents.createIndex(ix.key, { name: ix.name, unique: !!ix.unique });
    }
    // 15 digits, past every earlier run's: the series never collides across runs on the same database.
    let correlativo = Date.now() * 100;
    let nextId = 2e12 + (Date.now() % 1e9) * 1000;
    let listaN = correlativo;

    const issueOne = async (codigoGeneracion = randomUUID().toUpperCase()) => {
      const request = domain.parseRequest(kind.requestSchema, factura(opts.items));
      const { fecEmi, horEmi } = domain.elSalvadorNow();
      // This call's number, held across the awaits below: at concurrency 32 the shared counter moves on
      // meanwhile, and a record written with its value then repeated another's (a duplicate key, after MH
      // had sealed the document, so the bare pipeline's retries got MH's 004 and hung).
      const n = ++correlativo;
      const numeroControl = domain.formatNumeroControl(kind.tipoDte, 'M001', 'P999', n);
      const dte = domain.buildDocument(
        tipo,
        version,
        {
          ambiente: emisor.ambiente,
          codigoGeneracion,
          numeroControl,
          fecEmi,
          horEmi,
          emisor: emisorDte,
        },
        request,
      );
      const documento = domain.signDte(dte, cert.privateKeyDer);
      const [yyyy, mm, dd] = fecEmi.split('-');
      const key = `emisores/${emisor.slug}/DTES/TEST/${yyyy}/${mm}/${dd}/DTE01/json/${codigoGeneracion}.json`;
      const id = ++nextId;
      const registro = (verdict) => {
        const now = new Date();
        return {
          _id: codigoGeneracion,
          id,
          tipo,
          tipoDte: kind.tipoDte,
          codigoGeneracion,
          numeroControl,
          ambiente: emisor.ambiente,
          total: kind.total(dte),
          fecEmi,
          dteJson: dte,
          dteFirmado: documento,
          ...verdict,
          analisisHacienda: null,
          errorTecnico: null,
          sequenceId: 0,
          sequenceNumber: String(n),
          serie: domain.serie('P999'),
          emisorId: emisor.id,
          branchId: establecimiento.id,
          pointOfSaleId: 0,
          tokenId: 0,
          receptorCorreo: kind.receptorCorreo(dte),
          emails: [],
          anulacion: null,
          createdAt: now,
          updatedAt: now,
        };
      };
      const pendiente = {
        estado: 'PENDIENTE',
        selloRecibido: null,
        respuestaMh: null,
        dteJsonUrl: null,
        dtePdfUrl: null,
      };
      const entrada = ++listaN;
      if (opts.garantias) {
        await solicitudes.insertOne({ _id: codigoGeneracion, emisorId: emisor.id, request: factura(opts.items) });
        await solicitudes.findOne({ _id: codigoGeneracion });
        await numeros.insertOne({ _id: `P999:${n}`, owner: codigoGeneracion });
        await lista.insertOne({ _id: `${emisor.id}:${entrada}:claim` });
        await documents.insertOne(registro(pendiente));
      }
      const res = await mh.post(creds, '/fesv/recepciondte', {
        ambiente: emisor.ambiente,
        idEnvio: 1,
        version,
        tipoDte: kind.tipoDte,
        documento,
        codigoGeneracion,
      });
      if (!res.answered || res.body.estado !== 'PROCESADO')
        throw new Error(
          `MH: ${res.answered ? `${res.body.codigoMsg} ${res.body.descripcionMsg} ${JSON.stringify(res.body.observaciones)}` : res.reason}`,
        );
      const verdict = {
        estado: 'PROCESSED',
        selloRecibido: res.body.selloRecibido,
        respuestaMh: res.body,
        dteJsonUrl: key,
        dtePdfUrl: key.replace('/json/', '/pdf/').replace(/\.json$/, '.pdf'),
      };
      if (opts.garantias) {
        await documents.updateOne({ _id: codigoGeneracion }, { $set: { ...verdict, updatedAt: new Date() } });
        const { _id, dteJson: _d, dteFirmado: _f, ...resumen } = registro(verdict);
        await lista.replaceOne({ _id: `${emisor.id}:${entrada}` }, resumen, { upsert: true });
        // The answer, read from the record as the API reads it (the document never passes through Temporal).
        await documents.findOne({ _id: codigoGeneracion });
      } else await documents.insertOne(registro(verdict));
      const json = Buffer.from(
        JSON.stringify({ ...dte, firmaElectronica: documento, selloRecibido: res.body.selloRecibido }, null, 2),
      );
      await store.put(key, json, 'application/json');
      return { dte, selloRecibido: res.body.selloRecibido, json, emisorNombre: emisor.nombre, key };
    };
    return { config, store, issueOne, close: () => db.close() };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** `n` clients at once, each issuing one document after the other, until `count` or `durationMs`. */
async function concurrently(opts, issueOne) {
  const results = [];
  const errors = {};
  let sent = 0;
  const t0 = performance.now();
  const until = t0 + (opts.durationMs ?? Infinity);
  const count = opts.count ?? Infinity;
  const client = async () => {
    while (sent < count && performance.now() < until) {
      sent++;
      const start = performance.now();
      let ok = true;
      try {
        await issueOne();
      } catch (err) {
        ok = false;
        const why = String(err.message).slice(0, 120);
        errors[why] = (errors[why] || 0) + 1;
      }
      const end = performance.now();
      results.push({ ok, ms: end - start, start, end, sentAt: 0 });
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  const summary = summarize(results, errors, t0);
  delete summary.issued;
  return summary;
}

async function main() {
  const opts = JSON.parse(process.argv[2]);
  const { issueOne, close } = await preparar(opts);
  try {
    for (let i = 0; i < (opts.warmup ?? 0); i++) await issueOne();
    process.stdout.write(`${JSON.stringify(await concurrently(opts, () => issueOne()))}\n`);
  } finally {
    await close();
  }
}

module.exports = { preparar, concurrently };

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`floor failed: ${err.stack}\n`);
    process.exit(1);
  });
}

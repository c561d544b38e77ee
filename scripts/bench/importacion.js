'use strict';
/**
 * Moving in (issue 53): a ZIP of `count` Archivos DTE the bench emisor issued with a "previous provider" (copies
 * of a CCF issued here, each with its own codigoGeneracion and numeroControl, signed with the emisor's
 * certificate and held by the simulator as MH holds what it sealed), uploaded to POST /importaciones; the
 * time from the upload to the import's end (every file checked, asked for at MH and recorded), documents/s,
 * and what the worker, the database and the simulator spent.
 */
const path = require('node:path');
const { once } = require('node:events');
const { randomUUID, createPrivateKey } = require('node:crypto');
const { mapLimit } = require('./delivery');

const ROOT = path.resolve(__dirname, '../..');
const FEC_EMI = '2026-11-15';

async function zipDe(archivos) {
  const { ZipFile } = require('yazl');
  const zip = new ZipFile();
  for (const [nombre, a] of archivos) zip.addBuffer(Buffer.from(JSON.stringify(a)), nombre);
  zip.end();
  const partes = [];
  zip.outputStream.on('data', (b) => partes.push(b));
  await once(zip.outputStream, 'end');
  return Buffer.concat(partes);
}

async function benchImportacion({ db, stack, tenant, ccf, count, simulator, log, sampled }) {
  const { loadConfig } = require(path.join(ROOT, 'packages/config'));
  const { SecretBox } = require(path.join(ROOT, 'packages/store'));
  const { parseCertificadoMH, signDte } = require(path.join(ROOT, 'packages/domain'));
  const emisor = await db.models.Emisor.findOne({ id: tenant.emisorId }).lean();
  const cert = parseCertificadoMH(new SecretBox(loadConfig(stack.env).SECRET_KEY).open(emisor.secrets.certificado));
  const clave = createPrivateKey({ key: cert.privateKeyDer, format: 'der', type: 'pkcs8' });
  const base = ccf.dteJson;
  const inicio = Date.now();
  const archivos = [];
  for (let k = 1; k <= count; k++) {
    const dte = JSON.parse(JSON.stringify(base));
    dte.identificacion.codigoGeneracion = randomUUID().toUpperCase();
    dte.identificacion.numeroControl = `DTE-03-M001P001-${String(k).padStart(15, '0')}`;
    dte.identificacion.fecEmi = FEC_EMI;
    dte.emisor = { ...dte.emisor, nit: emisor.nit, nrc: emisor.nrc, nombre: emisor.nombre };
    const sello = `2026${randomUUID().replace(/-/g, '').toUpperCase()}BNCH`;
    archivos.push([
      `${String(k).padStart(6, '0')}.json`,
      { ...dte, firmaElectronica: signDte(dte, clave), selloRecibido: sello },
    ]);
  }
  await mapLimit(archivos, 16, ([, a]) =>
    simulator(stack, '/documentos', {
      codigoGeneracion: a.identificacion.codigoGeneracion,
      emisor: emisor.nit,
      tipoDte: '03',
      selloRecibido: a.selloRecibido,
      numeroControl: a.identificacion.numeroControl,
      fecEmi: FEC_EMI,
      version: a.identificacion.version,
      ambiente: a.identificacion.ambiente,
    }),
  );
  const zip = await zipDe(archivos);
  log(
    `importacion: ${count} Archivos DTE signed and held by MH in ${Math.round((Date.now() - inicio) / 1000)} s; ZIP of ${(zip.length / 1e6).toFixed(1)} MB`,
  );

  const { value, resources } = await sampled({}, async () => {
    const t0 = process.hrtime.bigint();
    const form = new globalThis.FormData();
    form.append('archivo', new globalThis.Blob([zip]), 'bench.zip');
    const res = await fetch(`${stack.api}/importaciones`, {
      method: 'POST',
      headers: { 'x-api-token': tenant.token },
      body: form,
    });
    if (res.status !== 202) throw new Error(`POST /importaciones: ${res.status} ${await res.text()}`);
    const { data } = await res.json();
    let importacion = data;
    let dicho = -1;
    while (importacion.estado !== 'TERMINADA') {
      await new Promise((r) => setTimeout(r, 1000));
      const leida = await fetch(`${stack.api}/importaciones/${data.id}`, { headers: { 'x-api-token': tenant.token } });
      importacion = (await leida.json()).data;
      if (importacion.procesados !== dicho && importacion.procesados % 2000 === 0)
        log(`importacion: ${(dicho = importacion.procesados)}/${count} files`);
    }
    return { importacion, segundos: Number(process.hrtime.bigint() - t0) / 1e9 };
  });
  const r = {
    count,
    importados: value.importacion.importados,
    rechazados: value.importacion.rechazados,
    segundos: Math.round(value.segundos * 10) / 10,
    documentosPorSegundo: Math.round((count / value.segundos) * 10) / 10,
    cpuSeconds: Object.fromEntries(Object.entries(resources.groups).map(([g, v]) => [g, v.cpuSeconds])),
    workerPeakRssMb: resources.groups.worker?.peakRssMb ?? null,
    apiPeakRssMb: resources.groups.api?.peakRssMb ?? null,
  };
  log(
    `importacion: ${r.importados} imported, ${r.rechazados} refused in ${r.segundos} s (${r.documentosPorSegundo} documents/s)`,
  );
  return r;
}

module.exports = { benchImportacion };

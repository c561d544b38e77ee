#!/usr/bin/env node
/**
 * What a stored PDF costs Chromium: the same DTE rendered one at a time, then by `concurrency` callers at
 * once printed each alone (PDF_BATCH_SIZE=1), then batched (PDF_BATCH_SIZE, default 10), on a pool of
 * PDF_POOL_SIZE pages (default 2). CPU is read from /proc for Chromium's processes and for this one
 * (the split with pdf-lib runs here, in the worker's place). Uses the built package (`npm run build`
 * first). Not a test; numbers depend on the machine.
 *
 *   node scripts/bench-pdf.js [documents=200] [concurrency=32]      CHROMIUM_PATH=/usr/bin/chromium by default
 */
const { performance } = require('node:perf_hooks');
const { BrowserPool, DtePdfRenderer } = require('../packages/activities/dist/pdf');
const { ProcessSampler } = require('./bench/sampler');

const documents = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 32);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const poolSize = Number(process.env.PDF_POOL_SIZE ?? 2);
const batchSize = Number(process.env.PDF_BATCH_SIZE ?? 10);

const item = (numItem) => ({
  numItem,
  tipoItem: 1,
  numeroDocumento: null,
  cantidad: 2,
  codigo: `ART-${numItem}`,
  codTributo: null,
  uniMedida: 59,
  descripcion: `Artículo de prueba número ${numItem}`,
  precioUni: 10,
  montoDescu: 0,
  ventaNoSuj: 0,
  ventaExenta: 0,
  ventaGravada: 20,
  tributos: null,
  psv: 0,
  noGravado: 0,
  ivaItem: 2.3,
});

const dte = {
  identificacion: {
    version: 1,
    ambiente: '00',
    tipoDte: '01',
    numeroControl: 'DTE-01-M001P001-000000000000001',
    codigoGeneracion: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
    tipoModelo: 1,
    tipoOperacion: 1,
    tipoContingencia: null,
    motivoContin: null,
    fecEmi: '2025-10-14',
    horEmi: '09:41:07',
    tipoMoneda: 'USD',
  },
  emisor: {
    nit: '06141804941035',
    nrc: '1234567',
    nombre: 'Distribuidora Cuscatlán, S.A. de C.V.',
    codActividad: '46900',
    descActividad: 'Venta al por mayor de otros productos',
    nombreComercial: 'Cuscatlán',
    tipoEstablecimiento: '02',
    direccion: { departamento: '06', municipio: '23', complemento: 'Colonia Escalón' },
    telefono: '22223333',
    correo: 'facturacion@cuscatlan.example',
  },
  receptor: {
    tipoDocumento: '13',
    numDocumento: '01234567-8',
    nombre: 'María José Hernández',
    correo: 'maria@example.com',
  },
  cuerpoDocumento: Array.from({ length: 10 }, (_, i) => item(i + 1)),
  resumen: {
    totalGravada: 200,
    subTotal: 200,
    totalIva: 23,
    montoTotalOperacion: 200,
    totalPagar: 200,
    totalLetras: 'DOSCIENTOS 00/100 DÓLARES',
    condicionOperacion: 1,
  },
};
const input = {
  dte,
  selloRecibido: '2025A1B2C3D4E5F60718293A4B5C6D7E8F9ABCDE',
  estado: 'PROCESSED',
  tipoNombre: 'FACTURA',
  branding: {},
};

const ms = (n) => `${n.toFixed(1)} ms`;

/** Renders `documents` PDFs, `callers` at a time; CPU per PDF of Chromium and of this process. */
async function measure(pool, batchSize, callers) {
  const prints = [];
  const renderer = new DtePdfRenderer(pool, { batchSize, windowMs: 0, onPrint: (n) => prints.push(n) });
  const sampler = new ProcessSampler({ worker: process.pid }, 200);
  const t = performance.now();
  sampler.start();
  let next = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < documents) {
        next++;
        await renderer.render(input);
      }
    }),
  );
  const { groups } = sampler.stop();
  const wall = (performance.now() - t) / 1000;
  return {
    pdfsPerSecond: documents / wall,
    chromiumMs: ((groups.chromium?.cpuSeconds ?? 0) * 1000) / documents,
    workerMs: ((groups.worker?.cpuSeconds ?? 0) * 1000) / documents,
    meanBatch: documents / prints.length,
  };
}

async function main() {
  const pool = new BrowserPool({ executablePath, size: poolSize });
  try {
    const t = performance.now();
    await pool.use(async () => undefined);
    console.log(`launch (Chromium + first page): ${ms(performance.now() - t)}`);
    const alone = new DtePdfRenderer(pool, { batchSize: 1, windowMs: 0 });
    const batched = new DtePdfRenderer(pool, { batchSize, windowMs: 0 });
    // Warm-up: the first prints compile Chromium's and pdf-lib's code.
    for (let i = 0; i < 5; i++) await Promise.all([alone.render(input), batched.render(input), batched.render(input)]);

    const rows = [
      ['one at a time', await measure(pool, 1, 1)],
      [`${concurrency} callers, each alone`, await measure(pool, 1, concurrency)],
      [`${concurrency} callers, batched (≤ ${batchSize})`, await measure(pool, batchSize, concurrency)],
    ];
    console.log(`${documents} PDFs per row, pool of ${poolSize} pages`);
    console.log('| Rendering | PDFs/s | Chromium CPU per PDF | worker CPU per PDF | documents per print |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, r] of rows) {
      console.log(
        `| ${name} | ${r.pdfsPerSecond.toFixed(1)} | ${ms(r.chromiumMs)} | ${ms(r.workerMs)} | ${r.meanBatch.toFixed(1)} |`,
      );
    }
    const single = rows[0][1].chromiumMs;
    console.log(`Chromium CPU per PDF, batched ÷ one at a time: ${(rows[2][1].chromiumMs / single).toFixed(2)}`);
    console.log(`launches: ${pool.launchCount}`);
  } finally {
    await pool.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

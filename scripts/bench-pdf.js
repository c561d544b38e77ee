#!/usr/bin/env node
/**
 * How long the PDF path takes: Chromium's launch, then one DTE after another on a warm page.
 * Uses the built package (run `npm run build` first). Not a test; numbers depend on the machine.
 *
 *   node scripts/bench-pdf.js [renders=30]      CHROMIUM_PATH=/usr/bin/chromium by default
 */
const { performance } = require('node:perf_hooks');
const { BrowserPool, dteHtml, renderDtePdf } = require('../packages/activities/dist/pdf');

const renders = Number(process.argv[2] ?? 30);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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

async function main() {
  const pool = new BrowserPool({ executablePath, size: 1 });
  try {
    let t = performance.now();
    await pool.use(async () => undefined);
    console.log(`launch (Chromium + first page): ${ms(performance.now() - t)}`);

    t = performance.now();
    await renderDtePdf(pool, input);
    console.log(`first PDF: ${ms(performance.now() - t)}`);

    t = performance.now();
    for (let i = 0; i < renders; i++) await dteHtml(input);
    console.log(`HTML + QR only: ${ms((performance.now() - t) / renders)} per document`);

    const times = [];
    for (let i = 0; i < renders; i++) {
      t = performance.now();
      await renderDtePdf(pool, input);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `warm PDF x${renders}: mean ${ms(mean)}, p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(times.at(-1))}`,
    );
    console.log(`launches: ${pool.launchCount}`);
  } finally {
    await pool.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

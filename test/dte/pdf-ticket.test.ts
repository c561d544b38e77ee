import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { consultaPublicaUrl, type Papel } from '@dte/domain';
import { Auditoria, pdfDelDocumento } from '@dte/store';
import { anulacionRescindida, emitirFactura } from '../support/fixtures';
import { ARTEFACTOS } from '../support/legible';
import { stack } from '../support/stack';
import { testStore } from '../support/storage';
import {
  api,
  cambioLeido,
  closeTestDatabase,
  createTestTenant,
  enEstado,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

const exec = promisify(execFile);

/** `npm run admin -- …` against the test stack's database; answers what it printed (JSON). */
async function admin(...args: string[]): Promise<unknown> {
  const { stdout } = await exec('node', ['apps/api/dist/admin/cli.js', ...args], {
    env: { ...process.env, ...stack().env },
  });
  return JSON.parse(stdout);
}

/** A roll's width in PDF points: 80 mm = 226.77 pt, 58 mm = 164.41 pt; Letter 612 pt. */
const ANCHO_PT: Record<Papel, number> = { ticket80: (80 * 72) / 25.4, ticket58: (58 * 72) / 25.4, carta: 612 };

interface Ticket {
  /** Each page's width and height in points (pdfinfo). */
  paginas: { ancho: number; alto: number }[];
  /** The text, whitespace removed: a long identifier may wrap anywhere on a 48 mm line. */
  texto: string;
  /** What a phone reads from the first page's QR (150 dpi, jsQR). */
  qr: string | undefined;
  /** Blank columns of the first page at 150 dpi from its left and right edges, blank rows from its bottom. */
  margenes: { izquierdo: number; derecho: number; inferior: number };
}

/**
 * A ticket as a person and its printer see it: its pages' size, its text, its QR, and its first page rendered
 * at 150 dpi (pdftoppm) to `<nombre>.png` among the test artefacts, to be looked at.
 */
async function leer(pdf: Buffer, nombre: string): Promise<Ticket> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ticket-'));
  try {
    const archivo = path.join(dir, 'doc.pdf');
    await fs.writeFile(archivo, pdf);
    const { stdout: info } = await exec('pdfinfo', ['-f', '1', '-l', '1000', archivo]);
    const paginas = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({
      ancho: Number(m[1]),
      alto: Number(m[2]),
    }));
    const { stdout: texto } = await exec('pdftotext', ['-raw', archivo, '-']);
    await fs.mkdir(ARTEFACTOS, { recursive: true });
    await exec('pdftoppm', [
      '-png',
      '-r',
      '150',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      archivo,
      path.join(ARTEFACTOS, nombre),
    ]);
    await exec('pdftoppm', [
      '-gray',
      '-r',
      '150',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      archivo,
      path.join(dir, 'gris'),
    ]);
    const pgm = await fs.readFile(path.join(dir, 'gris.pgm'));
    const [, ancho, alto] = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(pgm.toString('latin1', 0, 40))!.map(Number) as [
      number,
      number,
      number,
    ];
    const pixeles = pgm.subarray(pgm.length - ancho * alto);
    const rgba = new Uint8ClampedArray(ancho * alto * 4);
    pixeles.forEach((g, i) => rgba.set([g, g, g, 255], i * 4));
    const conTinta = (x: number) => {
      for (let y = 0; y < alto; y++) if (pixeles[y * ancho + x]! < 250) return true;
      return false;
    };
    const filaConTinta = (y: number) => {
      for (let x = 0; x < ancho; x++) if (pixeles[y * ancho + x]! < 250) return true;
      return false;
    };
    let inferior = 0;
    while (inferior < alto && !filaConTinta(alto - 1 - inferior)) inferior++;
    let izquierdo = 0;
    while (izquierdo < ancho && !conTinta(izquierdo)) izquierdo++;
    let derecho = 0;
    while (derecho < ancho && !conTinta(ancho - 1 - derecho)) derecho++;
    return {
      paginas,
      texto: texto.replace(/\s+/g, ''),
      qr: jsQR(rgba, ancho, alto)?.data,
      margenes: { izquierdo, derecho, inferior },
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const sinEspacios = (s: string) => s.replace(/\s+/g, '');
/** 1 mm at 150 dpi, in pixels. */
const MM_150 = 150 / 25.4;

/** GET /dte/pdf/:codigoGeneracion?formato=ticket80|ticket58: a receipt printer's PDF, on the real stack. */
describe('the ticket PDF (80 mm and 58 mm)', () => {
  // Each test has the worker's Chromium render tickets: the timeout is a net for a hang, wide enough for a
  // machine busy with other work (one took over 2 minutes beside a full suite).
  jest.setTimeout(600_000);
  let tenant: TestTenant;
  type Doc = Awaited<ReturnType<typeof emitirFactura>>;
  let factura: Doc;
  let larga: Doc;

  beforeAll(async () => {
    tenant = await createTestTenant();
    factura = await emitirFactura(tenant, [
      { descripcion: 'Café americano grande', cantidad: 2, precioUnitario: 2.25 },
      { descripcion: 'Pan dulce (concha)', cantidad: 3, precioUnitario: 0.75 },
      { descripcion: 'Pupusa revuelta con curtido y salsa de tomate', cantidad: 4, precioUnitario: 1 },
      { descripcion: 'Jugo de naranja natural 500 ml', cantidad: 1, precioUnitario: 2.5, montoDescu: 0.5 },
      { descripcion: 'Agua embotellada', cantidad: 6, precioUnitario: 0.6 },
    ]);
    larga = await emitirFactura(
      tenant,
      Array.from({ length: 60 }, (_, i) => ({
        descripcion: `Artículo ${i + 1}: repuesto de ferretería con una descripción de varias palabras`,
        cantidad: (i % 3) + 1,
        precioUnitario: 1.1,
      })),
    );
  });
  afterAll(() => closeTestDatabase());

  async function get(codigo: string, query: string) {
    return fetch(`${stack().api}/dte/pdf/${codigo}?${query}`, { headers: tenant.headers });
  }

  async function ticket(doc: Doc, papel: Papel, nombre: string): Promise<Ticket> {
    const res = await get(doc.codigoGeneracion, `formato=${papel}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return leer(Buffer.from(await res.arrayBuffer()), nombre);
  }

  it.each([
    ['ticket80', 'ticket-80mm'],
    ['ticket58', 'ticket-58mm'],
  ] as const)('%s: one page the roll wide, with what MH requires, its QR readable', async (papel, nombre) => {
    const t = await ticket(factura, papel, nombre);
    expect(t.paginas).toHaveLength(1);
    expect(Math.abs(t.paginas[0]!.ancho - ANCHO_PT[papel])).toBeLessThanOrEqual(1);
    expect(t.paginas[0]!.ancho).toBeCloseTo(ANCHO_PT[papel], 1);
    // Cut at the document's length: below its last line, only the bottom margin (6 mm) and a little slack.
    expect(t.margenes.inferior).toBeGreaterThanOrEqual(5 * MM_150);
    expect(t.margenes.inferior).toBeLessThanOrEqual(12 * MM_150);
    for (const campo of [factura.codigoGeneracion, factura.numeroControl, factura.selloRecibido!, factura.total]) {
      expect(t.texto).toContain(sinEspacios(campo));
    }
    for (const linea of [
      'Café americano grande',
      'Agua embotellada',
      'EMISOR',
      'RECEPTOR',
      'Consumidor final',
      'Total a pagar',
    ]) {
      expect(t.texto).toContain(sinEspacios(linea));
    }
    const dte = factura.dteJson as { identificacion: { ambiente: string; fecEmi: string } };
    expect(t.qr).toBe(
      consultaPublicaUrl({
        ambiente: dte.identificacion.ambiente,
        codigoGeneracion: factura.codigoGeneracion,
        fecEmi: dte.identificacion.fecEmi,
      }),
    );
    // Nothing printed past the margins (4 and 5 mm): text that overflowed the roll's width would reach the edge.
    expect(t.margenes.izquierdo).toBeGreaterThanOrEqual(3 * MM_150);
    expect(t.margenes.derecho).toBeGreaterThanOrEqual(3 * MM_150);
  });

  it('a long document makes a longer ticket, none of its lines cut', async () => {
    const corta = await ticket(factura, 'ticket80', 'ticket-80mm-corto');
    const t = await ticket(larga, 'ticket80', 'ticket-80mm-largo');
    const alto = t.paginas.reduce((suma, p) => suma + p.alto, 0);
    expect(alto).toBeGreaterThan(corta.paginas[0]!.alto * 3);
    for (const p of t.paginas) expect(Math.abs(p.ancho - ANCHO_PT.ticket80)).toBeLessThanOrEqual(1);
    for (let i = 1; i <= 60; i++) expect(t.texto).toContain(sinEspacios(`Artículo ${i}: repuesto de ferretería`));
    expect(t.texto).toContain(sinEspacios(larga.total));
    expect(t.texto).toContain(sinEspacios(larga.selloRecibido!));
  });

  it('is kept in storage under a key of its own, beside the Letter PDF', async () => {
    const store = testStore();
    const doc = { dtePdfUrl: factura.dtePdfUrl, estado: factura.estado };
    // Asked for above.
    expect(await store.exists(pdfDelDocumento(doc, 'ticket80'))).toBe(true);
    expect(await store.exists(pdfDelDocumento(doc, 'ticket58'))).toBe(true);
    expect(pdfDelDocumento(doc, 'ticket80')).not.toBe(factura.dtePdfUrl);
    const carta = await get(factura.codigoGeneracion, 'formato=carta');
    const letter = await leer(Buffer.from(await carta.arrayBuffer()), 'ticket-carta');
    expect(Math.abs(letter.paginas[0]!.ancho - ANCHO_PT.carta)).toBeLessThanOrEqual(1);
    const descarga = await get(factura.codigoGeneracion, 'formato=ticket58&format=download');
    expect(descarga.headers.get('content-disposition')).toBe(
      `attachment; filename="${factura.codigoGeneracion}-ticket58.pdf"`,
    );
  });

  it("prints on the point of sale's paper, else the emisor's, else Letter, when the request names none", async () => {
    const emisor = String(tenant.emisorId);
    const puntoVenta = String(factura.pointOfSaleId);
    /** The paper the answer is printed on: the one whose width its page has, within 1 pt. */
    const papel = async (query = '') => {
      const res = await get(factura.codigoGeneracion, query);
      expect(res.status).toBe(200);
      const [pagina] = (await leer(Buffer.from(await res.arrayBuffer()), 'ticket-por-defecto')).paginas;
      return (Object.keys(ANCHO_PT) as Papel[]).find((p) => Math.abs(ANCHO_PT[p] - pagina!.ancho) <= 1);
    };
    expect(await papel()).toBe('carta');
    // `ticket` without a ticket set: 80 mm.
    expect(await papel('formato=ticket')).toBe('ticket80');

    expect(await admin('emisor', 'formato-pdf', '--emisor', emisor, '--formato', 'ticket58')).toEqual({
      emisorId: tenant.emisorId,
      puntoVentaId: null,
      formatoPdf: 'ticket58',
      anterior: null,
    });
    await cambioLeido();
    expect(await papel()).toBe('ticket58');

    await admin('punto-venta', 'formato-pdf', '--emisor', emisor, '--punto-venta', puntoVenta, '--formato', 'ticket80');
    await cambioLeido();
    expect(await papel()).toBe('ticket80');
    // The request's formato comes first; `ticket` is the ticket the point of sale prints on.
    expect(await papel('formato=carta')).toBe('carta');
    expect(await papel('formato=ticket58')).toBe('ticket58');
    expect(await papel('formato=ticket')).toBe('ticket80');

    // Without its own setting, the point of sale follows its emisor again.
    await admin('punto-venta', 'formato-pdf', '--emisor', emisor, '--punto-venta', puntoVenta, '--formato', 'ninguno');
    await cambioLeido();
    expect(await papel()).toBe('ticket58');
    expect(await papel('formato=ticket')).toBe('ticket58');

    // A paper the service does not print, or another emisor's point of sale, is refused and changes nothing.
    await expect(admin('emisor', 'formato-pdf', '--emisor', emisor, '--formato', 'a4')).rejects.toThrow(
      /--formato must be one of carta, ticket80, ticket58, ninguno/,
    );
    const otro = await createTestTenant();
    await expect(
      admin(
        'punto-venta',
        'formato-pdf',
        '--emisor',
        String(otro.emisorId),
        '--punto-venta',
        puntoVenta,
        '--formato',
        'carta',
      ),
    ).rejects.toThrow(/is not of emisor/);

    const { entradas } = await new Auditoria((await testDatabase()).connection).pagina(
      tenant.emisorId,
      { accion: 'FORMATO_PDF_CAMBIADO' },
      null,
      10,
    );
    expect(entradas.map((e) => [e.actor.tipo, e.endpoint, e.detalles])).toEqual([
      [
        'OPERADOR',
        'admin punto-venta formato-pdf',
        { puntoVentaId: factura.pointOfSaleId, formatoPdf: null, anterior: 'ticket80' },
      ],
      [
        'OPERADOR',
        'admin punto-venta formato-pdf',
        { puntoVentaId: factura.pointOfSaleId, formatoPdf: 'ticket80', anterior: null },
      ],
      ['OPERADOR', 'admin emisor formato-pdf', { puntoVentaId: null, formatoPdf: 'ticket58', anterior: null }],
    ]);
  });

  it('shows an invalidation on the tickets asked for after it, not the ones printed before it', async () => {
    const doc = await emitirFactura(tenant, [{ descripcion: 'Devuelto', cantidad: 1, precioUnitario: 3 }]);
    const antes = await ticket(doc, 'ticket80', 'ticket-80mm-antes-de-anular');
    expect(antes.texto).not.toContain('DOCUMENTOINVALIDADO');
    expect((await api('POST', '/dte/anulacion', tenant, anulacionRescindida(doc.codigoGeneracion))).status).toBe(200);
    await enEstado(doc.codigoGeneracion, 'CANCELLED');
    const despues = await ticket(doc, 'ticket80', 'ticket-80mm-anulado');
    expect(despues.texto).toContain('DOCUMENTOINVALIDADO');
    expect(Math.abs(despues.paginas[0]!.ancho - ANCHO_PT.ticket80)).toBeLessThanOrEqual(1);
  });

  it('refuses an unknown formato with 400 VALIDATION_ERROR on the field', async () => {
    const res = await get(factura.codigoGeneracion, 'formato=a4');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; errors: { field: string }[] };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((e) => e.field)).toEqual(['formato']);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { consultaPublicaUrl, validateMhSchema, type Dte, type FacturaV2, type MhSchemaName } from '@dte/domain';
import jsQR from 'jsqr';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import type { Page } from 'puppeteer-core';
import { BrowserPool, DtePdfRenderer, dteHtml, type DtePdfInput } from '../src/pdf';
import { legible } from '../../../test/support/legible';
import { documentos, SELLO as SELLO_2026, type Documento } from './documentos';
// pdf-parse's index runs a debug self-test when required directly; its library entry does not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string; numpages: number }> = require('pdf-parse/lib/pdf-parse.js');

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
jest.setTimeout(60_000);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label and its value as extracted: table cells come out with no space between them. */
function line(label: string, value: string): RegExp {
  return new RegExp(`${escape(label)}:\\s*${escape(value)}`);
}

/** A codigoGeneracion as extracted from a listing, where it may wrap at a hyphen. */
const codigo = (uuid: string) => escape(uuid).replace(/-/g, '-\\s*');

/** The column headings of a listing of the page (DETALLE, DOCUMENTOS RELACIONADOS…). */
function columnas(page: string, titulo: string): string[] {
  const thead = page.split(`<h2>${titulo}</h2>`)[1]?.split('</thead>')[0] ?? '';
  return [...thead.matchAll(/<th class="[^"]*">([^<]*)<\/th>/g)].map((m) => m[1]!);
}

/** A page as pdftoppm renders it in gray: one byte per pixel, row by row (0 black, 255 white). */
interface PaginaGris {
  ancho: number;
  alto: number;
  pixeles: Buffer;
}

/** The PDF's pages (or only its first) rendered in gray at `dpi` by poppler's pdftoppm. */
function paginasEnGris(pdf: Buffer, dpi: number, soloLaPrimera = false): PaginaGris[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gris-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const primera = soloLaPrimera ? ['-f', '1', '-l', '1'] : [];
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', ...primera, path.join(dir, 'doc.pdf'), path.join(dir, 'p')]);
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((f) => {
        const pgm = fs.readFileSync(path.join(dir, f));
        // P5 <width> <height> <maxval>, one whitespace, then a byte per pixel, row by row.
        const [, ancho, alto] = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(pgm.toString('latin1', 0, 40))!.map(Number);
        return { ancho: ancho!, alto: alto!, pixeles: pgm.subarray(pgm.length - ancho! * alto!) };
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a person sees at the right edge of each page, rendered at 72 dpi in gray by poppler's pdftoppm:
 * `tinta`, the pages (1-based) with ink right of the content box (the template's 10 mm margin, less 2 px
 * for antialiasing); `borde`, the tallest vertical line at the content box's right edge on the first page,
 * in pixels. The identification and party boxes end there: a page laid out wider than the paper keeps its
 * margin blank but loses those borders, as Chromium cuts what overflows at the content box.
 */
function margenDerecho(pdf: Buffer): { tinta: number[]; borde: number } {
  const margen = Math.round((10 / 25.4) * 72);
  const paginas = paginasEnGris(pdf, 72).map(({ ancho, alto, pixeles }) => ({
    ancho,
    alto,
    gris: (x: number, y: number) => pixeles[y * ancho + x]!,
  }));
  const tinta = paginas.flatMap(({ ancho, alto, gris }, i) => {
    for (let y = 0; y < alto; y++)
      for (let x = ancho - margen + 2; x < ancho; x++) if (gris(x, y) < 250) return [i + 1];
    return [];
  });
  const { ancho, alto, gris } = paginas[0]!;
  let borde = 0;
  for (let x = ancho - margen - 4; x < ancho - margen + 2; x++) {
    let linea = 0;
    for (let y = 0; y < alto; y++) {
      linea = gris(x, y) < 200 ? linea + 1 : 0;
      borde = Math.max(borde, linea);
    }
  }
  return { tinta, borde };
}

/** What a phone reads from the first page's QR: the page rendered at 150 dpi, read by jsQR. */
function qrLeido(pdf: Buffer): string | undefined {
  const [{ ancho, alto, pixeles }] = paginasEnGris(pdf, 150, true) as [PaginaGris];
  const rgba = new Uint8ClampedArray(ancho * alto * 4);
  pixeles.forEach((g, i) => rgba.set([g, g, g, 255], i * 4));
  return jsQR(rgba, ancho, alto)?.data;
}

/**
 * A blank right margin, and the boxes' right border whole: the identification box alone is about 110 px
 * tall at 72 dpi, while a box cut at the edge leaves only its horizontal borders and the listings' bars.
 */
function dentroDelPapel(pdf: Buffer): void {
  const { tinta, borde } = margenDerecho(pdf);
  expect(tinta).toEqual([]);
  expect(borde).toBeGreaterThanOrEqual(80);
}

/** Extracted text with line breaks folded, since the layout may wrap long values. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await pdfParse(pdf);
  return text.replace(/\s+/g, ' ');
}

// Hand-built DTEs of the 2023 schemas, one per kind, each valid against MH's official schema (asserted below).
const direccion = { departamento: '06', municipio: '23', complemento: 'Colonia Escalón, Calle La Mascota #512' };

function identificacion(tipoDte: string, version: number, codigoGeneracion: string, correlativo: string) {
  return {
    version,
    ambiente: '00',
    tipoDte,
    numeroControl: `DTE-${tipoDte}-M001P001-${correlativo.padStart(15, '0')}`,
    codigoGeneracion,
    tipoModelo: 1,
    tipoOperacion: 1,
    tipoContingencia: null,
    motivoContin: null,
    fecEmi: '2025-10-14',
    horEmi: '09:41:07',
    tipoMoneda: 'USD',
  };
}

const emisorBase = {
  nit: '06141804941035',
  nrc: '1234567',
  nombre: 'Distribuidora Cuscatlán, S.A. de C.V.',
  codActividad: '46900',
  descActividad: 'Venta al por mayor de otros productos',
  direccion,
  telefono: '22223333',
  correo: 'facturacion@cuscatlan.example',
};
const emisor = {
  ...emisorBase,
  nombreComercial: 'Cuscatlán <Mayoreo> & Cía',
  tipoEstablecimiento: '02',
  codEstableMH: 'M001',
  codEstable: null,
  codPuntoVentaMH: 'P001',
  codPuntoVenta: null,
};
const receptorContribuyente = {
  nit: '06140101001011',
  nrc: '7654321',
  nombre: 'Ferretería El Volcán, S.A. de C.V.',
  codActividad: '47521',
  descActividad: 'Venta al por menor de artículos de ferretería',
  nombreComercial: null,
  direccion: { departamento: '05', municipio: '25', complemento: 'Carretera al Puerto, km 12' },
  telefono: '25556666',
  correo: 'compras@volcan.example',
};
const extension = { nombEntrega: null, docuEntrega: null, nombRecibe: null, docuRecibe: null, observaciones: null };

const factura = {
  identificacion: identificacion('01', 1, '3F2504E0-4F89-41D3-9A0C-0305E82C3301', '1'),
  documentoRelacionado: null,
  emisor,
  receptor: {
    tipoDocumento: '13',
    numDocumento: '01234567-8',
    nrc: null,
    nombre: 'María José Hernández',
    codActividad: null,
    descActividad: null,
    direccion: null,
    telefono: null,
    correo: 'maria@example.com',
  },
  otrosDocumentos: null,
  ventaTercero: null,
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoItem: 1,
      numeroDocumento: null,
      cantidad: 3,
      codigo: 'TAL-001',
      codTributo: null,
      uniMedida: 59,
      descripcion: 'Taladro percutor 750W',
      precioUni: 56.5,
      montoDescu: 0,
      ventaNoSuj: 0,
      ventaExenta: 0,
      ventaGravada: 169.5,
      tributos: null,
      psv: 0,
      noGravado: 0,
      ivaItem: 19.5,
    },
  ],
  resumen: {
    totalNoSuj: 0,
    totalExenta: 0,
    totalGravada: 169.5,
    subTotalVentas: 169.5,
    descuNoSuj: 0,
    descuExenta: 0,
    descuGravada: 0,
    porcentajeDescuento: 0,
    totalDescu: 0,
    tributos: null,
    subTotal: 169.5,
    ivaRete1: 0,
    reteRenta: 0,
    montoTotalOperacion: 169.5,
    totalNoGravado: 0,
    totalPagar: 169.5,
    totalLetras: 'CIENTO SESENTA Y NUEVE 50/100 DÓLARES',
    totalIva: 19.5,
    saldoFavor: 0,
    condicionOperacion: 1,
    pagos: [{ codigo: '01', montoPago: 169.5, referencia: null, plazo: null, periodo: null }],
    numPagoElectronico: null,
  },
  extension: { ...extension, placaVehiculo: null, observaciones: 'Entregar en bodega 3 <antes de las 5>' },
  apendice: [{ campo: 'pedido', etiqueta: 'Pedido', valor: 'PO-7781' }],
};

const creditoFiscal = {
  identificacion: identificacion('03', 3, '6BA7B810-9DAD-41D1-80B4-00C04FD43003', '27'),
  documentoRelacionado: null,
  emisor,
  receptor: receptorContribuyente,
  otrosDocumentos: null,
  ventaTercero: null,
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoItem: 1,
      numeroDocumento: null,
      codigo: 'CEM-42',
      codTributo: null,
      descripcion: 'Cemento gris 42.5 kg',
      cantidad: 100,
      uniMedida: 59,
      precioUni: 8.25,
      montoDescu: 0,
      ventaNoSuj: 0,
      ventaExenta: 0,
      ventaGravada: 825,
      tributos: ['20'],
      psv: 0,
      noGravado: 0,
    },
    {
      numItem: 2,
      tipoItem: 2,
      numeroDocumento: null,
      codigo: null,
      codTributo: null,
      descripcion: 'Flete a Santa Tecla',
      cantidad: 1,
      uniMedida: 99,
      precioUni: 45,
      montoDescu: 0,
      ventaNoSuj: 0,
      ventaExenta: 0,
      ventaGravada: 45,
      tributos: ['20'],
      psv: 0,
      noGravado: 0,
    },
  ],
  resumen: {
    totalNoSuj: 0,
    totalExenta: 0,
    totalGravada: 870,
    subTotalVentas: 870,
    descuNoSuj: 0,
    descuExenta: 0,
    descuGravada: 0,
    porcentajeDescuento: 0,
    totalDescu: 0,
    tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 113.1 }],
    subTotal: 870,
    ivaPerci1: 0,
    ivaRete1: 8.7,
    reteRenta: 0,
    montoTotalOperacion: 983.1,
    totalNoGravado: 0,
    totalPagar: 974.4,
    totalLetras: 'NOVECIENTOS SETENTA Y CUATRO 40/100 DÓLARES',
    saldoFavor: 0,
    condicionOperacion: 2,
    pagos: [{ codigo: '05', montoPago: 974.4, referencia: 'TRF-0091', plazo: '01', periodo: 30 }],
    numPagoElectronico: null,
  },
  extension: { ...extension, placaVehiculo: 'P123-456' },
  apendice: null,
};

const notaCredito = {
  identificacion: identificacion('05', 3, 'A1B2C3D4-E5F6-4789-8ABC-DEF012345005', '4'),
  documentoRelacionado: [
    {
      tipoDocumento: '03',
      tipoGeneracion: 2,
      numeroDocumento: creditoFiscal.identificacion.codigoGeneracion,
      fechaEmision: '2025-10-14',
    },
  ],
  emisor: {
    ...emisor,
    codEstableMH: undefined,
    codEstable: undefined,
    codPuntoVentaMH: undefined,
    codPuntoVenta: undefined,
  },
  receptor: receptorContribuyente,
  ventaTercero: null,
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoItem: 1,
      numeroDocumento: creditoFiscal.identificacion.codigoGeneracion,
      cantidad: 10,
      codigo: 'CEM-42',
      codTributo: null,
      uniMedida: 59,
      descripcion: 'Devolución cemento gris dañado',
      precioUni: 8.25,
      montoDescu: 0,
      ventaNoSuj: 0,
      ventaExenta: 0,
      ventaGravada: 82.5,
      tributos: ['20'],
    },
  ],
  resumen: {
    totalNoSuj: 0,
    totalExenta: 0,
    totalGravada: 82.5,
    subTotalVentas: 82.5,
    descuNoSuj: 0,
    descuExenta: 0,
    descuGravada: 0,
    totalDescu: 0,
    tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 10.73 }],
    subTotal: 82.5,
    ivaPerci1: 0,
    ivaRete1: 0,
    reteRenta: 0,
    montoTotalOperacion: 93.23,
    totalLetras: 'NOVENTA Y TRES 23/100 DÓLARES',
    condicionOperacion: 1,
  },
  extension: null,
  apendice: null,
};
// fe-nc-v3's emisor has no establishment codes; JSON drops the undefined keys.
const notaCreditoJson = JSON.parse(JSON.stringify(notaCredito)) as typeof notaCredito;

const comprobanteRetencion = {
  identificacion: identificacion('07', 1, '0E984725-C51C-4BF4-9960-E1C80E27ABA7', '15'),
  emisor: {
    ...emisorBase,
    nombreComercial: null,
    tipoEstablecimiento: '02',
    codigoMH: null,
    codigo: null,
    puntoVentaMH: null,
    puntoVenta: null,
  },
  receptor: {
    tipoDocumento: '36',
    numDocumento: '06140101001011',
    nrc: '7654321',
    nombre: 'Ferretería El Volcán, S.A. de C.V.',
    codActividad: '47521',
    descActividad: 'Venta al por menor de artículos de ferretería',
    nombreComercial: null,
    direccion: receptorContribuyente.direccion,
    telefono: null,
    correo: 'compras@volcan.example',
  },
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoDte: '03',
      tipoDoc: 2,
      numDocumento: 'B7C1E2A0-1111-4222-8333-944455566677',
      fechaEmision: '2025-10-01',
      montoSujetoGrav: 1500,
      codigoRetencionMH: '22',
      ivaRetenido: 15,
      descripcion: 'Retención IVA 1% compra de herramientas',
    },
  ],
  resumen: { totalSujetoRetencion: 1500, totalIVAretenido: 15, totalIVAretenidoLetras: 'QUINCE 00/100 DÓLARES' },
  extension: null,
  apendice: null,
};

const sujetoExcluido = {
  identificacion: identificacion('14', 1, 'C56A4180-65AA-42EC-A945-5FD21DEC0014', '8'),
  emisor: { ...emisorBase, codEstableMH: null, codEstable: null, codPuntoVentaMH: null, codPuntoVenta: null },
  sujetoExcluido: {
    tipoDocumento: '13',
    numDocumento: '045678901',
    nombre: 'José Antonio Pérez',
    codActividad: null,
    descActividad: null,
    direccion: { departamento: '06', municipio: '20', complemento: 'Cantón El Carmen' },
    telefono: '77778888',
    correo: 'jose.perez@example.com',
  },
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoItem: 2,
      cantidad: 1,
      codigo: null,
      uniMedida: 99,
      descripcion: 'Servicio de fumigación de bodega',
      precioUni: 250,
      montoDescu: 0,
      compra: 250,
    },
  ],
  resumen: {
    totalCompra: 250,
    descu: 0,
    totalDescu: 0,
    subTotal: 250,
    ivaRete1: 0,
    reteRenta: 25,
    totalPagar: 225,
    totalLetras: 'DOSCIENTOS VEINTICINCO 00/100 DÓLARES',
    condicionOperacion: 1,
    pagos: [{ codigo: '01', montoPago: 225, referencia: null, plazo: null, periodo: null }],
    observaciones: 'Retención de renta 10% por servicios',
  },
  apendice: null,
};

const SELLO = '2025A1B2C3D4E5F60718293A4B5C6D7E8F9ABCDE';

interface Case {
  tipoNombre: string;
  dte: Record<string, unknown> & {
    identificacion: { codigoGeneracion: string; numeroControl: string };
    emisor: { nombre: string };
  };
  schema: MhSchemaName;
  item: string;
  total: string;
  letras: string;
  receptor: string;
}

const cases: Case[] = [
  {
    tipoNombre: 'FACTURA',
    dte: factura,
    schema: 'fe-fc-v1',
    item: 'Taladro percutor 750W',
    total: '$169.50',
    letras: factura.resumen.totalLetras,
    receptor: 'María José Hernández',
  },
  {
    tipoNombre: 'COMPROBANTE DE CRÉDITO FISCAL',
    dte: creditoFiscal,
    schema: 'fe-ccf-v3',
    item: 'Cemento gris 42.5 kg',
    total: '$974.40',
    letras: creditoFiscal.resumen.totalLetras,
    receptor: 'Ferretería El Volcán',
  },
  {
    tipoNombre: 'NOTA DE CRÉDITO',
    dte: notaCreditoJson,
    schema: 'fe-nc-v3',
    item: 'Devolución cemento gris dañado',
    total: '$93.23',
    letras: notaCredito.resumen.totalLetras,
    receptor: 'Ferretería El Volcán',
  },
  {
    tipoNombre: 'COMPROBANTE DE RETENCIÓN',
    dte: comprobanteRetencion,
    schema: 'fe-cr-v1',
    item: 'Retención IVA 1% compra de herramientas',
    total: '$15.00',
    letras: 'QUINCE 00/100 DÓLARES',
    receptor: 'Ferretería El Volcán',
  },
  {
    tipoNombre: 'FACTURA DE SUJETO EXCLUIDO',
    dte: sujetoExcluido,
    schema: 'fe-fse-v1',
    item: 'Servicio de fumigación de bodega',
    total: '$225.00',
    letras: sujetoExcluido.resumen.totalLetras,
    receptor: 'José Antonio Pérez',
  },
];

function input(c: Case, overrides: Partial<DtePdfInput> = {}): DtePdfInput {
  return {
    dte: c.dte,
    selloRecibido: SELLO,
    estado: 'PROCESSED',
    tipoNombre: c.tipoNombre,
    branding: {},
    ...overrides,
  };
}

// A 1x1 PNG, and bytes that claim to be a PNG but are damaged past the signature.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const CORRUPT_PNG = Buffer.concat([PNG.subarray(0, 16), Buffer.from('not really an image')]);

describe('DtePdfRenderer', () => {
  let pool: BrowserPool;
  let renderer: DtePdfRenderer;
  beforeAll(() => {
    pool = new BrowserPool({ executablePath: CHROMIUM_PATH, size: 2 });
    renderer = new DtePdfRenderer(pool, { batchSize: 10, windowMs: 0 });
  });
  afterAll(() => pool.close());

  it.each(cases)('keeps every box of a $tipoNombre of eleven columns inside the right margin', async (c) => {
    dentroDelPapel(await renderer.render(input(c)));
  });

  it.each(cases)("prints a $tipoNombre's QR that reads as its MH consulta pública URL", async (c) => {
    // Every DTE's identificacion has them; the cases' type names only what the other tests read.
    const id = c.dte.identificacion as typeof c.dte.identificacion & { ambiente: string; fecEmi: string };
    const { ambiente, codigoGeneracion, fecEmi } = id;
    expect(qrLeido(await renderer.render(input(c)))).toBe(consultaPublicaUrl({ ambiente, codigoGeneracion, fecEmi }));
  });

  it.each(cases)('fixture $tipoNombre is valid against its MH schema', (c) => {
    expect(validateMhSchema(c.schema, c.dte)).toEqual([]);
  });

  it.each(cases)('renders a $tipoNombre with its identifiers, parties, items and totals', async (c) => {
    const pdf = await renderer.render(input(c, { branding: { logo: PNG, colorPrincipal: '#0a5c36' } }));

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    const id = c.dte.identificacion;
    expect(text).toContain(id.codigoGeneracion);
    expect(text).toContain(id.numeroControl);
    expect(text).toContain(SELLO);
    expect(text).toContain(c.dte.emisor.nombre);
    expect(text).toContain(c.receptor);
    expect(text).toContain(c.item);
    expect(text).toContain(c.total);
    expect(text).toContain(c.letras);
    expect(text).toContain(c.tipoNombre);
    expect(text).toMatch(line('Modelo de facturación', 'Previo'));
    expect(text).toMatch(line('Tipo de transmisión', 'Normal'));
    expect(text).toContain('14/10/2025 09:41:07');
    expect(text).not.toContain('EMITIDO EN CONTINGENCIA');
  });

  it('shows every resumen amount, catalog codes in words and all observaciones', async () => {
    const text = await pdfText(await renderer.render(input(cases[0]!)));
    expect(text).toMatch(line('IVA incluido en las ventas gravadas', '$19.50'));
    expect(text).toMatch(line('Saldo a favor', '$0.00'));
    expect(text).toMatch(line('Condición de la operación', 'Contado'));
    expect(text).toContain('Billetes y monedas');
    expect(text).toMatch(line('DUI', '01234567-8'));
    expect(text).toContain('SAN SALVADOR CENTRO');
    expect(text).toContain('Entregar en bodega 3 <antes de las 5>');
    expect(text).toMatch(line('Pedido', 'PO-7781'));

    // An amount MH adds that the layouts do not name yet is still shown.
    const nuevo = { ...factura, resumen: { ...factura.resumen, totalAnticipo: 20 } };
    expect(await pdfText(await renderer.render(input(cases[0]!, { dte: nuevo })))).toMatch(
      line('Total anticipo', '$20.00'),
    );

    const fseText = await pdfText(await renderer.render(input(cases[4]!)));
    expect(fseText).toContain('SUJETO EXCLUIDO');
    expect(fseText).toMatch(line('Retención de renta', '$25.00'));
    expect(fseText).toContain('Retención de renta 10% por servicios');
  });

  describe('both schema generations, as the domain builds them', () => {
    const doc = (nombre: string): Documento => documentos.find((d) => d.nombre === nombre)!;
    const inputOf = (d: Documento): DtePdfInput => ({
      dte: d.dte,
      selloRecibido: SELLO_2026,
      estado: 'PROCESSED',
      tipoNombre: d.tipoNombre,
      branding: {},
    });
    const render = async (d: Documento) => {
      const [page, pdf] = await Promise.all([dteHtml(inputOf(d)), renderer.render(inputOf(d))]);
      return { page, text: await pdfText(pdf) };
    };

    it.each(documentos)('$nombre is valid against its MH schema', (d) => {
      expect(validateMhSchema(d.schema, d.dte)).toEqual([]);
    });

    it.each(documentos)('renders a $nombre: identifiers, parties, lines, amounts and its total in bold', async (d) => {
      const { page, text } = await render(d);
      const id = d.dte.identificacion;

      expect(text).toContain(d.tipoNombre);
      expect(text).toMatch(line('Código de generación', id.codigoGeneracion));
      if (id.numeroControl) expect(text).toMatch(line('Número de control', id.numeroControl));
      else expect(text).not.toContain('Número de control');
      expect(text).toMatch(line('Sello de recepción', SELLO_2026));
      expect(text).toMatch(line('Fecha y hora de generación', '20/11/2026 10:19:44'));
      expect(text).toMatch(new RegExp(`${escape(d.parte)}\\s*Nombre o razón social:\\s*${escape(d.receptor)}`));
      expect(text).toContain(d.item);
      for (const [label, value] of [...d.campos, d.total]) expect(text).toMatch(line(label, value));
      // Amounts are printed in cents, also where MH's JSON carries 8 decimals.
      expect(text).not.toMatch(/\$[\d,]+\.\d{3}/);
      expect(page.match(/<tr class="total">[\s\S]*?<\/tr>/g)).toEqual([
        expect.stringMatching(new RegExp(`<th>${escape(d.total[0])}:</th>\\s*<td>${escape(d.total[1])}</td>`)),
      ]);
    });

    it.each(documentos)('keeps every box of a $nombre inside the right margin', async (d) => {
      dentroDelPapel(await renderer.render(inputOf(d)));
    });

    it('keeps a receptor of long unbroken words (an e-mail, a name, a number) inside the right margin', async () => {
      const ccf = doc('CCF v4');
      const largo = structuredClone(ccf.dte) as typeof ccf.dte & { receptor: Record<string, unknown> };
      largo.receptor = {
        ...largo.receptor,
        correo: 'facturacion.electronica.departamento.contable@distribuidora-centroamericana-de-ferreteria.com.sv',
        nombreComercial: 'DISTRIBUIDORACENTROAMERICANADEFERRETERIAYMATERIALESDECONSTRUCCION',
        telefono: '+503-2222-3333-4444-5555-6666',
      };
      const pdf = await renderer.render(inputOf({ ...ccf, dte: largo }));
      dentroDelPapel(pdf);
      // Each may wrap inside the word now, which the extracted text shows as a space.
      expect((await pdfText(pdf)).replace(/ /g, '')).toContain(
        'facturacion.electronica.departamento.contable@distribuidora-centroamericana-de-ferreteria.com.sv',
      );
    });

    it('wraps a 250-character unbroken word inside its cell: the receptor’s name, a description on its own row and in its column', async () => {
      const ccf = doc('CCF v4');
      const palabra = `${'FERRETERIA'.repeat(24)}0123456789`; // 250 characters, no space
      const largo = structuredClone(ccf.dte) as typeof ccf.dte & {
        receptor: Record<string, unknown>;
        cuerpoDocumento: Record<string, unknown>[];
      };
      largo.receptor = { ...largo.receptor, nombre: palabra };
      const [item] = largo.cuerpoDocumento;
      // Above TEXTO_EN_SU_FILA (120) a description gets a row across the listing; 100 stays in its column.
      largo.cuerpoDocumento = [
        { ...item, descripcion: palabra },
        { ...item, numItem: 2, descripcion: palabra.slice(0, 100) },
      ];
      const pdf = await renderer.render(inputOf({ ...ccf, dte: largo }));
      dentroDelPapel(pdf);
      expect((await pdfText(pdf)).replace(/ /g, '')).toContain(palabra);
    });

    it('names the distrito of a 2026 address and leaves a 2023 one as written', async () => {
      const v2 = await render(doc('FE v2'));
      expect(v2.text).toContain('Distrito SAN SALVADOR, SAN SALVADOR CENTRO');
      expect(v2.text).toContain('Distrito SANTA TECLA, LA LIBERTAD SUR');
      const v1 = await render(doc('FE v1'));
      expect(v1.text).toContain('Distrito 14, Colonia Escalón');
      expect(v1.text).not.toContain('Distrito SAN SALVADOR');
      // Sensuntepeque (CAT-008 09/06) is in municipio 09/10, CABAÑAS ESTE in MH's July 2026 catalog (V 1.1),
      // which swapped the names v1.2 gives 10 and 11.
      const fe = doc('FE v2');
      const cabanas = { departamento: '09', municipio: '10', distrito: '06', complemento: 'Barrio El Centro' };
      const enCabanas = await render({
        ...fe,
        dte: { ...fe.dte, receptor: { ...(fe.dte as FacturaV2).receptor, direccion: cabanas } } as Dte,
      });
      expect(enCabanas.text).toContain('Barrio El Centro, Distrito SENSUNTEPEQUE, CABAÑAS ESTE, Cabañas');
    });

    it('shows the returned document, its receptor and the motivo of a retorno', async () => {
      const retorno = doc('retorno de una FE v1');
      const original = doc('FE v1').dte.identificacion;
      const { page, text } = await render(retorno);

      expect(columnas(page, 'DOCUMENTOS RELACIONADOS')).toEqual([
        'Tipo de documento',
        'Código de generación',
        'Fecha del documento',
      ]);
      expect(text).toMatch(
        new RegExp(`DOCUMENTOS RELACIONADOS.*Factura\\s*${codigo(original.codigoGeneracion)}\\s*20/11/2026`),
      );
      expect(text).toMatch(line('Motivo del retorno', 'Producto defectuoso'));
      expect(text).toMatch(line('DUI', '01234567-8'));
      expect(text).not.toContain('Consumidor final');
      expect(columnas(page, 'DETALLE')).toEqual([
        'N°',
        'Cód. de generación del doc. retornado',
        'Cantidad',
        'Unidad',
        'Descripción',
        'Precio unitario',
        'Descuento por ítem',
        'Ventas no sujetas',
        'Ventas exentas',
        'Ventas gravadas',
        'IVA del ítem',
      ]);
      // Each cell names its column (data-etiqueta), which a ticket prints before the value.
      expect(page).toContain(
        `<td class="id" data-etiqueta="Cód. de generación del doc. retornado">${original.codigoGeneracion}</td>`,
      );
    });

    it('shows a retorno of a purchase in the purchase column only', async () => {
      const { page } = await render(doc('retorno de una FSE v2'));
      const detalle = columnas(page, 'DETALLE');
      expect(detalle).toContain('Compras');
      expect(detalle).not.toContain('Ventas gravadas');
      expect(detalle).not.toContain('Ventas no sujetas');
    });

    it('keeps the three sale columns of a Factura and rounds its line IVA to cents', async () => {
      const { page } = await render(doc('FE v2'));
      expect(columnas(page, 'DETALLE')).toEqual([
        'N°',
        'Cantidad',
        'Unidad',
        'Descripción',
        'Precio unitario',
        'Descuento por ítem',
        'Ventas no sujetas',
        'Ventas exentas',
        'Ventas gravadas',
        'IVA del ítem',
      ]);
      // 90.40 × 13/113 = 10.39999999 in the JSON.
      expect(page).toContain('<td class="money" data-etiqueta="IVA del ítem">$10.40</td>');
    });

    it.each(['NC v4', 'ND v4'])('leaves out the zero IVA columns and totalIva of a %s on a CCF', async (nombre) => {
      const { page, text } = await render(doc(nombre));
      // Its CCF was withheld 1 %: each line carries its share of the retention (Anexo IV fields 143–146).
      expect(columnas(page, 'DETALLE')).toEqual([
        'N°',
        'N° del doc. relacionado',
        'Cantidad',
        'Unidad',
        'Descripción',
        'Precio unitario',
        'Descuento por ítem',
        'Ventas no sujetas',
        'Ventas exentas',
        'Ventas gravadas',
        'IVA retenido',
      ]);
      expect(text).not.toContain('IVA incluido');
      expect(text).toMatch(/DOCUMENTOS RELACIONADOS.*Comprobante de crédito fiscal\s*Electrónico/);
    });

    it.each(['CR v1', 'CR v2'])('shows the retained documents of a %s under the same columns', async (nombre) => {
      const cr = doc(nombre);
      const { page, text } = await render(cr);
      expect(columnas(page, 'DETALLE')).toEqual([
        'N°',
        'Tipo de doc. relacionado',
        'Tipo de generación',
        'N° del doc. relacionado',
        'Fecha del doc.',
        'Descripción',
        'Monto sujeto a retención',
        'Tipo de retención',
        'IVA retenido',
      ]);
      const ccf = doc(nombre === 'CR v1' ? 'CCF v3' : 'CCF v4').dte.identificacion.codigoGeneracion;
      expect(text).toMatch(new RegExp(`Comprobante de crédito fiscal\\s*Electrónico\\s*${codigo(ccf)}\\s*20/11/2026`));
    });
  });

  it('prints a long document on Letter pages, each numbered out of the total', async () => {
    const item = factura.cuerpoDocumento[0]!;
    const largo = { ...factura, cuerpoDocumento: Array.from({ length: 70 }, (_, i) => ({ ...item, numItem: i + 1 })) };
    const pdf = await renderer.render(input(cases[0]!, { dte: largo }));
    const { numpages } = await pdfParse(pdf);
    expect(numpages).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    for (let n = 1; n <= numpages; n++) expect(text).toContain(`Página ${n} de ${numpages}`);
    // Letter is 612 × 792 points.
    const sizes = (await PDFDocument.load(pdf)).getPages().map((p) => `${p.getWidth()} × ${p.getHeight()}`);
    expect(sizes).toEqual(Array(numpages).fill('612 × 792'));
  });

  it('prints a long description across the listing, under its line, so 2,000 such items fit in few pages', async () => {
    const item = factura.cuerpoDocumento[0]!;
    const descripcion = `${'Tornillo de acero inoxidable, cabeza hexagonal. '.repeat(31)}FIN`; // 1,500 characters
    const largo = {
      ...factura,
      cuerpoDocumento: Array.from({ length: 60 }, (_, i) => ({ ...item, numItem: i + 1, descripcion })),
    };
    const page = await dteHtml(input(cases[0]!, { dte: largo }));
    expect(page.match(/<tr class="texto-aparte">\s*<td colspan="\d+">Tornillo/g)).toHaveLength(60);
    const { numpages } = await pdfParse(await renderer.render(input(cases[0]!, { dte: largo })));
    // About six such items a page; in the description column each took pages of its own.
    expect(numpages).toBeLessThanOrEqual(12);
  });

  it('escapes DTE text instead of interpreting it as markup', async () => {
    const hostile = { ...factura, emisor: { ...emisor, nombre: '<b>Acme</b> <img src=x onerror=alert(1)>' } };
    const text = await pdfText(await renderer.render(input(cases[0]!, { dte: hostile })));
    expect(text).toContain('<b>Acme</b> <img src=x onerror=alert(1)>');
    expect(text).toContain('Cuscatlán <Mayoreo> & Cía');
  });

  it('marks a contingency document and shows no sello', async () => {
    const contingencia = {
      ...factura,
      identificacion: { ...factura.identificacion, tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 },
    };
    const pdf = await renderer.render(input(cases[0]!, { dte: contingencia, estado: 'CONTINGENCIA' }));
    const text = await pdfText(pdf);
    expect(text).toContain('EMITIDO EN CONTINGENCIA');
    expect(text).toMatch(line('Modelo de facturación', 'Diferido'));
    expect(text).toMatch(line('Tipo de transmisión', 'Contingencia'));
    expect(text).not.toContain(SELLO);
  });

  it.each([
    ['a damaged PNG', CORRUPT_PNG],
    ['bytes that are no image', Buffer.from('%!PS-Adobe-3.0 definitely not a logo')],
    ['an empty buffer', Buffer.alloc(0)],
  ])('still renders with %s as logo', async (_name, logo) => {
    const pdf = await renderer.render(
      input(cases[1]!, { branding: { logo, logoContentType: 'image/png', colorFondo: 'red;}' } }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain(creditoFiscal.identificacion.codigoGeneracion);
  });
});

describe('DtePdfRenderer in batches', () => {
  // One page: while it prints, the documents that arrive wait and share the next print.
  let pool: BrowserPool;
  beforeAll(() => {
    pool = new BrowserPool({ executablePath: CHROMIUM_PATH, size: 1 });
  });
  afterAll(() => pool.close());

  const inputOf = (d: { dte: object; tipoNombre: string }, overrides: Partial<DtePdfInput> = {}): DtePdfInput => ({
    dte: d.dte as DtePdfInput['dte'],
    selloRecibido: SELLO_2026,
    estado: 'PROCESSED',
    tipoNombre: d.tipoNombre,
    branding: {},
    ...overrides,
  });
  const codigoDe = (i: DtePdfInput) => (i.dte.identificacion as { codigoGeneracion: string }).codigoGeneracion;
  const conCodigo = (i: DtePdfInput, codigoGeneracion: string): DtePdfInput => ({
    ...i,
    dte: { ...i.dte, identificacion: { ...(i.dte.identificacion as object), codigoGeneracion } },
  });
  const largo = inputOf({
    tipoNombre: 'FACTURA',
    dte: {
      ...factura,
      cuerpoDocumento: Array.from({ length: 70 }, (_, i) => ({ ...factura.cuerpoDocumento[0]!, numItem: i + 1 })),
    },
  });

  /** What a PDF's pages carry: their image names and whether an annotation is left on them. */
  async function paginas(pdf: Buffer) {
    const doc = await PDFDocument.load(pdf);
    return {
      titulo: doc.getTitle(),
      paginas: doc.getPages().map((page) => ({
        imagenes: page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length ?? 0,
        anotaciones: page.node.lookupMaybe(PDFName.Annots, PDFArray)?.size() ?? 0,
      })),
    };
  }

  it('prints waiting documents together, each PDF with its own pages, numbers, title and nothing of its neighbours', async () => {
    const prints: number[] = [];
    const renderer = new DtePdfRenderer(pool, { batchSize: 10, windowMs: 0, onPrint: (n) => prints.push(n) });
    const inputs = [
      largo,
      ...documentos.slice(0, 7).map((d) => inputOf(d)),
      conCodigo(largo, '0E7D1C52-2B9A-4F0C-8D3E-6A5B4C3D2E1F'),
    ];
    const pdfs = await Promise.all(inputs.map((i) => renderer.render(i)));

    // The first found the page free and was printed at once, alone; the other eight shared one print.
    expect(prints).toEqual([1, inputs.length - 1]);
    const solo = new DtePdfRenderer(pool, { batchSize: 1, windowMs: 0 });
    for (const [k, input] of inputs.entries()) {
      const pdf = pdfs[k]!;
      const alone = await solo.render(input);
      const text = await pdfText(pdf);
      // Word for word what the document printed alone reads, and nothing of another (the spaces the extractor
      // guesses between cells follow the font subsets a print shares; the numbers are checked below).
      const palabras = (t: string) => t.replace(/Página \d+ de \d+/g, '').replace(/\s/g, '');
      expect(palabras(text)).toBe(palabras(await pdfText(alone)));
      expect(text.match(/Página \d+ de \d+/g)).toEqual((await pdfText(alone)).match(/Página \d+ de \d+/g));
      const { numpages } = await pdfParse(pdf);
      expect([...text.matchAll(/Página (\d+) de (\d+)/g)].map((m) => `${m[1]}/${m[2]}`)).toEqual(
        Array.from({ length: numpages }, (_, n) => `${n + 1}/${numpages}`),
      );
      expect(text.match(/Código de generación:/g)).toHaveLength(1);
      // Its title, its own images (logo, QR) page by page as alone, and no link left from the print.
      expect(await paginas(pdf)).toEqual({
        titulo: `${input.tipoNombre} ${codigoDe(input)}`,
        paginas: (await paginas(alone)).paginas.map((p) => ({ ...p, anotaciones: 0 })),
      });
    }
    expect((await pdfParse(pdfs[0]!)).numpages).toBeGreaterThan(1);
    const { png, paginas: n } = await legible(pdfs.at(-1)!, 'pdf-impreso-en-tanda');
    expect(n).toBeGreaterThan(1);
    expect(fs.existsSync(png)).toBe(true);
    dentroDelPapel(pdfs.at(-1)!);
  });

  it('prints tickets together too, each cut at its own length, and never beside a Letter document', async () => {
    const prints: number[] = [];
    const renderer = new DtePdfRenderer(pool, { batchSize: 10, windowMs: 0, onPrint: (n) => prints.push(n) });
    const corto = inputOf(documentos[0]!, { papel: 'ticket80' });
    const inputs = [
      inputOf(documentos[1]!),
      corto,
      { ...largo, papel: 'ticket80' as const },
      conCodigo(corto, '0E7D1C52-2B9A-4F0C-8D3E-6A5B4C3D2E1F'),
      inputOf(documentos[2]!, { papel: 'ticket58' }),
    ];
    const pdfs = await Promise.all(inputs.map((i) => renderer.render(i)));
    // The Letter one alone (the page was free), then the three 80 mm tickets, then the 58 mm one.
    expect(prints).toEqual([1, 3, 1]);
    const hojas = await Promise.all(
      pdfs.map(async (pdf) => (await PDFDocument.load(pdf)).getPages().map((p) => p.getSize())),
    );
    const mm = (pt: number) => (pt * 25.4) / 72;
    expect(hojas.map((h) => h.length)).toEqual([1, 1, 1, 1, 1]);
    expect(hojas.map(([h]) => Math.round(mm(h!.width)))).toEqual([216, 80, 80, 80, 58]);
    const [, corta, larga, otraCorta] = hojas.map(([h]) => h!.height);
    // Printed beside the long one, each short ticket is still cut at its own length, as alone.
    const sola = (await PDFDocument.load(await renderer.render(corto))).getPage(0).getHeight();
    expect(corta).toBeCloseTo(sola, 0);
    expect(otraCorta).toBeCloseTo(sola, 0);
    expect(larga! / corta!).toBeGreaterThan(3);
    // Every line of the long one is on it, and nothing of its neighbours; no "Página n de m" on a ticket.
    const texto = await pdfText(pdfs[2]!);
    expect(texto.match(/Código de generación:/g)).toHaveLength(1);
    expect(texto).not.toMatch(/Página \d+ de \d+/);
    const { ambiente, fecEmi } = largo.dte.identificacion as { ambiente: string; fecEmi: string };
    expect(qrLeido(pdfs[2]!)).toBe(consultaPublicaUrl({ ambiente, codigoGeneracion: codigoDe(largo), fecEmi }));
  });

  it('never prints documents of another look together: another mark across the page, other colours', async () => {
    const prints: number[] = [];
    const renderer = new DtePdfRenderer(pool, { batchSize: 10, windowMs: 0, onPrint: (n) => prints.push(n) });
    const [primero, ...otros] = documentos.slice(0, 6).map((d) => inputOf(d));
    const anulado = inputOf(documentos[6]!, { estado: 'CANCELLED' });
    const otraMarca = inputOf(documentos[7]!, { branding: { colorPrincipal: '#0a5c36' } });
    const pdfs = await Promise.all([primero!, anulado, ...otros, otraMarca].map((i) => renderer.render(i)));

    expect(prints).toEqual([1, 1, otros.length, 1]);
    const textos = await Promise.all(pdfs.map(pdfText));
    expect(textos.map((t) => t.includes('DOCUMENTO INVALIDADO'))).toEqual(pdfs.map((_, k) => k === 1));
  });

  it('fails only the document that cannot be laid out', async () => {
    const renderer = new DtePdfRenderer(pool, { batchSize: 10, windowMs: 0 });
    const roto = inputOf({ tipoNombre: 'FACTURA', dte: { ...factura, identificacion: undefined } });
    const results = await Promise.allSettled(
      [documentos[0]!, documentos[1]!].flatMap((d) => [inputOf(d), roto]).map((i) => renderer.render(i)),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(TypeError);
    expect(await pdfText((results[2] as PromiseFulfilledResult<Buffer>).value)).toContain(
      documentos[1]!.dte.identificacion.codigoGeneracion,
    );
  });

  it('fails only the document that breaks its print: the others of that print are printed again, each alone', async () => {
    // Chromium prints every page it is given; what breaks is the page that holds one marked document, so the
    // failure follows that document by construction, whatever the machine's speed. The print really runs,
    // and its failure reaches the renderer from `use` as a Chromium error would.
    const ROTO = '9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D';
    class PoolQueRompe extends BrowserPool {
      override use<T>(task: (page: Page) => Promise<T>): Promise<T> {
        return super.use(async (page) => {
          const result = await task(page);
          if ((await page.content()).includes(ROTO)) throw new Error(`print broken by ${ROTO}`);
          return result;
        });
      }
    }
    const apretado = new PoolQueRompe({ executablePath: CHROMIUM_PATH, size: 1 });
    try {
      const prints: number[] = [];
      const renderer = new DtePdfRenderer(apretado, { batchSize: 10, windowMs: 0, onPrint: (n) => prints.push(n) });
      await renderer.render(inputOf(documentos[0]!));
      const roto = conCodigo(inputOf(documentos[4]!), ROTO);
      const inputs = [inputOf(documentos[1]!), inputOf(documentos[2]!), roto, inputOf(documentos[3]!)];
      const results = await Promise.allSettled(inputs.map((i) => renderer.render(i)));

      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(`print broken by ${ROTO}`);
      for (const k of [1, 3]) {
        const text = await pdfText((results[k] as PromiseFulfilledResult<Buffer>).value);
        expect(text).toContain(codigoDe(inputs[k]!));
        expect(text).toContain('Página 1 de 1');
      }
      // Warm-up, the first alone; then the print of three and the large one broke, and the two left alone.
      expect(prints).toEqual([1, 1, 1, 1]);
    } finally {
      await apretado.close();
    }
  });

  it('holds a document for PDF_BATCH_WINDOW_MS to share its print, and not at all when it is 0', async () => {
    const llegan = async (windowMs: number, batchSize: number, n: number) => {
      const prints: number[] = [];
      const renderer = new DtePdfRenderer(pool, { batchSize, windowMs, onPrint: (k) => prints.push(k) });
      const a = renderer.render(inputOf(documentos[0]!));
      await Promise.all([a, ...documentos.slice(1, n).map((d) => renderer.render(inputOf(d)))]);
      return prints;
    };
    // Held for a window no run of the test outlasts: the second document, whenever it comes, fills the batch.
    expect(await llegan(600_000, 2, 2)).toEqual([2]);
    // Alone, it is printed once its window has passed.
    expect(await llegan(200, 10, 1)).toEqual([1]);
    // Without a window the first prints at once, the second after it.
    expect(await llegan(0, 10, 2)).toEqual([1, 1]);
  });
});

describe('BrowserPool', () => {
  it('serves concurrent renders from one Chromium and a bounded set of pages', async () => {
    const pool = new BrowserPool({ executablePath: CHROMIUM_PATH, size: 2 });
    try {
      let running = 0;
      let peak = 0;
      const pages = new Set<unknown>();
      // Five documents at once on two pages: three of them wait in the queue.
      const pdfs = await Promise.all(
        cases.map((c) =>
          pool.use(async (page) => {
            pages.add(page);
            peak = Math.max(peak, ++running);
            try {
              await page.setContent(`<p>${c.dte.identificacion.codigoGeneracion}</p>`);
              return Buffer.from(await page.pdf({ format: 'Letter' }));
            } finally {
              running--;
            }
          }),
        ),
      );
      expect(peak).toBe(2);
      expect(pages.size).toBe(2);
      expect(pdfs.map((p) => p.subarray(0, 5).toString('latin1'))).toEqual(Array(cases.length).fill('%PDF-'));

      const renderer = new DtePdfRenderer(pool, { batchSize: 10, windowMs: 0 });
      const rendered = await Promise.all(cases.map((c) => renderer.render(input(c))));
      const texts = await Promise.all(rendered.map(pdfText));
      texts.forEach((t, i) => expect(t).toContain(cases[i]!.dte.identificacion.codigoGeneracion));
      expect(pool.launchCount).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('relaunches Chromium after it crashes', async () => {
    const pool = new BrowserPool({ executablePath: CHROMIUM_PATH, size: 1 });
    try {
      await pool.use(async (page) => {
        const browser = page.browser();
        const gone = new Promise((resolve) => browser.once('disconnected', resolve));
        browser.process()?.kill('SIGKILL');
        await gone;
      });
      const pdf = await new DtePdfRenderer(pool, { batchSize: 1, windowMs: 0 }).render(input(cases[0]!));
      expect(await pdfText(pdf)).toContain(factura.identificacion.codigoGeneracion);
      expect(pool.launchCount).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('frees the slot of a task that hangs and gives the next task a fresh page', async () => {
    const pool = new BrowserPool({ executablePath: CHROMIUM_PATH, size: 1, timeoutMs: 500 });
    try {
      let hung: unknown;
      await expect(
        pool.use((page) => {
          hung = page;
          return new Promise<never>(() => undefined);
        }),
      ).rejects.toThrow('exceeded 500 ms');
      const next = await pool.use(async (page) => page);
      expect(next).not.toBe(hung);
      expect(pool.launchCount).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('fetches nothing from the network while rendering', async () => {
    let hits = 0;
    const server: Server = createServer((_req, res) => {
      hits++;
      res.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const pool = new BrowserPool({ executablePath: CHROMIUM_PATH, size: 1 });
    try {
      const origin = `http://127.0.0.1:${port}`;
      const pdf = await pool.use(async (page) => {
        await page.setContent(
          `<link rel="stylesheet" href="${origin}/style.css"><img src="${origin}/logo.png"><p style="background:url(${origin}/bg.png)">x</p>`,
          { waitUntil: 'load' },
        );
        return page.pdf({ printBackground: true });
      });
      expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(hits).toBe(0);
    } finally {
      await pool.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses work after close and finishes what was queued', async () => {
    const pool = new BrowserPool({ executablePath: CHROMIUM_PATH, size: 1 });
    const queued = [1, 2, 3].map((n) => pool.use(async () => n));
    await pool.close();
    await expect(Promise.all(queued)).resolves.toEqual([1, 2, 3]);
    await expect(pool.use(async () => 0)).rejects.toThrow('closed');
  });
});

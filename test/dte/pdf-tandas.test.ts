import { PDFDocument } from 'pdf-lib';
import { legible } from '../support/legible';
import { sample, scrape } from '../support/metrics';
import { stack } from '../support/stack';
import { waitForObject } from '../support/storage';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

interface Emitido {
  codigoGeneracion: string;
  dtePdfUrl: string;
}

/**
 * The worker prints the PDFs of documents that wait for a Chromium page together and splits the print:
 * on the real stack, each stored PDF is still its own document, with its own pages, numbers and title.
 */
describe('PDFs printed in one batch', () => {
  let tenant: TestTenant;
  afterAll(() => closeTestDatabase());

  const factura = (lineas: number, descripcion: string) => ({
    receptor: {},
    items: Array.from({ length: lineas }, (_, i) => ({
      descripcion: `${descripcion} ${i + 1}`,
      cantidad: 1,
      precioUnitario: 1,
    })),
    condicionOperacion: 1,
  });
  const emitir = async (lineas: number, descripcion: string): Promise<Emitido> => {
    const res = await api('POST', '/dte/dte01', tenant, factura(lineas, descripcion));
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const impresiones = async () => {
    const text = await scrape(stack().workerMetrics);
    return {
      prints: sample(text, 'dte_pdf_print_documents_count') ?? 0,
      documentos: sample(text, 'dte_pdf_print_documents_sum') ?? 0,
    };
  };

  it('stores each document of a shared print with its own pages, "Página n de m" and title', async () => {
    tenant = await createTestTenant();
    const antes = await impresiones();
    // A long document holds a Chromium print for a second or more: the Facturas issued meanwhile wait for
    // it to end and share the next prints.
    const largos = await Promise.all([emitir(400, 'Tornillo'), emitir(400, 'Tuerca')]);
    const cortos = await Promise.all(Array.from({ length: 12 }, (_, i) => emitir(1, `Servicio ${i + 1}`)));
    const pdfs = await Promise.all([...largos, ...cortos].map((d) => waitForObject(d.dtePdfUrl)));
    const despues = await impresiones();

    // Fewer prints than documents: some printed several (other suites' documents may share the worker).
    expect(despues.documentos - antes.documentos).toBeGreaterThanOrEqual(14);
    expect(despues.prints - antes.prints).toBeLessThan(despues.documentos - antes.documentos);

    for (const [k, d] of [...largos, ...cortos].entries()) {
      const pdf = pdfs[k]!;
      const { texto, paginas, png } = await legible(pdf, k === 2 ? 'pdf-tanda-factura-corta' : `pdf-tanda-${k}`);
      expect(texto.match(/Código de generación: \S+/g)).toEqual([`Código de generación: ${d.codigoGeneracion}`]);
      expect([...texto.matchAll(/Página (\d+) de (\d+)/g)].map((m) => `${m[1]}/${m[2]}`)).toEqual(
        Array.from({ length: paginas }, (_, n) => `${n + 1}/${paginas}`),
      );
      if (k < 2) {
        expect(paginas).toBeGreaterThan(5);
        expect(texto).toContain(`${k === 0 ? 'Tornillo' : 'Tuerca'} 400`);
      } else {
        expect(paginas).toBe(1);
        expect(texto).toContain(`Servicio ${k - 1} 1 `);
        expect(texto).not.toMatch(/Tornillo|Tuerca/);
      }
      expect((await PDFDocument.load(pdf)).getTitle()).toBe(`FACTURA ${d.codigoGeneracion}`);
      expect(png).toMatch(/\.png$/);
    }
  });
});

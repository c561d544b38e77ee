import { validateMhSchema } from '@dte/domain';
import type { DocumentRecordView } from '@dte/store';
import { contribuyente, emitirCcf } from '../support/fixtures';
import { api, closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * Notes (DTE 05/06) that adjust several CCFs, electronic or on paper, on the real stack: each line names
 * its CCF, and the credit cap of every CCF holds under concurrent notes on the same CCFs.
 */
describe('notes on several CCFs', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  const linea = (numeroDocumento: string, precioUnitario: number) => ({
    descripcion: `Ajuste de ${numeroDocumento.slice(0, 8)}`,
    cantidad: 1,
    precioUnitario,
    numeroDocumento,
  });
  const sobre = (ccfs: string[], items: object[]) => ({
    documentosRelacionados: ccfs.map((numeroDocumento) => ({ tipoGeneracion: 2, numeroDocumento })),
    items,
    condicionOperacion: 1,
  });
  const credito = (body: object) => api('POST', '/dte/dte05', tenant, body);

  it('adjusts two CCFs in one note: both related, each line naming its own, accepted by MH', async () => {
    const a = await emitirCcf(tenant, 100);
    const b = await emitirCcf(tenant, 200);
    const res = await credito(
      sobre([a.codigoGeneracion, b.codigoGeneracion], [linea(a.codigoGeneracion, 10), linea(b.codigoGeneracion, 20)]),
    );
    expect([res.status, res.body.data?.estado]).toEqual([201, 'PROCESSED']);
    const dte = res.body.data.dteJson;
    expect(validateMhSchema('fe-nc-v4', dte)).toEqual([]);
    expect(dte.documentoRelacionado.map((d: { numeroDocumento: string }) => d.numeroDocumento)).toEqual([
      a.codigoGeneracion,
      b.codigoGeneracion,
    ]);
    expect(dte.cuerpoDocumento.map((i: { numeroDocumento: string }) => i.numeroDocumento)).toEqual([
      a.codigoGeneracion,
      b.codigoGeneracion,
    ]);
    // By hand: 10.00 + 20.00 = 30.00 gravada, IVA 3.90, montoTotalOperacion 33.90.
    expect(res.body.data.total).toBe('33.90');
    // Each CCF lists the note among the documents that refer to it.
    for (const ccf of [a, b]) {
      const leido = await api('GET', `/dte/${ccf.codigoGeneracion}`, tenant);
      expect(leido.body.data.relacionados.map((r: { codigoGeneracion: string }) => r.codigoGeneracion)).toContain(
        res.body.data.codigoGeneracion,
      );
    }
  });

  it('adjusts a paper CCF by its number and date, to the receptor of the request', async () => {
    const res = await api('POST', '/dte/dte06', tenant, {
      receptor: contribuyente(),
      documentosRelacionados: [{ tipoGeneracion: 1, numeroDocumento: 'CCF-A-000123', fechaEmision: '2026-10-15' }],
      items: [{ descripcion: 'Intereses por mora', cantidad: 1, precioUnitario: 50 }],
      condicionOperacion: 1,
    });
    expect([res.status, res.body.data?.estado]).toEqual([201, 'PROCESSED']);
    expect(res.body.data.dteJson.documentoRelacionado).toEqual([
      { tipoDocumento: '03', tipoGeneracion: 1, numeroDocumento: 'CCF-A-000123', fechaEmision: '2026-10-15' },
    ]);
    // By hand: 50.00 + IVA 6.50 = 56.50.
    expect(res.body.data.total).toBe('56.50');
  });

  it('takes a document discount by percentage on both CCFs in the 2023 generation, each credited its share after it', async () => {
    const descontada = (a: string, b: string) => ({
      ...sobre([a, b], [linea(a, 50), linea(b, 30)]),
      descuento: { porcentaje: 10 },
    });
    // fe-nc-v4 has no document discount (no descuGravada): the 2026 generation refuses it.
    const [c, d] = [await emitirCcf(tenant, 100), await emitirCcf(tenant, 100)];
    const refused = await credito(descontada(c.codigoGeneracion, d.codigoGeneracion));
    expect([refused.status, refused.body.code, refused.body.errors?.[0]?.field]).toEqual([
      400,
      'VALIDATION_ERROR',
      'descuento',
    ]);

    const tenant2023 = await createTestTenant({ generacion: '2023' });
    const a = await emitirCcf(tenant2023, 100);
    const b = await emitirCcf(tenant2023, 100);
    const res = await api('POST', '/dte/dte05', tenant2023, descontada(a.codigoGeneracion, b.codigoGeneracion));
    expect([res.status, res.body.data?.estado]).toEqual([201, 'PROCESSED']);
    // By hand: 80.00 gravada, 10 % = 8.00 ; IVA 13 % of 72.00 = 9.36 ; montoTotalOperacion 81.36
    expect(res.body.data.dteJson.resumen).toMatchObject({ descuGravada: 8, subTotal: 72, montoTotalOperacion: 81.36 });
    // A's share: 45.00 + 5.85 = 50.85 of 113.00, leaving 62.15: a note of 55.00 + 7.15 = 62.15 still fits.
    const resto = await api(
      'POST',
      '/dte/dte05',
      tenant2023,
      sobre([a.codigoGeneracion], [linea(a.codigoGeneracion, 55)]),
    );
    expect([resto.status, resto.body.data?.total]).toEqual([201, '62.15']);
  });

  it('refuses a CCF of another emisor or a note without its receptor on paper CCFs alone', async () => {
    const otro = await createTestTenant();
    const ajeno = await emitirCcf(otro, 10);
    const propio = await emitirCcf(tenant, 10);
    const res = await credito(
      sobre(
        [propio.codigoGeneracion, ajeno.codigoGeneracion],
        [linea(propio.codigoGeneracion, 1), linea(ajeno.codigoGeneracion, 1)],
      ),
    );
    expect([res.status, res.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND']);
    const sinReceptor = await credito({
      documentosRelacionados: [{ tipoGeneracion: 1, numeroDocumento: 'F-1', fechaEmision: '2026-10-15' }],
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
    });
    expect([sinReceptor.status, sinReceptor.body.code, sinReceptor.body.errors?.[0]?.field]).toEqual([
      400,
      'VALIDATION_ERROR',
      'receptor',
    ]);
  });

  it('10 concurrent notes on the same two CCFs never credit more than either one’s total', async () => {
    // The tight CCF: 60.00 + IVA 7.80 = 67.80. The loose one: 100.00 + IVA 13.00 = 113.00. Each note credits
    // 30.00 + IVA 3.90 = 33.90 of each, so exactly two fit the tight one. The tight CCF is issued so that it
    // sorts after the loose one: its ledger is taken second, and refusals there give the first take back.
    const estrecho = await emitirCcf(tenant, 60);
    let holgado: DocumentRecordView;
    do holgado = await emitirCcf(tenant, 100);
    while (holgado.codigoGeneracion > estrecho.codigoGeneracion);
    const ccfs = [holgado.codigoGeneracion, estrecho.codigoGeneracion];
    const results = await Promise.all(
      Array.from({ length: 10 }, () => credito(sobre(ccfs, [linea(ccfs[0]!, 30), linea(ccfs[1]!, 30)]))),
    );
    const aceptadas = results.filter((r) => r.status === 201);
    expect(aceptadas.map((r) => [r.body.data.estado, r.body.data.total])).toEqual(
      Array(2).fill(['PROCESSED', '67.80']),
    );
    // A note refused by the tight CCF holds its share of the loose one until it gives it back, so a note
    // racing it may be refused by the loose one: either way, the refusal names the CCF it exceeded.
    const rechazadas = results.filter((r) => r.status !== 201);
    expect(rechazadas.map((r) => [r.status, r.body.code])).toEqual(Array(8).fill([400, 'CREDIT_EXCEEDS_ORIGINAL']));
    expect(rechazadas.map((r) => r.body.numeroDocumento)).toContain(estrecho.codigoGeneracion);
    for (const r of rechazadas) expect(ccfs).toContain(r.body.numeroDocumento);
    // The refused notes took nothing of the loose CCF: 113.00 − 2 × 33.90 = 45.20 remains, exactly.
    const resto = await credito(sobre([holgado.codigoGeneracion], [linea(holgado.codigoGeneracion, 40)]));
    expect([resto.status, resto.body.data?.total]).toEqual([201, '45.20']);
    const mas = await credito(sobre([holgado.codigoGeneracion], [linea(holgado.codigoGeneracion, 0.01)]));
    expect([mas.status, mas.body.code, mas.body.saldoDisponible]).toEqual([400, 'CREDIT_EXCEEDS_ORIGINAL', 0]);
  }, 180000);
});

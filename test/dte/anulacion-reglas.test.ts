import { anulacionRescindida, contribuyente, direccion } from '../support/fixtures';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * MH's invalidation rules beyond its schemas, on the real stack with an emisor in the 2026 generation:
 * a Nota de Crédito is invalidated first and names no replacement (its balance then serves the new note),
 * a document with notes or a retorno in force waits for them, a retorno can be invalidated, and each kind
 * has MH's window of the generation.
 */
describe('POST /dte/anulacion: the rules of Normativa DTE 2.0', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  async function emitir(ruta: string, body: object) {
    const res = await api('POST', ruta, tenant, body);
    expect([ruta, res.status, res.body.data?.estado]).toEqual([ruta, 201, 'PROCESSED']);
    return res.body.data as { codigoGeneracion: string; dteJson: { identificacion: { version: number } } };
  }
  const ccf = (precioUnitario: number) =>
    emitir('/dte/dte03', {
      receptor: contribuyente(),
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario }],
      condicionOperacion: 1,
    });
  const nc = (original: string, precioUnitario: number) =>
    api('POST', '/dte/dte05', tenant, {
      codigoGeneracion: original,
      items: [{ descripcion: 'Devolución', cantidad: 1, precioUnitario }],
      condicionOperacion: 1,
    });
  const anular = (codigoGeneracion: string, tipoAnulacion: 1 | 2 | 3, codigoGeneracionR?: string) => {
    const { motivo } = anulacionRescindida(codigoGeneracion);
    return api('POST', '/dte/anulacion', tenant, {
      codigoGeneracion,
      ...(codigoGeneracionR ? { codigoGeneracionR } : {}),
      motivo: { ...motivo, tipoAnulacion, motivoAnulacion: 'Precio equivocado en la nota' },
    });
  };

  it('invalidates a wrong credit note first, without a replacement, and its balance serves the new note', async () => {
    // A CCF of $100.00 + 13 % IVA: montoTotalOperacion 113.00, all of it credited by the first note.
    const original = await ccf(100);
    const errada = await nc(original.codigoGeneracion, 100);
    expect([errada.status, errada.body.data.dteJson.identificacion.version]).toEqual([201, 4]);
    const sinSaldo = await nc(original.codigoGeneracion, 100);
    expect([sinSaldo.status, sinSaldo.body.code, sinSaldo.body.saldoDisponible]).toEqual([
      400,
      'CREDIT_EXCEEDS_ORIGINAL',
      0,
    ]);

    // The CCF cannot be invalidated while its note is in force.
    const conNota = await anular(original.codigoGeneracion, 2);
    expect([conNota.status, conNota.body.code, conNota.body.relacionados]).toEqual([
      409,
      'DOCUMENT_HAS_RELATED',
      [{ codigoGeneracion: errada.body.data.codigoGeneracion, tipo: 'NOTA_CREDITO', estado: 'PROCESSED' }],
    ]);

    // Types 1 and 3 of a note name no replacement: one named is a 400 on the field, before MH is asked.
    for (const tipo of [1, 3] as const) {
      const conReemplazo = await anular(errada.body.data.codigoGeneracion, tipo, original.codigoGeneracion);
      expect([conReemplazo.status, conReemplazo.body.code, conReemplazo.body.errors]).toEqual([
        400,
        'VALIDATION_ERROR',
        [expect.objectContaining({ field: 'codigoGeneracionR' })],
      ]);
    }
    const anulada = await anular(errada.body.data.codigoGeneracion, 1);
    expect([anulada.status, anulada.body.data?.estado]).toEqual([200, 'CANCELLED']);
    const db = await testDatabase();
    const evento = (await db.models.Document.findById(errada.body.data.codigoGeneracion).lean())!.anulacion.evento;
    expect(evento).toMatchObject({
      identificacion: { version: 3 },
      documento: { tipoDte: '05', codigoGeneracionR: null },
      motivo: { tipoAnulacion: 1 },
    });

    // The new note takes the whole $113.00 the invalidated one gave back.
    const correcta = await nc(original.codigoGeneracion, 100);
    expect([
      correcta.status,
      correcta.body.data.estado,
      correcta.body.data.dteJson.resumen.montoTotalOperacion,
    ]).toEqual([201, 'PROCESSED', 113]);
  });

  it('still requires an accepted replacement for types 1 and 3 of any other kind', async () => {
    const original = await ccf(10);
    const sinReemplazo = await anular(original.codigoGeneracion, 1);
    expect([sinReemplazo.status, sinReemplazo.body.code, sinReemplazo.body.errors[0].field]).toEqual([
      400,
      'VALIDATION_ERROR',
      'codigoGeneracionR',
    ]);
    const reemplazo = await ccf(10);
    const anulada = await anular(original.codigoGeneracion, 1, reemplazo.codigoGeneracion);
    expect([anulada.status, anulada.body.data?.estado]).toEqual([200, 'CANCELLED']);
  });

  it('invalidates a retorno, after which the Factura it returned can be invalidated', async () => {
    const factura = await emitir('/dte/dte01', {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', direccion },
      items: [{ descripcion: 'Producto', cantidad: 2, precioUnitario: 11.3 }],
      condicionOperacion: 1,
    });
    const retorno = await emitir('/dte/retorno', {
      documentoOrigen: factura.codigoGeneracion,
      items: [{ numItem: 1, cantidadRetorno: 1 }],
      motivo: 'Producto defectuoso',
    });
    const conRetorno = await anular(factura.codigoGeneracion, 2);
    expect([conRetorno.status, conRetorno.body.code, conRetorno.body.relacionados]).toEqual([
      409,
      'DOCUMENT_HAS_RELATED',
      [{ codigoGeneracion: retorno.codigoGeneracion, tipo: 'RETORNO', estado: 'PROCESSED' }],
    ]);
    const retornoAnulado = await anular(retorno.codigoGeneracion, 2);
    expect([retornoAnulado.status, retornoAnulado.body.data?.estado]).toEqual([200, 'CANCELLED']);
    const facturaAnulada = await anular(factura.codigoGeneracion, 2);
    expect([facturaAnulada.status, facturaAnulada.body.data?.estado]).toEqual([200, 'CANCELLED']);
  });

  it('invalidates a retorno as type 1 or 3 without a replacement, which it may not name', async () => {
    const factura = await emitir('/dte/dte01', {
      receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', direccion },
      items: [{ descripcion: 'Producto', cantidad: 3, precioUnitario: 11.3 }],
      condicionOperacion: 1,
    });
    const retornar = () =>
      emitir('/dte/retorno', {
        documentoOrigen: factura.codigoGeneracion,
        items: [{ numItem: 1, cantidadRetorno: 1 }],
        motivo: 'Producto defectuoso',
      });
    for (const tipo of [1, 3] as const) {
      const errado = await retornar();
      const otro = await retornar();
      const conReemplazo = await anular(errado.codigoGeneracion, tipo, otro.codigoGeneracion);
      expect([conReemplazo.status, conReemplazo.body.code, conReemplazo.body.errors]).toEqual([
        400,
        'VALIDATION_ERROR',
        [expect.objectContaining({ field: 'codigoGeneracionR' })],
      ]);
      const anulado = await anular(errado.codigoGeneracion, tipo);
      expect([anulado.status, anulado.body.data?.estado]).toEqual([200, 'CANCELLED']);
      const db = await testDatabase();
      const evento = (await db.models.Document.findById(errado.codigoGeneracion).lean())!.anulacion.evento;
      expect(evento).toMatchObject({
        identificacion: { version: 3 },
        documento: { tipoDte: '18', numeroControl: null, codigoGeneracionR: null },
        motivo: { tipoAnulacion: tipo },
      });
      expect((await anular(otro.codigoGeneracion, 2)).body.data?.estado).toBe('CANCELLED');
    }
  });

  it("refuses a CCF past MH's 2026 window (the end of the day after its sello) before the spec's 30 days", async () => {
    const original = await ccf(10);
    const db = await testDatabase();
    // Sealed three days ago (through the driver: mongoose keeps createdAt immutable).
    const sellado = new Date(Date.now() - 3 * 86_400_000);
    await db.models.Document.collection.updateOne(
      { _id: original.codigoGeneracion as never },
      { $set: { createdAt: sellado } },
    );
    const tarde = await anular(original.codigoGeneracion, 2);
    // 23:59:59 El Salvador (05:59:59 UTC the next day) of the day after the sello's local date.
    const local = new Date(sellado.getTime() - 6 * 3_600_000);
    const limite = new Date(
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, 23, 59, 59) + 6 * 3_600_000,
    );
    expect([tarde.status, tarde.body.code, tarde.body.limite, tarde.body.plazoDias]).toEqual([
      400,
      'INVALIDATION_PERIOD_EXPIRED',
      limite.toISOString(),
      undefined,
    ]);
  });
});

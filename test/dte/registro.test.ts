import { randomUUID } from 'node:crypto';
import { TenantCache, Documents, type StoredDocumentRecord } from '@dte/store';
import type { IssueDteInput, RespuestaMh } from '@dte/contract';
import { emitirFactura } from '../support/fixtures';
import { closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The record of a document: saved once and listed once, however often its first step runs or MH fails to
 * answer it (its entry is written PENDIENTE with the record, and anew by each change of estado). And its
 * estado only moves as its life allows (packages/store/src/estado.ts): a step that would take a settled
 * document elsewhere is refused and leaves the record and its list entry as they were, and a retried step
 * records again what its first attempt did.
 */
describe('a document on record', () => {
  let tenant: TestTenant;
  let documents: Documents;
  let procesado: StoredDocumentRecord;
  let rechazado: StoredDocumentRecord;

  const respuesta = (doc: StoredDocumentRecord, aceptado: boolean): RespuestaMh => ({
    version: 2,
    ambiente: '00',
    versionApp: 2,
    estado: aceptado ? 'PROCESADO' : 'RECHAZADO',
    codigoGeneracion: doc._id,
    selloRecibido: aceptado ? `2026${'A'.repeat(36)}` : null,
    fhProcesamiento: '26/11/2026 10:00:00',
    clasificaMsg: aceptado ? '10' : '13',
    codigoMsg: aceptado ? '001' : '003',
    descripcionMsg: aceptado ? 'RECIBIDO' : 'RECHAZADO POR PRUEBA',
    observaciones: [],
  });
  const entrada = async (doc: StoredDocumentRecord) =>
    (await testDatabase()).connection
      .collection('documentos_lista')
      .findOne({ _id: `lista:${doc.emisorId}:${doc.listaN}` } as never);

  beforeAll(async () => {
    tenant = await createTestTenant();
    const db = await testDatabase();
    documents = new Documents(db, new TenantCache(db.models, 0));
    const ok = await emitirFactura(tenant);
    await simulator('/reject', {
      next: 1,
      codigoMsg: '003',
      clasificaMsg: '13',
      descripcionMsg: 'X',
      emisor: tenant.nit,
    });
    const no = await emitirFactura(tenant);
    expect([ok.estado, no.estado]).toEqual(['PROCESSED', 'REJECTED']);
    procesado = (await documents.find(ok.codigoGeneracion))!;
    rechazado = (await documents.find(no.codigoGeneracion))!;
  });
  afterAll(() => closeTestDatabase());

  it('refuses to accept a rejected document, and leaves it and its list entry as they were', async () => {
    await expect(
      documents.recordOutcome(rechazado._id, { result: 'PROCESADO', respuesta: respuesta(rechazado, true) }),
    ).rejects.toThrow(`document ${rechazado._id} cannot go from REJECTED to PROCESSED`);
    const despues = (await documents.find(rechazado._id))!;
    expect(despues.estado).toBe('REJECTED');
    expect(despues.selloRecibido ?? null).toBeNull();
    expect(despues.dteJsonUrl ?? null).toBeNull();
    expect((await entrada(rechazado))?.estado).toBe('REJECTED');
  });

  it('refuses to reject an accepted document or to put it in contingencia, and keeps its sello', async () => {
    await expect(
      documents.recordOutcome(procesado._id, { result: 'RECHAZADO', respuesta: respuesta(procesado, false) }),
    ).rejects.toThrow(`document ${procesado._id} cannot go from PROCESSED to REJECTED`);
    await expect(
      documents.enterContingencia(procesado._id, { dteJson: procesado.dteJson as object, dteFirmado: 'x' }),
    ).rejects.toThrow(`document ${procesado._id} cannot go from PROCESSED to CONTINGENCIA`);
    const despues = (await documents.find(procesado._id))!;
    expect(despues.estado).toBe('PROCESSED');
    expect(despues.selloRecibido).toBe(procesado.selloRecibido);
    expect(despues.dteFirmado).toBe(procesado.dteFirmado);
    expect((await entrada(procesado))?.selloRecibido).toBe(procesado.selloRecibido);
  });

  it('records an accepted document again as a retried step would, with the same sello and files', async () => {
    const otraVez = await documents.recordOutcome(procesado._id, {
      result: 'PROCESADO',
      respuesta: { ...respuesta(procesado, true), selloRecibido: procesado.selloRecibido! },
    });
    expect(otraVez.estado).toBe('PROCESSED');
    expect(otraVez.selloRecibido).toBe(procesado.selloRecibido);
    expect(otraVez.dteJsonUrl).toBe(procesado.dteJsonUrl);
    expect(otraVez.dtePdfUrl).toBe(procesado.dtePdfUrl);
    expect(procesado.dteJsonUrl).toMatch(new RegExp(`/DTE01/json/${procesado._id}\\.json$`));
  });

  it('is saved once when its first step runs again, and listed once under the number its record carries', async () => {
    const codigoGeneracion = randomUUID().toUpperCase();
    const input: IssueDteInput = {
      tipo: 'FACTURA_CONSUMIDOR_FINAL',
      codigoGeneracion,
      issuer: {
        emisorId: procesado.emisorId,
        establecimientoId: procesado.branchId,
        puntoVentaId: procesado.pointOfSaleId,
        tokenId: procesado.tokenId,
      },
    };
    const pendiente = {
      tipoDte: '01',
      numeroControl: `DTE-01-M001P001-9${Date.now().toString().slice(-14)}`,
      ambiente: '00',
      total: '5.00',
      fecEmi: procesado.fecEmi,
      dteJson: procesado.dteJson as object,
      dteFirmado: procesado.dteFirmado,
      sequenceId: procesado.sequenceId,
      correlativo: 999,
      serie: procesado.serie,
      receptorCorreo: null,
    };
    expect(await documents.createPending(input, pendiente)).toBeNull();
    const { listaN } = (await documents.find(codigoGeneracion, ['listaN']))!;
    const entradas = (await testDatabase()).connection.collection('documentos_lista');
    const entradaN = (n: number) => entradas.findOne({ _id: `lista:${procesado.emisorId}:${n}` } as never);
    // On its way to MH the document is on record and on the list, waiting for MH's verdict.
    const pendienteEnLista = {
      codigoGeneracion,
      numeroControl: pendiente.numeroControl,
      estado: 'PENDIENTE',
      selloRecibido: null,
    };
    expect(await entradaN(listaN!)).toMatchObject(pendienteEnLista);
    // The step runs again (a crash after the record was saved), and is answered with the record as the first
    // run saved it, not with what it prepared itself; the entry stays as the first run wrote it.
    const otraVez = await documents.createPending(input, {
      ...pendiente,
      numeroControl: 'DTE-01-M001P001-000000000000001',
    });
    expect(otraVez).toMatchObject({ _id: codigoGeneracion, numeroControl: pendiente.numeroControl });
    const guardado = (await documents.find(codigoGeneracion))!;
    expect([guardado.listaN, guardado.numeroControl]).toEqual([listaN, pendiente.numeroControl]);
    expect(await entradaN(listaN!)).toMatchObject(pendienteEnLista);

    // A first run that stopped between the record and its entry: the retry lists it.
    await entradas.deleteOne({ _id: `lista:${procesado.emisorId}:${listaN}` } as never);
    await documents.createPending(input, pendiente);
    expect(await entradaN(listaN!)).toMatchObject(pendienteEnLista);
    // MH's verdict writes the entry anew; a retry of the first step that comes late leaves it so.
    await documents.recordOutcome(codigoGeneracion, { result: 'PROCESADO', respuesta: respuesta(guardado, true) });
    await documents.createPending(input, pendiente);
    expect(await entradaN(listaN!)).toMatchObject({
      codigoGeneracion,
      estado: 'PROCESSED',
      selloRecibido: `2026${'A'.repeat(36)}`,
    });
    // The number the second run took names nothing: the list skips it.
    expect(await entradaN(listaN! + 1)).toBeNull();
    const pagina = await documents.list(procesado.emisorId, {}, null, 5);
    expect(pagina.entradas.filter((e) => e.codigoGeneracion === codigoGeneracion)).toHaveLength(1);
  });
});

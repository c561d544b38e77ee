import { randomUUID } from 'node:crypto';
import { connectDatabase } from '@dte/store';
import { emitirFactura } from '../support/fixtures';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase } from '../support/tenant';

/**
 * MH's correlativo restarts each year, and a sequence is per ambiente: the numeroControl of last year's
 * document, or of a TEST document once the emisor is in production, comes again. A correlativo is unique
 * in its sequence only.
 */
describe('numeroControl across sequences', () => {
  afterAll(() => closeTestDatabase());

  it("issues the first document of a sequence as …001 although another sequence's document has that number", async () => {
    const { Document } = (await testDatabase()).models;
    const otro = await emitirFactura(await createTestTenant());
    const tenant = await createTestTenant();
    // Last year's first Factura of the tenant's point of sale: its own sequence (year 2025), number 1.
    const registro = (await Document.findById(otro.codigoGeneracion).lean())!;
    const anterior = randomUUID().toUpperCase();
    await Document.create({
      ...registro,
      _id: anterior,
      codigoGeneracion: anterior,
      id: 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000),
      emisorId: tenant.emisorId,
      sequenceId: 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000),
      fecEmi: '2025-12-31',
      listaN: null,
    });
    expect(registro.numeroControl).toBe('DTE-01-M001P001-000000000000001');

    const nuevo = await emitirFactura(tenant);
    expect([nuevo.estado, nuevo.numeroControl]).toEqual(['PROCESSED', 'DTE-01-M001P001-000000000000001']);
  });

  it('drops the index that made numeroControl unique per emisor from a database built before', async () => {
    const uri = stack().env.MONGODB_URI!.replace(/\/[^/?]*(\?|$)/, `/indices-${Date.now()}$1`);
    const antes = await connectDatabase(uri);
    const documents = antes.connection.db!.collection('documents');
    await documents.dropIndex('sequenceId_1_sequenceNumber_1');
    await documents.createIndex({ emisorId: 1, numeroControl: 1 }, { unique: true });
    await antes.close();

    const despues = await connectDatabase(uri);
    try {
      const nombres = (await despues.connection.db!.collection('documents').indexes()).map((i) => i.name);
      expect(nombres).toContain('sequenceId_1_sequenceNumber_1');
      expect(nombres).not.toContain('emisorId_1_numeroControl_1');
    } finally {
      await despues.connection.db!.dropDatabase();
      await despues.close();
    }
  });
});

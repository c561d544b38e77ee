import { DteApiError, DteClient, operaciones, WebhookVerificationError, webhooks, type OperationId } from '@dte/client';
import type { DteTipo } from '@dte/domain';
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { ENDPOINTS } from '../../apps/api/src/routes/issue';
import { hoy } from '../support/fixtures';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/** What the issuance operations answer, as far as these tests read it. */
interface Emitido {
  codigoGeneracion: string;
  tipo: string;
  estado: string;
  total: string;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * @dte/client on the real stack, as an integrator uses it: every kind issued through its generated
 * operation, the list read by its cursor iterator, an Idempotency-Key reused, refusals as DteApiError, and a
 * real webhook delivery verified with `webhooks.verify`.
 */
describe('@dte/client on the real stack', () => {
  let tenant: TestTenant;
  let client: DteClient;
  /** Every URL the client fetched, in order (a wrapper around the real fetch, which it passes through). */
  const pedidas: string[] = [];
  const emitidos: Emitido[] = [];
  beforeAll(async () => {
    tenant = await createTestTenant();
    client = new DteClient({
      baseUrl: stack().api,
      token: tenant.token,
      fetch: (input, init) => {
        pedidas.push(String(input));
        return fetch(input, init);
      },
    });
  });
  afterAll(() => closeTestDatabase());

  /** The generated operation of each issuance route, by its path: the client's table has every one. */
  const operacionDe = (tipo: DteTipo): OperationId => {
    const ruta = Object.entries(ENDPOINTS).find(([, t]) => t === tipo)![0];
    const [id] = Object.entries(operaciones).find(([, o]) => o.method === 'POST' && o.path === ruta)!;
    return id as OperationId;
  };

  async function emitir(tipo: DteTipo, body: unknown): Promise<Emitido> {
    const operacion = client.operaciones[operacionDe(tipo)] as (args: { body: unknown }) => Promise<{ data: Emitido }>;
    const { data } = await operacion({ body });
    emitidos.push(data);
    return data;
  }

  it('issues every kind of document through its operation, each accepted by MH', async () => {
    const ejemplo = (tipo: DteTipo) => structuredClone(ISSUANCE_EXAMPLES[tipo].body) as Json;
    const factura = await emitir('FACTURA_CONSUMIDOR_FINAL', ejemplo('FACTURA_CONSUMIDOR_FINAL'));
    const ccf = await emitir('CREDITO_FISCAL', ejemplo('CREDITO_FISCAL'));
    // The notes and the retorno refer to documents of the emisor's own: the ones just issued.
    const resto: [DteTipo, Json][] = [
      ['NOTA_REMISION', ejemplo('NOTA_REMISION')],
      ['NOTA_CREDITO', { ...ejemplo('NOTA_CREDITO'), codigoGeneracion: ccf.codigoGeneracion }],
      ['NOTA_DEBITO', { ...ejemplo('NOTA_DEBITO'), codigoGeneracion: ccf.codigoGeneracion }],
      // A paper CCF withheld on, as test/dte/apendice.test.ts does: the example's electronic one is not this emisor's.
      [
        'COMPROBANTE_RETENCION',
        {
          ...ejemplo('COMPROBANTE_RETENCION'),
          cuerpoDocumento: [
            {
              numItem: 1,
              tipoDte: '03',
              tipoGeneracion: 1,
              numDocumento: 'F001234',
              fechaEmision: hoy(),
              montoSujetoGrav: 100,
              codigoRetencionMH: '22',
              ivaRetenido: 1,
              descripcion: 'Retención 1 % IVA',
            },
          ],
        },
      ],
      ['COMPROBANTE_LIQUIDACION', ejemplo('COMPROBANTE_LIQUIDACION')],
      ['DOCUMENTO_CONTABLE_LIQUIDACION', ejemplo('DOCUMENTO_CONTABLE_LIQUIDACION')],
      ['FACTURA_EXPORTACION', ejemplo('FACTURA_EXPORTACION')],
      ['SUJETO_EXCLUIDO', ejemplo('SUJETO_EXCLUIDO')],
      ['COMPROBANTE_DONACION', ejemplo('COMPROBANTE_DONACION')],
      ['RETORNO', { ...ejemplo('RETORNO'), documentoOrigen: factura.codigoGeneracion }],
    ];
    for (const [tipo, body] of resto) await emitir(tipo, body);
    expect(emitidos.map((d) => [d.tipo, d.estado])).toEqual(
      ['FACTURA_CONSUMIDOR_FINAL', 'CREDITO_FISCAL', ...resto.map(([tipo]) => tipo)].map((t) => [t, 'PROCESSED']),
    );
    expect(new Set(emitidos.map((d) => d.tipo))).toEqual(new Set(Object.values(ENDPOINTS)));
    // The examples' totals are worked out by hand in apps/api/src/openapi/examples.ts; the notes keep their
    // example's items, so their totals too.
    for (const tipo of [
      'FACTURA_CONSUMIDOR_FINAL',
      'CREDITO_FISCAL',
      'NOTA_CREDITO',
      'NOTA_DEBITO',
      'SUJETO_EXCLUIDO',
    ] as const)
      expect([tipo, emitidos.find((d) => d.tipo === tipo)!.total]).toEqual([tipo, ISSUANCE_EXAMPLES[tipo].total]);
  });

  it('reads the whole list page by page with the cursor iterator', async () => {
    pedidas.length = 0;
    const vistos: string[] = [];
    for await (const doc of client.paginar('listDocuments', { query: { limit: 5 } })) vistos.push(doc.codigoGeneracion);
    // A fresh emisor: its documents are the twelve above, newest first, in pages of five.
    expect([...vistos].sort()).toEqual(emitidos.map((d) => d.codigoGeneracion).sort());
    expect(vistos[0]).toBe(emitidos.at(-1)!.codigoGeneracion);
    expect(pedidas).toHaveLength(3);
    expect(pedidas[0]).toBe(`${stack().api}/dte?limit=5`);
    expect(pedidas[1]).toMatch(new RegExp(`^${stack().api}/dte\\?limit=5&cursor=[A-Za-z0-9_-]+$`));

    const procesadas = [];
    for await (const doc of client.paginar('listDocuments', { query: { tipo: 'CREDITO_FISCAL', limit: 5 } }))
      procesadas.push(doc.tipo);
    expect(procesadas).toEqual(['CREDITO_FISCAL']);
  });

  it('gets the same document back for a reused Idempotency-Key, and refuses it with another body', async () => {
    const body = {
      receptor: {},
      items: [{ descripcion: 'Una vez', cantidad: 1, precioUnitario: 3 }],
      condicionOperacion: 1 as const,
    };
    const idempotencyKey = `cliente-${tenant.emisorId}`;
    const primero = await client.operaciones.issueFacturaConsumidorFinal({ body, idempotencyKey });
    const segundo = await client.operaciones.issueFacturaConsumidorFinal({ body, idempotencyKey });
    expect(segundo.data.codigoGeneracion).toBe(primero.data.codigoGeneracion);
    // Without a key of its own, each call is a document of its own (the client gives each POST a fresh key).
    const otro = await client.operaciones.issueFacturaConsumidorFinal({ body });
    expect(otro.data.codigoGeneracion).not.toBe(primero.data.codigoGeneracion);

    const error = await client.operaciones
      .issueFacturaConsumidorFinal({ body: { ...body, observaciones: 'otra' }, idempotencyKey })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DteApiError);
    expect(error).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((error as DteApiError).requestId).toEqual(expect.any(String));
  });

  it('throws the API’s refusal with its code and offending fields', async () => {
    const error = (await client.operaciones
      .issueFacturaConsumidorFinal({
        body: { receptor: {}, items: [{ descripcion: 'X', cantidad: -1, precioUnitario: 3 }], condicionOperacion: 1 },
      })
      .catch((e: unknown) => e)) as DteApiError;
    expect(error).toBeInstanceOf(DteApiError);
    expect([error.status, error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(error.errors?.map((e) => e.field)).toContain('items[0].cantidad');
    const ajeno = await client.operaciones
      .getDocument({ path: { codigoGeneracion: '00000000-0000-4000-8000-000000000000' } })
      .catch((e: unknown) => e);
    expect(ajeno).toMatchObject({ status: 404, code: 'DOCUMENT_NOT_FOUND' });
  });

  it('verifies a real webhook delivery with webhooks.verify, and refuses a tampered one', async () => {
    const receptor = await ReceptorWebhooks.iniciar();
    try {
      const { data: endpoint } = await client.operaciones.createWebhook({
        body: { url: receptor.url, eventos: ['dte.procesado'] },
      });
      const { data: doc } = await client.operaciones.issueFacturaConsumidorFinal({
        body: {
          receptor: {},
          items: [{ descripcion: 'Con aviso', cantidad: 1, precioUnitario: 2 }],
          condicionOperacion: 1,
        },
      });
      const [entrega] = await receptor.esperar(1, (r) => r.data.codigoGeneracion === doc.codigoGeneracion);
      const headers = {
        'webhook-id': entrega!.id,
        'webhook-timestamp': entrega!.timestamp,
        'webhook-signature': entrega!.firma,
      };
      const evento = webhooks.verify(entrega!.body, headers, endpoint.secreto);
      expect(evento).toMatchObject({ type: 'dte.procesado', data: { codigoGeneracion: doc.codigoGeneracion } });
      // The same from a fetch Headers and the raw bytes, as a browser or an edge function has them.
      expect(webhooks.verify(new TextEncoder().encode(entrega!.body), new Headers(headers), endpoint.secreto)).toEqual(
        evento,
      );
      expect(() =>
        webhooks.verify(entrega!.body.replace('dte.procesado', 'dte.rechazado'), headers, endpoint.secreto),
      ).toThrow(WebhookVerificationError);
    } finally {
      await receptor.cerrar();
    }
  });
});

import { Client, Connection } from '@temporalio/client';
import { Anulacion, IssueDte, SearchAttribute } from '@dte/contract';
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { eventually } from '../support/eventually';
import { anulacionRescindida, contribuyente, hoy } from '../support/fixtures';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, enEstado, simulator, type TestTenant } from '../support/tenant';

/**
 * The README's operator queries (Operations) against the real Temporal server, each scoped to a fresh
 * emisor (`DteEmisor`) so that it must return exactly this suite's workflows: `DteEstado` follows each
 * document (a refusal is not PENDIENTE, CONTINGENCIA ends PROCESSED, an invalidation is CANCELLED).
 */
describe("the README's Temporal queries", () => {
  let tenant: TestTenant;
  let connection: Connection;
  let temporal: Client;
  beforeAll(async () => {
    tenant = await createTestTenant();
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
  });
  afterAll(async () => {
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    await connection?.close();
    await closeTestDatabase();
  });

  // As the README writes them (`<emisor>`, `<hace N minutos>` and `<hoy>` filled in by the operator).
  const README = {
    atascados: (antesDe: Date) =>
      `WorkflowType = 'IssueDteWorkflow' AND ExecutionStatus = 'Running' AND DteEstado = 'PENDIENTE' AND StartTime < '${antesDe.toISOString()}'`,
    enContingencia: `WorkflowType = 'IssueDteWorkflow' AND ExecutionStatus = 'Running' AND DteEstado = 'CONTINGENCIA'`,
    rechazadosHoy: (desde: Date) =>
      `WorkflowType = 'IssueDteWorkflow' AND DteEstado = 'REJECTED' AND StartTime >= '${desde.toISOString()}'`,
    rechazadosEnApi: `WorkflowType = 'IssueDteWorkflow' AND DteEstado = 'RECHAZADO_EN_API'`,
    anulados: `WorkflowType = 'InvalidateDteWorkflow' AND DteEstado = 'CANCELLED'`,
  };

  /** The workflow ids a query returns for this suite's emisor. */
  async function ids(query: string): Promise<string[]> {
    const found: string[] = [];
    const scoped = `${query} AND ${SearchAttribute.emisor} = '${tenant.emisorId}'`;
    for await (const w of temporal.workflow.list({ query: scoped })) found.push(w.workflowId);
    return found.sort();
  }
  /** Visibility is written after each workflow task: what a query returns is awaited. */
  const devuelve = (query: string, esperados: string[]) =>
    eventually(`${query} to return ${esperados.join(', ') || 'nothing'}`, async () => {
      expect(await ids(query)).toEqual([...esperados].sort());
      return true;
    });

  const factura = () =>
    api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    });

  it('stuck, contingency, rejected today, refused and invalidated: exactly the expected workflows', async () => {
    // An hour-less "today" in El Salvador (UTC−6), as an operator writes it.
    const inicioDeHoy = new Date(`${hoy()}T00:00:00-06:00`);

    const aceptada = (await factura()).body.data.codigoGeneracion as string;
    await simulator('/reject', { next: 1, codigoMsg: '003', clasificaMsg: '13', emisor: tenant.nit });
    const rechazada = await factura();
    expect(rechazada.body.data.estado).toBe('REJECTED');

    // A note for more than its CCF: refused by the issuance workflow (the credit ledger), nothing numbered.
    const ccf = await api('POST', '/dte/dte03', tenant, {
      receptor: contribuyente(),
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    expect(ccf.status).toBe(201);
    const excedida = await api('POST', '/dte/dte05', tenant, {
      codigoGeneracion: ccf.body.data.codigoGeneracion,
      items: [{ descripcion: 'Ajuste', cantidad: 1, precioUnitario: 100 }],
      condicionOperacion: 1,
    });
    expect([excedida.status, excedida.body.code]).toEqual([400, 'CREDIT_EXCEEDS_ORIGINAL']);

    expect((await api('POST', '/dte/anulacion', tenant, anulacionRescindida(aceptada))).status).toBe(200);

    // MH unreachable: a Factura is issued in contingency; a Comprobante de Donación (whose schema does not
    // admit contingency, in either generation) keeps waiting for MH, PENDIENTE in a running workflow. A Nota
    // de Remisión, used here before, is admitted in contingency: the query caught it PENDIENTE only when it
    // ran before the workflow had moved it to CONTINGENCIA, which on a loaded machine it did not.
    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    const contingencia = await factura();
    expect(contingencia.body.data.estado).toBe('CONTINGENCIA');
    const antesDeLaDonacion = new Date();
    const donacion = api('POST', '/dte/dte15', tenant, ISSUANCE_EXAMPLES.COMPROBANTE_DONACION.body);
    const esperando = await eventually('the Comprobante de Donación to wait for MH', async () => {
      const [id] = await ids(`WorkflowType = 'IssueDteWorkflow' AND DteTipo = 'COMPROBANTE_DONACION'`);
      return id;
    });

    await devuelve(README.atascados(new Date()), [esperando]);
    // Started after the cut-off: not stuck for that long.
    await devuelve(README.atascados(antesDeLaDonacion), []);
    await devuelve(README.enContingencia, [IssueDte.workflowId(contingencia.body.data.codigoGeneracion)]);
    await devuelve(README.rechazadosHoy(inicioDeHoy), [IssueDte.workflowId(rechazada.body.data.codigoGeneracion)]);
    const nota = await eventually("the refused note's workflow", async () => {
      const [id] = await ids(`WorkflowType = 'IssueDteWorkflow' AND DteTipo = 'NOTA_CREDITO'`);
      return id;
    });
    await devuelve(README.rechazadosEnApi, [nota]);
    await devuelve(README.anulados, [Anulacion.workflowId(aceptada)]);
    // The refused note is neither waiting for MH nor ended PENDIENTE (what the settle schedule looks for).
    await devuelve(`WorkflowType = 'IssueDteWorkflow' AND DteEstado = 'PENDIENTE'`, [esperando]);

    // MH back: the contingency Factura is settled PROCESSED by its lote, the note by its own retries.
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    expect((await donacion).status).toBeLessThan(300);
    await enEstado(contingencia.body.data.codigoGeneracion, 'PROCESSED');
    await devuelve(README.enContingencia, []);
    await devuelve(README.atascados(new Date()), []);
    await devuelve(
      `${SearchAttribute.codigoGeneracion} = '${contingencia.body.data.codigoGeneracion}' AND DteEstado = 'PROCESSED'`,
      [IssueDte.workflowId(contingencia.body.data.codigoGeneracion)],
    );
  }, 240000);
});

import { randomUUID } from 'node:crypto';
import { ApplicationFailure, Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { loadConfig } from '@dte/config';
import { activeApiTokenByHash, hashToken } from '@dte/store';
import {
  Anulacion,
  DTE_ERROR_FAILURE,
  IssueDte,
  RECHAZADO_EN_API,
  RenderPdf,
  ResendDte,
  SearchAttribute,
  type AnulacionInput,
  type DteErrorDetails,
  type Issuer,
  type IssueDteInput,
  type ResendDteInput,
} from '@dte/contract';
import { eventually } from '../support/eventually';
import { anulacionRescindida, contribuyente } from '../support/fixtures';
import type { MaildevMessage } from '../support/maildev';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The Temporal UI's "Start Workflow" is a door of its own: each workflow that acts on a document, started
 * with a Temporal client as the UI starts it, refuses what the API refuses, with the API's status and code
 * (carried by the workflow's failure, as the API reads it), and does nothing else.
 */
describe('workflows started by hand refuse what the API refuses', () => {
  let tenant: TestTenant;
  let ajeno: TestTenant;
  let issuer: Issuer;
  let connection: Connection;
  let temporal: Client;
  const taskQueue = loadConfig(stack().env).TEMPORAL_TASK_QUEUE;

  beforeAll(async () => {
    [tenant, ajeno] = await Promise.all([createTestTenant(), createTestTenant()]);
    const token = await activeApiTokenByHash((await testDatabase()).models, hashToken(tenant.token));
    issuer = {
      tokenId: token!.id,
      emisorId: token!.emisorId,
      establecimientoId: token!.establecimientoId,
      puntoVentaId: token!.puntoVentaId,
    };
    connection = await Connection.connect({ address: stack().temporalGrpc });
    temporal = new Client({ connection });
  });
  afterAll(async () => {
    await connection?.close();
    await closeTestDatabase();
  });

  /** The API's refusal as [status, code]. */
  const porApi = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];

  /** The refusal a workflow failed with, as [status, code]: what the API would answer for it. */
  async function porWorkflow(ejecucion: Promise<unknown>): Promise<[number, string]> {
    const err = await ejecucion.then(
      (r) => new Error(`the workflow did not refuse: ${JSON.stringify(r)}`),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WorkflowFailedError);
    const causa = (err as WorkflowFailedError).cause;
    expect(causa).toBeInstanceOf(ApplicationFailure);
    expect((causa as ApplicationFailure).type).toBe(DTE_ERROR_FAILURE);
    const { httpStatus, code } = (causa as ApplicationFailure).details![0] as DteErrorDetails;
    return [httpStatus, code];
  }

  const reenviar = (input: ResendDteInput) =>
    temporal.workflow.execute(ResendDte.workflowType, {
      taskQueue,
      workflowId: ResendDte.workflowId(input.codigoGeneracion, randomUUID()),
      args: [input],
    });

  const anular = (input: AnulacionInput) =>
    temporal.workflow.execute(Anulacion.workflowType, {
      taskQueue,
      workflowId: Anulacion.workflowId(input.codigoGeneracion),
      args: [input],
    });

  const anulacion = (
    codigoGeneracion: string,
    request: unknown = anulacionRescindida(codigoGeneracion),
  ): AnulacionInput => ({
    codigoGeneracion,
    request,
    issuer,
    eventoCodigoGeneracion: randomUUID().toUpperCase(),
  });

  const factura = async (correo?: string) => {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor: correo ? { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo } : {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    });
    expect(res.status).toBe(201);
    return res.body.data as { codigoGeneracion: string; estado: string };
  };

  /** A Factura MH rejects (the simulator rejects the tenant's next reception). */
  const rechazada = async (correo: string) => {
    await simulator('/reject', { next: 1, codigoMsg: '003', clasificaMsg: '13', emisor: tenant.nit });
    const doc = await factura(correo);
    expect(doc.estado).toBe('REJECTED');
    return doc.codigoGeneracion;
  };

  const correosA = async (correo: string) =>
    ((await (await fetch(`${stack().maildev}/email`)).json()) as MaildevMessage[]).filter((m) =>
      m.to.some((t) => t.address === correo),
    );

  it('ResendDteWorkflow: a REJECTED document is not e-mailed, and the workflow ends with the API 409', async () => {
    const destino = `rechazada-${randomUUID()}@example.test`;
    const codigoGeneracion = await rechazada(destino);
    const res = await api('POST', `/dte/resend/${codigoGeneracion}`, tenant, { email: destino });
    expect(porApi(res)).toEqual([409, 'DOCUMENT_REJECTED']);

    expect(await porWorkflow(reenviar({ codigoGeneracion, to: destino }))).toEqual([409, 'DOCUMENT_REJECTED']);
    // Without `to` (the UI's form may leave it out) the receptor's address is not written to either.
    expect(await porWorkflow(reenviar({ codigoGeneracion }))).toEqual([409, 'DOCUMENT_REJECTED']);
    // The refusal came before the e-mail step: nothing was sent to the receptor, not even by the issuance.
    expect(await correosA(destino)).toEqual([]);
  });

  it('ResendDteWorkflow: no address, a malformed address and an unknown document, as the API', async () => {
    const sinCorreo = (await factura()).codigoGeneracion;
    expect(porApi(await api('POST', `/dte/resend/${sinCorreo}`, tenant, {}))).toEqual([400, 'EMAIL_NOT_AVAILABLE']);
    expect(await porWorkflow(reenviar({ codigoGeneracion: sinCorreo }))).toEqual([400, 'EMAIL_NOT_AVAILABLE']);

    const mal = 'no-es-un-correo';
    expect(porApi(await api('POST', `/dte/resend/${sinCorreo}`, tenant, { email: mal }))).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);
    expect(await porWorkflow(reenviar({ codigoGeneracion: sinCorreo, to: mal }))).toEqual([400, 'VALIDATION_ERROR']);

    const desconocido = randomUUID().toUpperCase();
    expect(porApi(await api('POST', `/dte/resend/${desconocido}`, tenant, {}))).toEqual([404, 'DOCUMENT_NOT_FOUND']);
    expect(await porWorkflow(reenviar({ codigoGeneracion: desconocido, to: 'x@example.test' }))).toEqual([
      404,
      'DOCUMENT_NOT_FOUND',
    ]);
  });

  it('ResendDteWorkflow: an accepted document is still resent (the guard lets through what the API does)', async () => {
    const destino = `reenvio-${randomUUID()}@example.test`;
    const { codigoGeneracion } = await factura();
    await expect(reenviar({ codigoGeneracion, to: destino })).resolves.toBe(true);
    await eventually('the resent e-mail in maildev', async () => (await correosA(destino)).length === 1);
  });

  it('InvalidateDteWorkflow: not PROCESSED, malformed, another emisor, the request of another document', async () => {
    const codigoGeneracion = await rechazada(`anular-${randomUUID()}@example.test`);
    expect(porApi(await api('POST', '/dte/anulacion', tenant, anulacionRescindida(codigoGeneracion)))).toEqual([
      400,
      'DOCUMENT_NOT_PROCESSED',
    ]);
    expect(await porWorkflow(anular(anulacion(codigoGeneracion)))).toEqual([400, 'DOCUMENT_NOT_PROCESSED']);

    const aceptada = (await factura()).codigoGeneracion;
    const { motivo: _m, ...sinMotivo } = anulacionRescindida(aceptada);
    expect(porApi(await api('POST', '/dte/anulacion', tenant, sinMotivo))).toEqual([400, 'VALIDATION_ERROR']);
    expect(await porWorkflow(anular(anulacion(aceptada, sinMotivo)))).toEqual([400, 'VALIDATION_ERROR']);
    // The request must name the workflow's document: the UI's form has both.
    expect(await porWorkflow(anular(anulacion(aceptada, anulacionRescindida(codigoGeneracion))))).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);

    const suyo = (
      await api('POST', '/dte/dte01', ajeno, {
        receptor: {},
        items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
        condicionOperacion: 1,
      })
    ).body.data.codigoGeneracion as string;
    expect(porApi(await api('POST', '/dte/anulacion', tenant, anulacionRescindida(suyo)))).toEqual([
      404,
      'DOCUMENT_NOT_FOUND',
    ]);
    expect(await porWorkflow(anular(anulacion(suyo)))).toEqual([404, 'DOCUMENT_NOT_FOUND']);
  });

  it('InvalidateDteWorkflow: a document already CANCELLED, and a CCF whose note is in force', async () => {
    const { codigoGeneracion } = await factura();
    expect((await api('POST', '/dte/anulacion', tenant, anulacionRescindida(codigoGeneracion))).status).toBe(200);
    expect(porApi(await api('POST', '/dte/anulacion', tenant, anulacionRescindida(codigoGeneracion)))).toEqual([
      409,
      'DOCUMENT_ALREADY_CANCELLED',
    ]);
    // The invalidation's workflow id is free again once it ended, as the UI finds it.
    expect(await porWorkflow(anular(anulacion(codigoGeneracion)))).toEqual([409, 'DOCUMENT_ALREADY_CANCELLED']);

    const ccf = await api('POST', '/dte/dte03', tenant, {
      receptor: contribuyente(),
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 10 }],
      condicionOperacion: 1,
    });
    expect(ccf.status).toBe(201);
    const original = ccf.body.data.codigoGeneracion as string;
    const nota = await api('POST', '/dte/dte05', tenant, {
      codigoGeneracion: original,
      items: [{ descripcion: 'Ajuste', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
    });
    expect(nota.status).toBe(201);
    expect(porApi(await api('POST', '/dte/anulacion', tenant, anulacionRescindida(original)))).toEqual([
      409,
      'DOCUMENT_HAS_RELATED',
    ]);
    expect(await porWorkflow(anular(anulacion(original)))).toEqual([409, 'DOCUMENT_HAS_RELATED']);
  });

  it('IssueDteWorkflow: no request the API stored, and a rehearsed contingency in ambiente PROD', async () => {
    const emitir = (input: IssueDteInput) =>
      temporal.workflow.execute(IssueDte.workflowType, {
        taskQueue,
        workflowId: IssueDte.workflowId(input.codigoGeneracion),
        args: [input],
      });
    const sinSolicitud = randomUUID().toUpperCase();
    expect(
      await porWorkflow(emitir({ tipo: 'FACTURA_CONSUMIDOR_FINAL', issuer, codigoGeneracion: sinSolicitud })),
    ).toEqual([400, 'VALIDATION_ERROR']);
    // Nothing was numbered: it does not read as a document waiting for MH.
    const { searchAttributes } = await temporal.workflow.getHandle(IssueDte.workflowId(sinSolicitud)).describe();
    expect(searchAttributes[SearchAttribute.estado]).toEqual([RECHAZADO_EN_API]);
    expect(await (await testDatabase()).models.Document.findById(sinSolicitud).lean()).toBeNull();

    const { Emisor } = (await testDatabase()).models;
    await Emisor.updateOne({ id: ajeno.emisorId }, { $set: { ambiente: '01' } });
    const ensayo = {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
      testContingencia: true,
    };
    const prod = await activeApiTokenByHash((await testDatabase()).models, hashToken(ajeno.token));
    const issuerProd: Issuer = {
      tokenId: prod!.id,
      emisorId: prod!.emisorId,
      establecimientoId: prod!.establecimientoId,
      puntoVentaId: prod!.puntoVentaId,
    };
    // The tenant cache (TENANT_CACHE_SECONDS) reaches the change within a second.
    await eventually('the API to see the emisor in PROD', async () => {
      expect(porApi(await api('POST', '/dte/dte01', ajeno, ensayo))).toEqual([400, 'VALIDATION_ERROR']);
      return true;
    });
    const ensayado = randomUUID().toUpperCase();
    expect(
      await porWorkflow(
        emitir({
          tipo: 'FACTURA_CONSUMIDOR_FINAL',
          issuer: issuerProd,
          codigoGeneracion: ensayado,
          request: ensayo,
          forzarContingencia: true,
        }),
      ),
    ).toEqual([400, 'VALIDATION_ERROR']);
    expect(await (await testDatabase()).models.Document.findById(ensayado).lean()).toBeNull();
  });

  it('RenderPdfWorkflow: a REJECTED document has no PDF, and an unknown one is not found', async () => {
    const codigoGeneracion = await rechazada(`pdf-${randomUUID()}@example.test`);
    const renderizar = (codigo: string) =>
      temporal.workflow.execute(RenderPdf.workflowType, {
        taskQueue,
        workflowId: `${RenderPdf.workflowId(codigo)}-${randomUUID()}`,
        args: [codigo],
      });
    expect(porApi(await api('GET', `/dte/pdf/${codigoGeneracion}`, tenant))).toEqual([409, 'PDF_NOT_AVAILABLE']);
    expect(await porWorkflow(renderizar(codigoGeneracion))).toEqual([409, 'PDF_NOT_AVAILABLE']);
    const desconocido = randomUUID().toUpperCase();
    expect(porApi(await api('GET', `/dte/pdf/${desconocido}`, tenant))).toEqual([404, 'DOCUMENT_NOT_FOUND']);
    expect(await porWorkflow(renderizar(desconocido))).toEqual([404, 'DOCUMENT_NOT_FOUND']);
  });
});

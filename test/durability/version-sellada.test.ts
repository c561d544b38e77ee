import { createHash } from 'node:crypto';
import { loadConfig } from '@dte/config';
import { mailAttachment, waitForMail, type MaildevMessage } from '../support/maildev';
import { eventually } from '../support/eventually';
import { enMh } from '../support/mh';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, enEstado, simulator, type TestTenant } from '../support/tenant';

/**
 * The version MH sealed is the version kept and delivered. MH keeps the first version of a codigoGeneracion it
 * receives; when its answer comes after the service's timeout the service may have issued the document in
 * contingencia meanwhile (re-signed, tipoModelo 2), a version MH never received. Whatever way the service
 * learns MH's verdict, the record, the Archivo DTE, the PDF and the e-mail carry the JWS MH sealed.
 */
describe('the version MH sealed', () => {
  let tenant: TestTenant;
  const config = () => loadConfig(stack().env);
  beforeAll(async () => {
    tenant = await createTestTenant();
    // The worker logs in to MH now, before the slow answers below.
    expect((await api('POST', '/dte/dte01', tenant, factura('calentamiento@example.test'))).status).toBe(201);
  });
  afterEach(async () => {
    await simulator('/latency', { ms: 0, emisor: tenant.nit });
  });
  afterAll(() => closeTestDatabase());

  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

  /** What MH holds of the document: its estado, sello and the SHA-256 of the JWS it sealed. */
  const factura = (correo: string, extra: object = {}) => ({
    receptor: { nombre: 'Ana Ruiz', tipoDocumento: '13', numDocumento: '012345678', correo },
    items: [{ descripcion: 'Con respuesta tardía', cantidad: 1, precioUnitario: 4.52 }],
    condicionOperacion: 1,
    ...extra,
  });

  /** The Archivo DTE of the newest e-mail to `correo` that carries a sello. */
  async function archivoSellado(correo: string, codigoGeneracion: string) {
    let json: Record<string, { tipoModelo?: number } & Record<string, unknown>> | undefined;
    await waitForMail((m: MaildevMessage) => {
      if (!m.to.some((t) => t.address === correo)) return false;
      return m.attachments?.some((a) => a.fileName === `${codigoGeneracion}.json`) ?? false;
    });
    const res = await fetch(`${stack().maildev}/email`);
    const mensajes = ((await res.json()) as MaildevMessage[]).filter((m) => m.to.some((t) => t.address === correo));
    for (const m of mensajes.reverse()) {
      const adjunto = m.attachments?.find((a) => a.fileName === `${codigoGeneracion}.json`);
      if (!adjunto) continue;
      const parsed = JSON.parse((await mailAttachment(m, adjunto.generatedFileName)).toString('utf8'));
      if (parsed.selloRecibido) {
        json = parsed;
        break;
      }
    }
    return json;
  }

  /** The record, the Archivo DTE and the last e-mail carry the JWS MH sealed, with MH's sello. */
  async function esLaSellada(codigoGeneracion: string, correo: string, tipoModelo: 1 | 2) {
    const doc = await enEstado(codigoGeneracion, 'PROCESSED');
    const mh = (await enMh(codigoGeneracion))!.registrado!;
    expect([mh.estado, sha256(doc.dteFirmado)]).toEqual(['PROCESADO', mh.firmaSha256]);
    expect(doc.selloRecibido).toBe(mh.selloRecibido);
    expect(doc.dteJson.identificacion).toMatchObject({ tipoModelo, tipoOperacion: tipoModelo });

    const archivo = await api('GET', `/dte/${codigoGeneracion}/json`, tenant);
    expect(archivo.status).toBe(200);
    expect(sha256(archivo.body.firmaElectronica)).toBe(mh.firmaSha256);
    expect(archivo.body).toMatchObject({ selloRecibido: mh.selloRecibido, identificacion: { tipoModelo } });

    const enviado = await eventually('the sealed e-mail', () => archivoSellado(correo, codigoGeneracion));
    expect(sha256(String(enviado.firmaElectronica))).toBe(mh.firmaSha256);
    return doc;
  }

  it('keeps the normal send MH sealed after the timeout of every try, not the contingency version', async () => {
    // Each exchange with MH is answered after the service gave up on it: MH processes the first send, the
    // service hears nothing and issues the document in contingencia (tipoModelo 2) after MH's retry policy.
    await simulator('/latency', { ms: config().MH_TIMEOUT_MS + 1500, emisor: tenant.nit });
    const correo = `tardia-${Date.now()}@example.test`;
    const res = await api('POST', '/dte/dte01', tenant, factura(correo));
    expect([res.status, res.body.data.estado, res.body.data.dteJson.identificacion.tipoModelo]).toEqual([
      201,
      'CONTINGENCIA',
      2,
    ]);
    await simulator('/latency', { ms: 0, emisor: tenant.nit });
    const { codigoGeneracion } = res.body.data;
    expect((await enMh(codigoGeneracion))?.registrado?.estado).toBe('PROCESADO');

    const doc = await esLaSellada(codigoGeneracion, correo, 1);
    // The contingency version the receptor got meanwhile is kept, as what it was.
    expect(doc.versionProvisional.dteJson.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2 });
    expect(doc.envioNormal).toBeNull();
  });

  it('keeps the send MH sealed when only the first try is answered late', async () => {
    // Every send is answered late, consultadte on time: the second try's consult finds the first send sealed.
    await simulator('/latency', { ms: config().MH_TIMEOUT_MS + 1000, ruta: '/fesv/recepciondte', emisor: tenant.nit });
    const correo = `primera-${Date.now()}@example.test`;
    const res = await api('POST', '/dte/dte01', tenant, factura(correo));
    expect([res.status, res.body.data.estado]).toEqual([201, 'PROCESSED']);
    const doc = await esLaSellada(res.body.data.codigoGeneracion, correo, 1);
    expect(doc.versionProvisional).toBeNull();
  });

  it('keeps the lote version MH sealed when the lote is answered late and sent again', async () => {
    // Issued in contingencia from the start (ambiente TEST): the contingency version is the only one MH gets,
    // by lote. The first lote is answered after the timeout; sent again, MH refuses its copy as a duplicate
    // (004), which is MH holding the document, not rejecting it.
    await simulator('/latency', { ms: config().MH_TIMEOUT_MS + 1000, ruta: '/fesv/recepcionlote', emisor: tenant.nit });
    const correo = `lote-${Date.now()}@example.test`;
    const res = await api('POST', '/dte/dte01', tenant, factura(correo, { testContingencia: true }));
    expect([res.status, res.body.data.estado]).toEqual([201, 'CONTINGENCIA']);
    const { codigoGeneracion } = res.body.data;
    await eventually(
      'MH to seal the first lote',
      async () => (await enMh(codigoGeneracion))?.registrado?.estado === 'PROCESADO',
    );
    await simulator('/latency', { ms: 0, emisor: tenant.nit });

    const doc = await esLaSellada(codigoGeneracion, correo, 2);
    expect(doc.versionProvisional).toBeNull();
  });
});

import { execFile } from 'node:child_process';
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { Auditoria, EnlacesDocumentos, hashEnlaceDocumento } from '@dte/store';
import { eventually } from '../support/eventually';
import { anulacionRescindida } from '../support/fixtures';
import { waitForMail, type MaildevMessage } from '../support/maildev';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

interface Respuesta {
  status: number;
  tipo: string;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/**
 * A plain GET, no token, from an address of loopback of its own (127.x.y.z): the public pages are limited
 * per address, so each step counts its own requests whatever else the suite opened.
 */
const nuevaDireccion = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
function abrir(url: string, desde = nuevaDireccion()): Promise<Respuesta> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress: desde }, (res) => {
        const partes: Buffer[] = [];
        res.on('data', (p: Buffer) => partes.push(p));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            tipo: String(res.headers['content-type']),
            body: Buffer.concat(partes),
            headers: res.headers,
          }),
        );
      })
      .on('error', reject);
  });
}

/** `npm run admin -- …` against the test stack's database; answers what it printed (JSON). */
async function admin(...args: string[]): Promise<unknown> {
  const { stdout } = await exec('node', ['apps/api/dist/admin/cli.js', ...args], {
    env: { ...process.env, ...stack().env },
  });
  return JSON.parse(stdout);
}

const tokenDe = (url: string) => new URL(url).pathname.split('/').at(-1)!;

/**
 * The share link of a document (issue 53) on the real stack: made by POST /dte/{cg}/enlace and by the
 * document's e-mail, opened with no token, counted, revoked, expired; every token that opens nothing gets
 * the same 404; an address that asks too often gets 429.
 */
describe('share links of documents', () => {
  let a: TestTenant;
  let b: TestTenant;
  let enlaces: EnlacesDocumentos;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant(), createTestTenant()]);
    enlaces = new EnlacesDocumentos((await testDatabase()).connection);
  });
  afterAll(() => closeTestDatabase());

  async function factura(tenant: TestTenant, receptor: Record<string, unknown> = {}) {
    const res = await api('POST', '/dte/dte01', tenant, {
      receptor,
      items: [{ descripcion: 'Martillo', cantidad: 2, precioUnitario: 7.5 }],
      condicionOperacion: 1,
    });
    if (res.status !== 201) throw new Error(`Factura not issued: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { codigoGeneracion: string; numeroControl: string; total: string };
  }

  let noEncontrado: Respuesta;
  beforeAll(async () => {
    noEncontrado = await abrir(`${stack().api}/d/${'x'.repeat(43)}`);
  });

  it('opens a Factura’s page without a token: its PDF, its Archivo DTE, MH’s link; counted; revoked → 404', async () => {
    const doc = await factura(a, { nombre: 'Ana López', telefono: '7777-8888' });
    const res = await api('POST', `/dte/${doc.codigoGeneracion.toLowerCase()}/enlace`, a);
    expect(res.status).toBe(201);
    const { url, expiraEn, whatsapp } = res.body.data;
    expect(res.body.data.codigoGeneracion).toBe(doc.codigoGeneracion);
    // 43 characters: 32 random bytes in base64url.
    expect(url).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
    const dias = (Date.parse(expiraEn) - Date.now()) / 86_400_000;
    expect(dias).toBeGreaterThan(89.9);
    expect(dias).toBeLessThanOrEqual(90);
    // The receptor's 8 digits with El Salvador's 503, and a message that carries the link.
    expect(whatsapp.startsWith('https://wa.me/50377778888?text=')).toBe(true);
    expect(decodeURIComponent(whatsapp.split('?text=')[1])).toContain(url);
    expect(whatsapp).toContain(encodeURIComponent(url));
    // Only the hash of the token is stored.
    const db = await testDatabase();
    const guardado = await db.connection
      .collection('enlaces_documentos')
      .findOne({ _id: hashEnlaceDocumento(tokenDe(url)) } as never);
    expect(guardado).toMatchObject({ emisorId: a.emisorId, codigoGeneracion: doc.codigoGeneracion });
    expect(JSON.stringify(guardado)).not.toContain(tokenDe(url));

    const desde = nuevaDireccion();
    const pagina = await abrir(url, desde);
    expect(pagina.status).toBe(200);
    expect(pagina.tipo).toMatch(/^text\/html/);
    const html = pagina.body.toString();
    expect(html).toContain(doc.numeroControl);
    expect(html).toContain(doc.codigoGeneracion);
    expect(html).toContain('Factura');
    expect(html).toContain('Descargar PDF');
    expect(html).toContain('Descargar Archivo DTE (JSON)');
    expect(html).toContain('https://admin.factura.gob.sv/consultaPublica?');
    expect(html).not.toContain('Documento invalidado');
    expect(pagina.headers['content-security-policy']).toContain("default-src 'none'");
    expect(pagina.headers['referrer-policy']).toBe('no-referrer');

    const pdf = await abrir(`${url}/pdf`, desde);
    expect([pdf.status, pdf.tipo]).toEqual([200, 'application/pdf']);
    expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
    const json = await abrir(`${url}/json`, desde);
    expect(json.status).toBe(200);
    const archivo = JSON.parse(json.body.toString());
    expect(archivo.identificacion.codigoGeneracion).toBe(doc.codigoGeneracion);
    expect(archivo.selloRecibido).toMatch(/^[A-Z0-9]{40}$/);

    expect(await enlaces.accesos(tokenDe(url))).toBe(1);
    await abrir(url);
    expect(await enlaces.accesos(tokenDe(url))).toBe(2);
    expect(await enlaces.accesosDelDocumento(a.emisorId, doc.codigoGeneracion)).toBe(2);

    const revocado = await api('DELETE', `/dte/${doc.codigoGeneracion}/enlace`, a);
    expect(revocado.status).toBe(200);
    expect(revocado.body.data).toEqual({ codigoGeneracion: doc.codigoGeneracion, revocados: true });
    for (const ruta of ['', '/pdf', '/json']) {
      const despues = await abrir(`${url}${ruta}`);
      expect([ruta, despues.status, despues.body.toString()]).toEqual([ruta, 404, noEncontrado.body.toString()]);
    }
    // A link made after the revocation works.
    const nuevo = await api('POST', `/dte/${doc.codigoGeneracion}/enlace`, a);
    expect((await abrir(nuevo.body.data.url)).status).toBe(200);
    // The document's count adds up its links' views; the revoked link's 404s are none.
    expect(await enlaces.accesos(nuevo.body.data.url.split('/').at(-1))).toBe(1);
    expect(await enlaces.accesosDelDocumento(a.emisorId, doc.codigoGeneracion)).toBe(3);

    const { entradas } = await new Auditoria(db.connection).pagina(
      a.emisorId,
      { codigoGeneracion: doc.codigoGeneracion },
      null,
      10,
    );
    expect(entradas.map((e) => e.accion).filter((x) => x.startsWith('ENLACE'))).toEqual([
      'ENLACE_CREADO',
      'ENLACE_REVOCADO',
      'ENLACE_CREADO',
    ]);
  });

  it('answers an expired link, a guessed one and any other path as an unknown one: the same 404', async () => {
    const doc = await factura(a);
    const hace = new Date(Date.now() - 3 * 86_400_000);
    const { token } = await enlaces.crear(a.emisorId, doc.codigoGeneracion, 2, 'prueba', hace);
    const vencido = await abrir(`${stack().api}/d/${token}`);
    expect(vencido.status).toBe(404);
    expect(vencido.body.toString()).toBe(noEncontrado.body.toString());
    expect(noEncontrado.status).toBe(404);
    expect(noEncontrado.tipo).toMatch(/^text\/html/);
    expect(noEncontrado.body.toString()).toContain('El enlace no es válido o ya no está disponible');
    expect(noEncontrado.body.toString()).not.toContain(doc.codigoGeneracion);
    const otra = await abrir(`${stack().api}/d/${token}/otra-cosa`);
    expect([otra.status, otra.body.toString()]).toEqual([404, noEncontrado.body.toString()]);
    // A day's validity of the emisor's own (admin CLI): a new link expires a day from now.
    expect(await admin('emisor', 'enlace-vigencia', '--emisor', String(a.emisorId), '--dias', '1')).toMatchObject({
      emisorId: a.emisorId,
      enlaceVigenciaDias: 1,
      anterior: null,
    });
    await expect(admin('emisor', 'enlace-vigencia', '--emisor', String(a.emisorId), '--dias', '0')).rejects.toThrow(
      /--dias must be a whole number/,
    );
    const unDia = await eventuallyDias(doc.codigoGeneracion, 1);
    expect(unDia).toBeLessThanOrEqual(1);
    await admin('emisor', 'enlace-vigencia', '--emisor', String(a.emisorId), '--servicio');
  });

  /** The days of a new link's validity once the emisor's setting reached the API (its tenant cache). */
  async function eventuallyDias(codigoGeneracion: string, esperados: number): Promise<number> {
    return eventually(`a link valid ${esperados} day(s)`, async () => {
      const res = await api('POST', `/dte/${codigoGeneracion}/enlace`, a);
      const dias = (Date.parse(res.body.data.expiraEn) - Date.now()) / 86_400_000;
      return dias > esperados - 0.01 && dias <= esperados ? dias : undefined;
    });
  }

  it('never reaches another emisor’s document', async () => {
    const deA = await factura(a);
    const res = await api('POST', `/dte/${deA.codigoGeneracion}/enlace`, b);
    expect([res.status, res.body.code]).toEqual([404, 'DOCUMENT_NOT_FOUND']);
    expect((await api('DELETE', `/dte/${deA.codigoGeneracion}/enlace`, b)).status).toBe(404);
    // B revoking its own document's links leaves A's link of A's document open.
    const deB = await factura(b);
    const enlaceA = (await api('POST', `/dte/${deA.codigoGeneracion}/enlace`, a)).body.data.url;
    expect((await api('DELETE', `/dte/${deB.codigoGeneracion}/enlace`, b)).status).toBe(200);
    const pagina = await abrir(enlaceA);
    expect(pagina.status).toBe(200);
    expect(pagina.body.toString()).toContain(deA.numeroControl);
    expect(pagina.body.toString()).not.toContain(deB.numeroControl);
  });

  it('shows an invalidated document as invalidated', async () => {
    const doc = await factura(a);
    const { url } = (await api('POST', `/dte/${doc.codigoGeneracion}/enlace`, a)).body.data;
    expect((await api('POST', '/dte/anulacion', a, anulacionRescindida(doc.codigoGeneracion))).status).toBe(200);
    const pagina = await abrir(url);
    expect(pagina.status).toBe(200);
    expect(pagina.body.toString()).toContain('Documento invalidado');
    expect(pagina.body.toString()).toContain('Anulado');
  });

  it('e-mails the receptor a link that opens the document’s page', async () => {
    const correo = `enlace-${Date.now()}@example.test`;
    const doc = await factura(a, { nombre: 'Beto Ruiz', correo });
    const mail = (await waitForMail(
      (m) => m.to.some((t) => t.address === correo) && m.subject.includes(doc.numeroControl),
    )) as MaildevMessage & { text: string; html: string };
    const enlace = /Ver su documento en línea: (\S+)/.exec(mail.text)?.[1];
    expect(enlace).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`<a href="${enlace}">Ver su documento en línea</a>`);
    const pagina = await abrir(enlace!);
    expect(pagina.status).toBe(200);
    expect(pagina.body.toString()).toContain(doc.numeroControl);
  });

  it('refuses an address that asks more than ENLACE_PEDIDOS_POR_MINUTO times a minute: 429 in Spanish', async () => {
    const limite = Number(stack().env.ENLACE_PEDIDOS_POR_MINUTO);
    expect(limite).toBe(10);
    const desde = nuevaDireccion();
    const url = `${stack().api}/d/${'y'.repeat(43)}`;
    for (let i = 0; i < limite; i++) expect((await abrir(url, desde)).status).toBe(404);
    const negado = await abrir(url, desde);
    expect(negado.status).toBe(429);
    expect(negado.tipo).toMatch(/^text\/html/);
    expect(negado.body.toString()).toContain('Demasiadas solicitudes');
    expect(negado.headers['retry-after']).toBeDefined();
    // Another address is not held back.
    expect((await abrir(url)).status).toBe(404);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Remitente } from '@dte/domain';
import { adjuntosQueCaben, createMailer, DIAS_ENLACE, dteMessage, type Mailer } from '../src/mail';
import { documentos, SELLO as SELLO_2026 } from './documentos';

// maildev ships no types; this is the part of its in-process API the test uses.
interface MailDevServer {
  listen(): Promise<void>;
  close(callback: () => void): void;
  once(event: 'new', listener: (mail: { id: string; subject: string }) => void): void;
  /** The smtp-server instance; its net.Server shows how many TCP connections clients opened. */
  smtp: { server: import('node:net').Server };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MailDev: new (options: Record<string, unknown>) => MailDevServer = require('maildev');

interface StoredMail {
  id: string;
  messageId: string;
  subject: string;
  text: string;
  html: string;
  from: { address: string; name: string }[];
  replyTo?: { address: string; name: string }[];
  to: { address: string }[];
  attachments: { fileName: string; generatedFileName: string; contentType: string }[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const dte = {
  identificacion: {
    version: 1,
    ambiente: '00',
    tipoDte: '01',
    numeroControl: 'DTE-01-M001P001-000000000000042',
    codigoGeneracion: 'D2F1C7A0-3B4E-4C5D-8E9F-0A1B2C3D4E5F',
    tipoModelo: 1,
    tipoOperacion: 1,
    tipoContingencia: null,
    motivoContin: null,
    fecEmi: '2025-10-14',
    horEmi: '09:41:07',
    tipoMoneda: 'USD',
  },
  emisor: { nit: '06141804941035', nombre: 'Distribuidora Cuscatlán, S.A. de C.V.' },
  receptor: {
    tipoDocumento: '13',
    numDocumento: '01234567-8',
    nombre: 'María <José> Hernández',
    correo: 'maria@example.com',
  },
  cuerpoDocumento: [
    { numItem: 1, descripcion: 'Taladro percutor 750W', cantidad: 1, precioUni: 56.5, ventaGravada: 56.5 },
  ],
  resumen: { totalPagar: 56.5, totalLetras: 'CINCUENTA Y SEIS 50/100 DÓLARES' },
};
const SELLO = '2025A1B2C3D4E5F60718293A4B5C6D7E8F9ABCDE';
// The file MH prescribes for the receptor: the DTE with its signature and seal appended.
const delivered = { ...dte, firmaElectronica: 'eyJhbGciOiJSUzUxMiJ9.e30.c2ln', selloRecibido: SELLO };
const PDF = Buffer.from('%PDF-1.4\n% a stand-in: the mailer only carries the bytes\n%%EOF\n');

describe('createMailer', () => {
  let maildev: MailDevServer;
  let mailDir: string;
  let web: string;
  let mailer: Mailer;

  beforeAll(async () => {
    const [smtpPort, webPort] = [await freePort(), await freePort()];
    mailDir = await mkdtemp(join(tmpdir(), 'dte-maildev-'));
    maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', mailDirectory: mailDir, silent: true });
    await maildev.listen();
    web = `http://127.0.0.1:${webPort}`;
    mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'DTE Cuscatlán <dte@cuscatlan.example>' });
  });

  afterAll(async () => {
    mailer.close();
    await new Promise<void>((resolve) => maildev.close(resolve));
    await rm(mailDir, { recursive: true, force: true });
  });

  async function send(to: string, subject?: string, clave?: string, remitente?: Remitente) {
    const arrived = new Promise<{ id: string }>((resolve) => maildev.once('new', resolve));
    const sent = await mailer.send(
      dteMessage({
        to,
        subject,
        clave,
        dte,
        tipoNombre: 'FACTURA',
        selloRecibido: SELLO,
        pdf: PDF,
        json: Buffer.from(JSON.stringify(delivered)),
        emisorNombre: 'Distribuidora Cuscatlán',
        remitente,
      }),
    );
    const { id } = await arrived;
    const stored = (await (await fetch(`${web}/email/${id}`)).json()) as StoredMail;
    return { sent, stored };
  }

  it('delivers the DTE with its JSON and PDF attached', async () => {
    const { sent, stored } = await send('maria@example.com');

    expect(sent.accepted).toEqual(['maria@example.com']);
    expect(sent.messageId).toMatch(/@/);
    expect(stored.to.map((t) => t.address)).toEqual(['maria@example.com']);
    expect(stored.from.map((f) => f.address)).toEqual(['dte@cuscatlan.example']);
    expect(stored.subject).toBe('Distribuidora Cuscatlán: FACTURA DTE-01-M001P001-000000000000042');
    for (const body of [stored.text, stored.html]) {
      expect(body).toContain('FACTURA');
      expect(body).toContain(dte.identificacion.codigoGeneracion);
      expect(body).toContain(dte.identificacion.numeroControl);
      expect(body).toContain(SELLO);
      expect(body).toContain('$56.50');
    }
    expect(stored.text).toContain('Estimado(a) María <José> Hernández:');
    expect(stored.html).toContain('María &lt;José&gt; Hernández');
    expect(stored.text).toContain(
      'https://admin.factura.gob.sv/consultaPublica?ambiente=00&codGen=D2F1C7A0-3B4E-4C5D-8E9F-0A1B2C3D4E5F&fechaEmi=2025-10-14',
    );

    const byName = new Map(stored.attachments.map((a) => [a.fileName, a]));
    expect([...byName.keys()].sort()).toEqual([
      `${dte.identificacion.codigoGeneracion}.json`,
      `${dte.identificacion.codigoGeneracion}.pdf`,
    ]);
    const json = byName.get(`${dte.identificacion.codigoGeneracion}.json`)!;
    const pdf = byName.get(`${dte.identificacion.codigoGeneracion}.pdf`)!;
    expect(json.contentType).toBe('application/json');
    expect(pdf.contentType).toBe('application/pdf');

    const download = (a: { generatedFileName: string }) =>
      fetch(`${web}/email/${stored.id}/attachment/${a.generatedFileName}`);
    expect(await (await download(json)).json()).toEqual(delivered);
    expect(Buffer.from(await (await download(pdf)).arrayBuffer())).toEqual(PDF);
  });

  it('sends later messages over its pooled connection and honours a given subject', async () => {
    let opened = 0;
    const count = () => opened++;
    maildev.smtp.server.on('connection', count);
    const first = await send('a@example.com', 'Su factura');
    const second = await send('b@example.com', 'Su factura');
    maildev.smtp.server.off('connection', count);
    expect(opened).toBe(0);
    expect(first.stored.subject).toBe('Su factura');
    expect(second.sent.accepted).toEqual(['b@example.com']);
    expect(second.stored.attachments).toHaveLength(2);
  });

  it('gives a message with a key the same Message-ID every time it is sent, on the From domain; others a new one', async () => {
    const clave = 'dte-D2F1C7A0-3B4E-4C5D-8E9F-0A1B2C3D4E5F.7';
    const primero = await send('c@example.com', undefined, clave);
    const otraVez = await send('c@example.com', undefined, clave);
    const sinClave = await send('c@example.com');
    expect(primero.sent.messageId).toBe(`<${clave}@cuscatlan.example>`);
    expect(otraVez.stored.messageId).toBe(primero.stored.messageId);
    expect(primero.stored.messageId).toBe(`${clave}@cuscatlan.example`);
    expect(sinClave.stored.messageId).not.toBe(primero.stored.messageId);
  });

  it("sends as the emisor's name on MAIL_FROM's address, with the emisor's Reply-To and Message-ID domain kept", async () => {
    const nombre = 'Ferretería "El Martillo", S.A.';
    const { sent, stored } = await send('d@example.com', undefined, 'clave-remitente', {
      nombre,
      responderA: 'ventas@martillo.example',
    });
    expect(stored.from).toEqual([{ address: 'dte@cuscatlan.example', name: nombre }]);
    expect(stored.replyTo).toEqual([{ address: 'ventas@martillo.example', name: '' }]);
    expect(sent.messageId).toBe('<clave-remitente@cuscatlan.example>');
    expect(stored.text).toContain(
      'Si tiene preguntas sobre este documento, responda a este mensaje: su respuesta llegará a Distribuidora Cuscatlán (ventas@martillo.example).',
    );
    expect(stored.text).not.toContain('no lo responda');

    const soloNombre = await send('e@example.com', undefined, undefined, { nombre: 'Cuscatlán', responderA: null });
    expect(soloNombre.stored.from).toEqual([{ address: 'dte@cuscatlan.example', name: 'Cuscatlán' }]);
    expect(soloNombre.stored.replyTo).toBeUndefined();
    expect(soloNombre.stored.text).toContain('Este es un mensaje automático; por favor no lo responda.');
  });
});

describe('dteMessage', () => {
  it.each(documentos)('names the receptor, the document and its total of a $nombre', (d) => {
    const message = dteMessage({
      to: 'receptor@example.com',
      dte: d.dte,
      tipoNombre: d.tipoNombre,
      selloRecibido: SELLO_2026,
      pdf: PDF,
      json: Buffer.from(JSON.stringify(d.dte)),
      emisorNombre: 'Demo DTE',
    });

    const { numeroControl, codigoGeneracion } = d.dte.identificacion;
    expect(message.text).toContain(`Estimado(a) ${d.receptor}:`);
    expect(message.text).toContain(`Tipo de documento: ${d.tipoNombre}`);
    expect(message.text).toContain(`Código de generación: ${codigoGeneracion}`);
    expect(message.text).toContain(`Monto total: ${d.total[1]}`);
    if (numeroControl) {
      expect(message.subject).toBe(`Demo DTE: ${d.tipoNombre} ${numeroControl}`);
      expect(message.text).toContain(`Número de control: ${numeroControl}`);
    } else {
      // The Evento de Retorno has no numeroControl.
      expect(message.subject).toBe('Demo DTE: EVENTO DE RETORNO');
      expect(message.text).not.toContain('Número de control');
    }
    expect(message.html).toContain(`<p>Estimado(a) ${d.receptor}:</p>`);
    expect(message.html).toMatch(new RegExp(`<th align="left">Monto total:</th>\\s*<td>\\${d.total[1]}</td>`));
  });
});

describe('a DTE e-mail within MAIL_MAX_BYTES', () => {
  const d = documentos[0]!;
  const base = {
    to: 'receptor@example.com',
    dte: d.dte,
    tipoNombre: d.tipoNombre,
    selloRecibido: SELLO_2026,
    emisorNombre: 'Demo DTE',
  };

  it('attaches both files while they fit, encoded (4 bytes per 3) with 64 KiB for the rest', () => {
    // 3 MB + 3 MB raw are 8 MB encoded: within 10 MB, not within 8 MB.
    const mb3 = Buffer.alloc(3_000_000);
    expect(adjuntosQueCaben(mb3, mb3, 10_000_000)).toEqual({ json: true, pdf: true });
    expect(adjuntosQueCaben(mb3, mb3, 8_000_000)).toEqual({ json: true, pdf: false });
    expect(adjuntosQueCaben(Buffer.alloc(7_000_000), mb3, 8_000_000)).toEqual({ json: false, pdf: false });
  });

  it('links, instead of attaching, the files that do not fit, and says so', () => {
    const message = dteMessage({
      ...base,
      json: Buffer.from('{}'),
      pdf: { enlace: 'https://almacen.example/dte.pdf?firma=1' },
    });
    expect(message.attachments?.map((a) => a.filename)).toEqual([`${d.dte.identificacion.codigoGeneracion}.json`]);
    expect(message.text).toContain('Se adjunta el documento en formato JSON (archivo electrónico oficial).');
    expect(message.text).toContain(
      `Por su tamaño, descargue su versión legible en PDF con el enlace siguiente (válido ${DIAS_ENLACE} días):\nhttps://almacen.example/dte.pdf?firma=1`,
    );
    expect(message.html).toContain('<a href="https://almacen.example/dte.pdf?firma=1">');
  });

  it('links the document’s page, its share link, to be seen online', () => {
    const message = dteMessage({ ...base, json: Buffer.from('{}'), pdf: PDF, enLinea: 'https://dte.example/d/abc' });
    expect(message.text).toContain('\nVer su documento en línea: https://dte.example/d/abc\n');
    expect(message.html).toContain('<a href="https://dte.example/d/abc">Ver su documento en línea</a>');
    expect(dteMessage({ ...base, json: Buffer.from('{}'), pdf: PDF }).text).not.toContain('en línea');
  });

  it('says first, subject included, that an invalidated document is no longer valid', () => {
    const message = dteMessage({ ...base, json: Buffer.from('{}'), pdf: PDF, invalidado: true });
    expect(message.subject).toMatch(/^INVALIDADO - Demo DTE: /);
    expect(message.text.split('\n')[2]).toMatch(/^DOCUMENTO INVALIDADO: /);
  });
});

import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { simpleParser } from 'mailparser';
import { extraerArchivos } from '../src/compras/buzon-adjuntos';
import { busquedaPendientes, MARCA_TOMADO, marcaDelBuzon } from '../src/compras/buzon';

/** An Archivo DTE as a supplier's system attaches it: what identifies it, and MH's sello at its end. */
function archivoDte(codigoGeneracion: string) {
  return {
    identificacion: {
      version: 3,
      ambiente: '00',
      tipoDte: '03',
      numeroControl: 'DTE-03-M001P001-000000000000007',
      codigoGeneracion,
      fecEmi: '2026-11-20',
    },
    emisor: { nit: '06142803901121', nrc: '2345678', nombre: 'Proveedor S.A. de C.V.' },
    receptor: { nit: '06140101001010', nrc: '1234567', nombre: 'Comprador S.A.' },
    selloRecibido: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8',
  };
}
const CG1 = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
const CG2 = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';
const PDF1 = Buffer.from('%PDF-1.4 primero');
const PDF2 = Buffer.from('%PDF-1.4 segundo');

/** The raw message nodemailer builds (MIME, base64 attachments), parsed back as the mailbox reader does. */
async function correo(options: Mail.Options) {
  const raw = await new MailComposer({
    from: 'Proveedor <facturacion@proveedor.com.sv>',
    to: 'compras@comprador.com.sv',
    subject: 'Documento tributario electrónico',
    text: 'Adjuntamos su documento.',
    ...options,
  })
    .compile()
    .build();
  return simpleParser(raw);
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the Archivos DTE of a supplier’s e-mail', () => {
  it('takes the JSON with the PDF of the same name', async () => {
    const { archivos, problemas } = await extraerArchivos(
      await correo({
        attachments: [
          { filename: `${CG1}.json`, content: json(archivoDte(CG1)), contentType: 'application/json' },
          { filename: `${CG1}.pdf`, content: PDF1, contentType: 'application/pdf' },
        ],
      }),
    );
    expect(problemas).toEqual([]);
    expect(archivos).toEqual([{ nombre: `${CG1}.json`, json: json(archivoDte(CG1)), pdf: PDF1 }]);
  });

  it('pairs each of several JSONs with its own PDF', async () => {
    const { archivos } = await extraerArchivos(
      await correo({
        attachments: [
          { filename: `${CG2}.pdf`, content: PDF2 },
          { filename: `${CG1}.json`, content: json(archivoDte(CG1)) },
          { filename: `${CG1}.pdf`, content: PDF1 },
          { filename: `${CG2}.json`, content: json(archivoDte(CG2)) },
        ],
      }),
    );
    expect(archivos.map((a) => [a.nombre, a.pdf])).toEqual([
      [`${CG1}.json`, PDF1],
      [`${CG2}.json`, PDF2],
    ]);
  });

  it('pairs a lone JSON with a lone PDF of another name, and leaves a JSON among several without one', async () => {
    const uno = await extraerArchivos(
      await correo({
        attachments: [
          { filename: 'DTE.json', content: json(archivoDte(CG1)) },
          { filename: 'Factura 118.pdf', content: PDF1 },
        ],
      }),
    );
    expect(uno.archivos.map((a) => a.pdf)).toEqual([PDF1]);
    const dos = await extraerArchivos(
      await correo({
        attachments: [
          { filename: 'a.json', content: json(archivoDte(CG1)) },
          { filename: 'b.json', content: json(archivoDte(CG2)) },
          { filename: 'Factura.pdf', content: PDF1 },
        ],
      }),
    );
    expect(dos.archivos.map((a) => a.pdf)).toEqual([null, null]);
  });

  it('recognises a JSON by its name whatever type the sender gave it, and drops a BOM', async () => {
    const conBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json(archivoDte(CG1))]);
    const { archivos } = await extraerArchivos(
      await correo({
        attachments: [{ filename: `${CG1}.JSON`, content: conBom, contentType: 'application/octet-stream' }],
      }),
    );
    expect(archivos.map((a) => a.json)).toEqual([json(archivoDte(CG1))]);
  });

  it('finds the DTE inside a message forwarded as an attachment', async () => {
    const original = await new MailComposer({
      from: 'facturacion@proveedor.com.sv',
      subject: 'DTE',
      attachments: [
        { filename: `${CG1}.json`, content: json(archivoDte(CG1)) },
        { filename: `${CG1}.pdf`, content: PDF1 },
      ],
    })
      .compile()
      .build();
    const { archivos, problemas } = await extraerArchivos(
      await correo({ attachments: [{ filename: 'reenviado.eml', content: original, contentType: 'message/rfc822' }] }),
    );
    expect(problemas).toEqual([]);
    expect(archivos).toEqual([{ nombre: `${CG1}.json`, json: json(archivoDte(CG1)), pdf: PDF1 }]);
  });

  it('reports a message with no JSON, naming what it carried', async () => {
    expect(await extraerArchivos(await correo({}))).toEqual({
      archivos: [],
      problemas: [{ adjunto: null, motivo: 'SIN_ARCHIVO_DTE', detalle: 'el mensaje no trae adjuntos' }],
    });
    expect(await extraerArchivos(await correo({ attachments: [{ filename: 'Factura.pdf', content: PDF1 }] }))).toEqual({
      archivos: [],
      problemas: [{ adjunto: null, motivo: 'SIN_ARCHIVO_DTE', detalle: 'ningún adjunto JSON entre Factura.pdf' }],
    });
  });

  it('reports a JSON that does not parse and one that is not an Archivo DTE, and still takes the good one', async () => {
    const sinCodigo = archivoDte(CG2) as { identificacion: Record<string, unknown> };
    delete sinCodigo.identificacion.codigoGeneracion;
    const { archivos, problemas } = await extraerArchivos(
      await correo({
        attachments: [
          { filename: 'roto.json', content: '{"identificacion": ' },
          { filename: 'otro.json', content: json(sinCodigo) },
          { filename: `${CG1}.json`, content: json(archivoDte(CG1)) },
        ],
      }),
    );
    expect(archivos.map((a) => a.nombre)).toEqual([`${CG1}.json`]);
    expect(problemas).toEqual([
      { adjunto: 'roto.json', motivo: 'JSON_INVALIDO', detalle: expect.stringContaining('JSON') },
      {
        adjunto: 'otro.json',
        motivo: 'NO_ES_ARCHIVO_DTE',
        detalle: expect.stringMatching(/: identificacion\.codigoGeneracion: [^;]+$/),
      },
    ]);
  });
});

describe('the mark of a taken message', () => {
  it('is the keyword where the mailbox keeps keywords, \\Flagged where it does not', () => {
    expect(marcaDelBuzon({ permanentFlags: new Set(['\\Seen', '\\Flagged', '\\*']) })).toBe(MARCA_TOMADO);
    // Microsoft 365's INBOX: no `\*`, so no keyword of the client's own survives.
    expect(
      marcaDelBuzon({ permanentFlags: new Set(['\\Seen', '\\Answered', '\\Flagged', '\\Deleted', '\\Draft']) }),
    ).toBe('\\Flagged');
  });

  it('is what the search for pending messages excludes, from `desde` on', () => {
    expect(busquedaPendientes(MARCA_TOMADO, null)).toEqual({ unKeyword: MARCA_TOMADO });
    expect(busquedaPendientes('\\Flagged', '2026-11-01')).toEqual({ flagged: false, since: '2026-11-01' });
  });
});

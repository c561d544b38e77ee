import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import type { MotivoBuzon } from '@dte/contract';
import { DteError, identificarCompra } from '@dte/domain';

/** An Archivo DTE found in a message, with the PDF sent beside it (if any). */
export interface ArchivoDelCorreo {
  /** The attachment's file name. */
  nombre: string;
  json: Buffer;
  pdf: Buffer | null;
}

/** A message, or one attachment of it, that gave no Archivo DTE. */
export interface ProblemaDelCorreo {
  adjunto: string | null;
  motivo: MotivoBuzon;
  detalle: string;
}

export interface ContenidoDelCorreo {
  archivos: ArchivoDelCorreo[];
  problemas: ProblemaDelCorreo[];
}

/** Messages forwarded as attachments are opened this deep: an accountant forwarding a supplier's forward. */
const PROFUNDIDAD_REENVIOS = 3;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const extension = (a: Attachment) => (a.filename ?? '').toLowerCase().split('.').pop();
/** Suppliers' systems send the JSON as application/json, text/plain or application/octet-stream: the name decides. */
const esJson = (a: Attachment) => a.contentType === 'application/json' || extension(a) === 'json';
const esPdf = (a: Attachment) => a.contentType === 'application/pdf' || extension(a) === 'pdf';
const esReenvio = (a: Attachment) => a.contentType === 'message/rfc822';
const base = (nombre: string) => nombre.toLowerCase().replace(/\.[^.]*$/, '');

/**
 * The PDF sent with a JSON: the one of the same name (`<codigoGeneracion>.json` and `.pdf`, as MH's
 * portal and most systems name them), or the only PDF of a message carrying only one JSON.
 */
function pdfDe(json: Attachment, jsons: Attachment[], pdfs: Attachment[]): Buffer | null {
  const nombre = base(json.filename ?? '');
  const mismo = pdfs.find((p) => nombre && base(p.filename ?? '') === nombre);
  if (mismo) return mismo.content;
  return jsons.length === 1 && pdfs.length === 1 ? pdfs[0]!.content : null;
}

/** Whether the JSON is an Archivo DTE (what `Compras.guardarEntrante` takes), or why not. */
function leerJson(a: Attachment): { json: Buffer } | ProblemaDelCorreo {
  const adjunto = a.filename ?? 'sin nombre';
  // A BOM (Windows editors add one) is not JSON: what is stored is the document without it.
  const json = a.content.subarray(0, 3).equals(UTF8_BOM) ? a.content.subarray(3) : a.content;
  let archivo: unknown;
  try {
    archivo = JSON.parse(json.toString('utf8'));
  } catch (err) {
    return { adjunto, motivo: 'JSON_INVALIDO', detalle: (err as Error).message };
  }
  try {
    identificarCompra(archivo);
  } catch (err) {
    if (!(err instanceof DteError)) throw err;
    const errores = (err.details.errors as { field: string; message: string }[] | undefined) ?? [];
    const campos = errores.map((e) => `${e.field}: ${e.message}`).join('; ');
    return { adjunto, motivo: 'NO_ES_ARCHIVO_DTE', detalle: campos ? `${err.message}: ${campos}` : err.message };
  }
  return { json };
}

async function contenido(correo: ParsedMail, profundidad: number): Promise<ContenidoDelCorreo> {
  const jsons = correo.attachments.filter(esJson);
  const pdfs = correo.attachments.filter((a) => !esJson(a) && esPdf(a));
  const archivos: ArchivoDelCorreo[] = [];
  const problemas: ProblemaDelCorreo[] = [];
  for (const a of jsons) {
    const leido = leerJson(a);
    if ('motivo' in leido) problemas.push(leido);
    else archivos.push({ nombre: a.filename ?? 'sin nombre', json: leido.json, pdf: pdfDe(a, jsons, pdfs) });
  }
  if (profundidad < PROFUNDIDAD_REENVIOS)
    for (const a of correo.attachments.filter(esReenvio)) {
      const dentro = await contenido(await simpleParser(a.content), profundidad + 1);
      archivos.push(...dentro.archivos);
      problemas.push(...dentro.problemas);
    }
  return { archivos, problemas };
}

/**
 * The Archivos DTE a supplier's e-mail carries (JSON attachments, each with its PDF), also inside messages
 * forwarded as attachments, and what could not be read: a JSON that does not parse or is not an Archivo
 * DTE, or, when nothing at all was found, the message itself (SIN_ARCHIVO_DTE).
 */
export async function extraerArchivos(correo: ParsedMail): Promise<ContenidoDelCorreo> {
  const hallado = await contenido(correo, 0);
  if (!hallado.archivos.length && !hallado.problemas.length)
    hallado.problemas.push({
      adjunto: null,
      motivo: 'SIN_ARCHIVO_DTE',
      detalle: correo.attachments.length
        ? `ningún adjunto JSON entre ${correo.attachments.map((a) => a.filename ?? a.contentType).join(', ')}`
        : 'el mensaje no trae adjuntos',
    });
  return hallado;
}

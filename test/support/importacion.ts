import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createPrivateKey } from 'node:crypto';
import { ZipFile } from 'yazl';
import { loadConfig } from '@dte/config';
import { parseCertificadoMH, signDte } from '@dte/domain';
import { SecretBox } from '@dte/store';
import { stack } from './stack';
import { simulator, testDatabase, type TestTenant } from './tenant';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Archivo = Record<string, any>;

/** A sello of MH's shape (four digits of year, then 36 characters). */
const selloNuevo = () => `2026${randomUUID().replace(/-/g, '').toUpperCase()}${'A'.repeat(4)}`;

/**
 * The Archivos DTE a previous provider of `de` hands over when it leaves: each a copy of `plantilla` (an Archivo
 * DTE of a document issued here, which MH's schema took) issued in `de`'s name on `fecEmi`, numbered from
 * `desde` on, signed with `de`'s certificate, and held by the simulator as MH holds what it sealed (with the
 * sello the file carries) unless `enMh` is false.
 */
export async function archivosPrevios(
  de: TestTenant,
  plantilla: Archivo,
  cuantos: number,
  opciones: { fecEmi: string; desde?: number; enMh?: boolean },
): Promise<Archivo[]> {
  const db = await testDatabase();
  const emisor = (await db.models.Emisor.findOne({ id: de.emisorId }).lean())!;
  const cert = parseCertificadoMH(new SecretBox(loadConfig(stack().env).SECRET_KEY).open(emisor.secrets!.certificado));
  const clave = createPrivateKey({ key: cert.privateKeyDer, format: 'der', type: 'pkcs8' });
  const { firmaElectronica: _f, selloRecibido: _s, ...base } = plantilla;
  const tipoDte = base.identificacion.tipoDte as string;
  const archivos: Archivo[] = [];
  for (let i = 0; i < cuantos; i++) {
    const dte = structuredClone(base);
    const correlativo = String((opciones.desde ?? 1) + i).padStart(15, '0');
    dte.identificacion.codigoGeneracion = randomUUID().toUpperCase();
    dte.identificacion.numeroControl = `DTE-${tipoDte}-${base.identificacion.numeroControl.slice(7, 15)}-${correlativo}`;
    dte.identificacion.fecEmi = opciones.fecEmi;
    dte.emisor = { ...dte.emisor, nit: emisor.nit, nrc: emisor.nrc, nombre: emisor.nombre };
    archivos.push({ ...dte, firmaElectronica: signDte(dte, clave), selloRecibido: selloNuevo() });
  }
  if (opciones.enMh !== false)
    for (const a of archivos)
      await simulator('/documentos', {
        codigoGeneracion: a.identificacion.codigoGeneracion,
        emisor: emisor.nit,
        tipoDte,
        selloRecibido: a.selloRecibido,
        numeroControl: a.identificacion.numeroControl,
        fecEmi: a.identificacion.fecEmi,
        version: a.identificacion.version,
        ambiente: a.identificacion.ambiente,
      });
  return archivos;
}

/** A ZIP of `archivos` by name (a Buffer for a PDF, anything else as JSON). */
export async function zipDe(archivos: Record<string, Archivo | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [nombre, contenido] of Object.entries(archivos))
    zip.addBuffer(Buffer.isBuffer(contenido) ? contenido : Buffer.from(JSON.stringify(contenido)), nombre);
  zip.end();
  const partes: Buffer[] = [];
  zip.outputStream.on('data', (b: Buffer) => partes.push(b));
  await once(zip.outputStream, 'end');
  return Buffer.concat(partes);
}

/** POST /importaciones of one file, as a browser's form would send it. */
export async function subirImportacion(quien: TestTenant, nombre: string, contenido: Buffer) {
  const form = new FormData();
  form.append('archivo', new Blob([new Uint8Array(contenido)]), nombre);
  const res = await fetch(`${stack().api}/importaciones`, {
    method: 'POST',
    headers: { 'x-api-token': quien.token },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

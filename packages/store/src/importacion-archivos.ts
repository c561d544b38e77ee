import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as yauzl from 'yauzl';
import type { ObjectStore } from './object-store';

/** Archivos DTE one import takes at most: a year of a large shop's documents in one ZIP. */
export const MAX_ARCHIVOS = 200_000;
/** A file of the ZIP larger than this (uncompressed) is reported, not read: MH's largest document is 5 MB. */
export const MAX_ARCHIVO = 10 * 1024 * 1024;

/** One Archivo DTE of an import, by its place among the import's files, with the PDF beside it if any. */
export interface ArchivoImportado {
  indice: number;
  nombre: string;
  /** Null when the file is larger than MAX_ARCHIVO. */
  json: Buffer | null;
  pdf: Buffer | null;
}

const esZip = (inicio: Buffer) => inicio.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
const sinExtension = (nombre: string) => nombre.replace(/\.[^./]*$/, '').toLowerCase();
/** What a ZIP made on a Mac or by hand carries besides the documents. */
const ajeno = (nombre: string) => nombre.endsWith('/') || nombre.startsWith('__MACOSX/') || /(^|\/)\./.test(nombre);

/**
 * The import's file on this worker's disk, fetched from object storage once per process: every batch reads
 * its files from it, and a ZIP is read by its central directory, not whole.
 */
export async function archivoLocal(store: ObjectStore, clave: string): Promise<string> {
  const ruta = path.join(os.tmpdir(), 'dte-importaciones', clave.replace(/[^\w.-]/g, '_'));
  if (fs.existsSync(ruta)) return ruta;
  const contenido = await store.get(clave);
  if (!contenido) throw new Error(`the import's file ${clave} is not in the object store`);
  await fs.promises.mkdir(path.dirname(ruta), { recursive: true });
  // Written aside and renamed, so a process that dies halfway leaves no truncated file to be read later.
  const parcial = `${ruta}.${process.pid}.parcial`;
  await fs.promises.writeFile(parcial, contenido);
  await fs.promises.rename(parcial, ruta);
  return ruta;
}

function abrir(ruta: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(ruta, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
}

function entradas(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const todas: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      todas.push(e);
      if (todas.length > MAX_ARCHIVOS * 2) return reject(new Error(`the ZIP has more than ${MAX_ARCHIVOS * 2} files`));
      zip.readEntry();
    });
    zip.once('end', () => resolve(todas));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function contenido(zip: yauzl.ZipFile, entrada: yauzl.Entry): Promise<Buffer | null> {
  if (entrada.uncompressedSize > MAX_ARCHIVO) return Promise.resolve(null);
  return new Promise((resolve, reject) =>
    zip.openReadStream(entrada, (err, stream) => {
      if (err) return reject(err);
      const partes: Buffer[] = [];
      stream.on('data', (p: Buffer) => partes.push(p));
      stream.once('end', () => resolve(Buffer.concat(partes)));
      stream.once('error', reject);
    }),
  );
}

/**
 * The Archivos DTE of the import's file: the file itself when it is one (JSON), else the ZIP's `.json` files
 * in the order of their names, each with the `.pdf` of the same name beside it. The order is the import's
 * numbering of its files: every batch reads the same files under the same indices.
 */
async function indice(ruta: string) {
  const inicio = Buffer.alloc(4);
  const fd = await fs.promises.open(ruta, 'r');
  try {
    await fd.read(inicio, 0, 4, 0);
  } finally {
    await fd.close();
  }
  if (!esZip(inicio)) return null;
  const zip = await abrir(ruta);
  const todas = await entradas(zip);
  const validas = todas.filter((e) => !ajeno(e.fileName));
  const jsons = validas.filter((e) => e.fileName.toLowerCase().endsWith('.json'));
  jsons.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  const pdfs = new Map(
    validas.filter((e) => e.fileName.toLowerCase().endsWith('.pdf')).map((e) => [sinExtension(e.fileName), e]),
  );
  return { zip, jsons, pdfs };
}

type Indice = NonNullable<Awaited<ReturnType<typeof indice>>>;

/** An import file's index held open, closed once it is let go and no batch reads from it. */
interface Abierto {
  indice: Promise<Indice | null>;
  leyendo: number;
  soltado: boolean;
}

/**
 * The import files' indices this process holds open, newest last: reading a ZIP's central directory is the
 * batch's largest cost (1.2 s for 20,000 entries, against one batch's hundred files), so each batch of an
 * import after the first reads its files from the index the first opened. Two at most; the oldest is let go
 * when a third is opened, and closed when its last read ends.
 */
const abiertos = new Map<string, Abierto>();
const ABIERTOS_A_LA_VEZ = 2;

const cerrarSiLibre = (a: Abierto) => {
  if (a.soltado && a.leyendo === 0)
    void a.indice.then(
      (i) => i?.zip.close(),
      () => undefined,
    );
};

/** Runs `leer` on the file's index, opened once for this process's batches of the import. */
async function conIndice<T>(ruta: string, leer: (i: Indice | null) => Promise<T>): Promise<T> {
  let abierto = abiertos.get(ruta);
  if (abierto) abiertos.delete(ruta);
  else abierto = { indice: indice(ruta), leyendo: 0, soltado: false };
  abiertos.set(ruta, abierto);
  for (const [viejo, a] of abiertos) {
    if (abiertos.size <= ABIERTOS_A_LA_VEZ) break;
    abiertos.delete(viejo);
    a.soltado = true;
    cerrarSiLibre(a);
  }
  abierto.leyendo++;
  try {
    return await leer(await abierto.indice);
  } catch (err) {
    // A file that could not be read is opened again by the batch's retry, not answered from here.
    if (abiertos.get(ruta) === abierto) abiertos.delete(ruta);
    abierto.soltado = true;
    throw err;
  } finally {
    abierto.leyendo--;
    cerrarSiLibre(abierto);
  }
}

/** How many Archivos DTE the import's file holds (a JSON file: one). */
export async function contarArchivos(ruta: string): Promise<number> {
  const zip = await indice(ruta);
  if (!zip) return 1;
  zip.zip.close();
  return zip.jsons.length;
}

/** The import's files at `indices`, read from the file on disk (see `archivoLocal`), which stays as it is. */
export async function leerArchivos(
  ruta: string,
  nombre: string,
  indices: readonly number[],
): Promise<ArchivoImportado[]> {
  return conIndice(ruta, async (zip) => {
    if (!zip) {
      const { size } = await fs.promises.stat(ruta);
      const json = size > MAX_ARCHIVO ? null : await fs.promises.readFile(ruta);
      return indices.includes(0) ? [{ indice: 0, nombre, json, pdf: null }] : [];
    }
    const leidos: ArchivoImportado[] = [];
    for (const i of indices) {
      const entrada = zip.jsons[i];
      if (!entrada) continue;
      const pdf = zip.pdfs.get(sinExtension(entrada.fileName));
      leidos.push({
        indice: i,
        nombre: entrada.fileName,
        json: await contenido(zip.zip, entrada),
        pdf: pdf ? await contenido(zip.zip, pdf) : null,
      });
    }
    return leidos;
  });
}

/**
 * How many Archivos DTE a file given to import holds: one for a JSON object, the `.json` files of a ZIP; 0 for
 * anything else (a JSON that is no object, a ZIP without one, a file of another kind).
 */
export async function archivosDe(contenido: Buffer): Promise<number> {
  if (!esZip(contenido)) {
    try {
      const json: unknown = JSON.parse(contenido.toString('utf8'));
      return typeof json === 'object' && json !== null && !Array.isArray(json) ? 1 : 0;
    } catch {
      return 0;
    }
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'dte-importacion-'));
  try {
    const ruta = path.join(dir, 'archivo.zip');
    await fs.promises.writeFile(ruta, contenido);
    return await contarArchivos(ruta).catch(() => 0);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

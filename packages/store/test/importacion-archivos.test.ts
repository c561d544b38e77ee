import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZipFile } from 'yazl';
import { leerArchivos } from '../src/importacion-archivos';

/** A ZIP of `n` Archivos DTE named `dte-<i>.json`, each holding its own name, written under `dir`. */
async function zipDe(dir: string, nombre: string, n: number): Promise<string> {
  const zip = new ZipFile();
  for (let i = 0; i < n; i++)
    zip.addBuffer(Buffer.from(JSON.stringify({ nombre, i })), `dte-${String(i).padStart(4, '0')}.json`);
  zip.end();
  const ruta = path.join(dir, nombre);
  const salida = fs.createWriteStream(ruta);
  zip.outputStream.pipe(salida);
  await once(salida, 'close');
  return ruta;
}

const descriptoresAbiertos = () => fs.readdirSync('/proc/self/fd').length;

/** Waits for a condition, turn after turn of the event loop (a file's close is answered on a later turn). */
async function hasta(condicion: () => boolean) {
  while (!condicion()) await new Promise((r) => setTimeout(r, 10));
}

/**
 * An import's batches read their files from the ZIP's index the first batch opened (its central directory is
 * the batch's largest cost); at most two files stay open, and one let go while a batch reads it is closed when
 * that batch ends, never under it.
 */
describe("an import's file read batch by batch", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-importacion-archivos-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const leidos = async (ruta: string, indices: number[]) =>
    (await leerArchivos(ruta, 'x', indices)).map((a) => [a.indice, a.nombre, JSON.parse(a.json!.toString()).i]);

  it('reads each batch’s files by their index, holding two files open at most', async () => {
    const [a, b, c] = await Promise.all(['a.zip', 'b.zip', 'c.zip'].map((n) => zipDe(dir, n, 300)));
    const antes = descriptoresAbiertos();
    expect(await leidos(a!, [0, 299])).toEqual([
      [0, 'dte-0000.json', 0],
      [299, 'dte-0299.json', 299],
    ]);
    // A batch of another file, then of the first again: its index is still open.
    expect(await leidos(b!, [5])).toEqual([[5, 'dte-0005.json', 5]]);
    expect(await leidos(a!, [100, 101])).toEqual([
      [100, 'dte-0100.json', 100],
      [101, 'dte-0101.json', 101],
    ]);
    expect(descriptoresAbiertos()).toBe(antes + 2);
    // A third file lets the least recently read (b) go.
    expect(await leidos(c!, [7])).toEqual([[7, 'dte-0007.json', 7]]);
    await hasta(() => descriptoresAbiertos() === antes + 2);
    // Past its last entry, a batch reads nothing.
    expect(await leidos(c!, [300])).toEqual([]);
  });

  it('lets a file go while a batch reads it, closing it only once that batch ends', async () => {
    const [d, e, f] = await Promise.all(['d.zip', 'e.zip', 'f.zip'].map((n) => zipDe(dir, n, 400)));
    const todos = Array.from({ length: 400 }, (_, i) => i);
    const lectura = leidos(d!, todos);
    // Two other files opened while d's batch reads: d is the oldest, let go.
    await Promise.all([leidos(e!, [1]), leidos(f!, [2])]);
    expect((await lectura).map(([, , i]) => i)).toEqual(todos);
  });
});

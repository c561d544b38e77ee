import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Where the suites leave what a person should look at: one PNG per legible version they render. */
export const ARTEFACTOS = path.resolve(__dirname, '../../.data/artefactos');

/**
 * A PDF as a person sees it: its first page rendered to `<nombre>.png` among the test artefacts (poppler's
 * pdftoppm, 100 dpi) and its text in reading order with its whitespace collapsed (pdftotext -raw), so a
 * phrase a narrow column wraps is still found whole.
 */
export async function legible(pdf: Buffer, nombre: string): Promise<{ png: string; texto: string; paginas: number }> {
  await fs.mkdir(ARTEFACTOS, { recursive: true });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'legible-'));
  try {
    const archivo = path.join(dir, 'doc.pdf');
    await fs.writeFile(archivo, pdf);
    const png = path.join(ARTEFACTOS, nombre);
    await exec('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', archivo, png]);
    const { stdout: texto } = await exec('pdftotext', ['-raw', archivo, '-']);
    const { stdout: info } = await exec('pdfinfo', [archivo]);
    return {
      png: `${png}.png`,
      texto: texto.replace(/\s+/g, ' '),
      paginas: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

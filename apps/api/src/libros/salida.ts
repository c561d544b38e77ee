import { once } from 'node:events';
import type { Writable } from 'node:stream';

const TAMANO = 64 * 1024;

/**
 * An answer written as it is made, in chunks of about 64 KB, waiting while the reader is behind: a book of
 * any size holds one chunk, and a reader that went away ends the work instead of leaving it waiting.
 */
export class Salida {
  private partes: Buffer[] = [];
  private tamano = 0;

  constructor(private readonly destino: Writable) {}

  async escribir(parte: string | Buffer): Promise<void> {
    const b = typeof parte === 'string' ? Buffer.from(parte) : parte;
    this.partes.push(b);
    this.tamano += b.length;
    if (this.tamano >= TAMANO) await this.vaciar();
  }

  /** Hands over what is buffered; call once more at the end. */
  async vaciar(): Promise<void> {
    if (this.destino.destroyed) throw new Error('the reader of the answer went away');
    if (!this.tamano) return;
    const listo = this.destino.write(Buffer.concat(this.partes));
    this.partes = [];
    this.tamano = 0;
    if (listo) return;
    const fin = new AbortController();
    try {
      await Promise.race([
        once(this.destino, 'drain', { signal: fin.signal }),
        once(this.destino, 'close', { signal: fin.signal }).then(() => {
          throw new Error('the reader of the answer went away');
        }),
      ]);
    } finally {
      fin.abort();
    }
  }
}

/**
 * A deterministic source of choices: the same (semilla, partes) always gives the same sequence, so a
 * campaign's documents can be generated again, in any order, after a restart. FNV-1a hashes the key
 * into mulberry32's 32-bit state: small, fast, and good enough to vary test documents (not for secrets).
 */
export class Azar {
  private estado: number;

  constructor(...partes: (string | number)[]) {
    let h = 0x811c9dc5;
    for (const c of partes.join('\u0000')) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
    this.estado = h >>> 0;
  }

  /** In [0, 1). */
  real(): number {
    this.estado = (this.estado + 0x6d2b79f5) | 0;
    let t = Math.imul(this.estado ^ (this.estado >>> 15), 1 | this.estado);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from min to max, both included. */
  entero(min: number, max: number): number {
    return min + Math.floor(this.real() * (max - min + 1));
  }

  de<T>(lista: readonly T[]): T {
    return lista[this.entero(0, lista.length - 1)]!;
  }

  si(probabilidad: number): boolean {
    return this.real() < probabilidad;
  }

  /** `n` digits, as text. */
  digitos(n: number): string {
    return Array.from({ length: n }, () => this.entero(0, 9)).join('');
  }

  /** An amount in whole cents from min to max dollars, as the number JSON carries (e.g. 12.34). */
  monto(min: number, max: number): number {
    return this.entero(Math.round(min * 100), Math.round(max * 100)) / 100;
  }

  /** A version 4 UUID in MH's upper case. */
  uuid(): string {
    const h = () => this.entero(0, 15).toString(16);
    const n = (k: number) => Array.from({ length: k }, h).join('');
    return `${n(8)}-${n(4)}-4${n(3)}-${this.de(['8', '9', 'A', 'B'])}${n(3)}-${n(12)}`.toUpperCase();
  }
}

import type { Models } from './models';

/**
 * The issuer's records (emisor, establecimiento, punto de venta) as this process last read them, kept
 * for `ttlMs`. Every step of an issuance needs them and they change only through the admin CLI, so a
 * change (a rotated certificate, new branding, another MH password) reaches a running worker within
 * TENANT_CACHE_SECONDS instead of costing a database round trip per step. Misses and failures are not
 * kept; concurrent readers of one record share one query.
 */
export class TenantCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly models: Models,
    private readonly ttlMs: number,
  ) {}

  emisor(id: number) {
    return this.get(`emisor:${id}`, () => this.models.Emisor.findOne({ id }).lean());
  }

  establecimiento(id: number) {
    return this.get(`establecimiento:${id}`, () => this.models.Establecimiento.findOne({ id }).lean());
  }

  puntoVenta(id: number) {
    return this.get(`puntoVenta:${id}`, () => this.models.PuntoVenta.findOne({ id }).lean());
  }

  private get<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = Promise.resolve(load());
    const entry = { at: now, value };
    this.entries.set(key, entry);
    const forget = () => this.entries.get(key) === entry && this.entries.delete(key);
    value.then((v) => v ?? forget(), forget);
    return value;
  }
}

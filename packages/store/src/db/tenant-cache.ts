import { activeApiTokenByHash } from '../secrets';
import type { Models } from './models';

/**
 * The issuer's records (emisor, establecimiento, punto de venta) and the active API tokens as this process
 * last read them, kept for `ttlMs`. Every step of an issuance needs the issuer, every request its token, and
 * they change only through the admin CLI, so a change (a rotated certificate, new branding, another MH
 * password, a revoked token) reaches running workers and API processes within TENANT_CACHE_SECONDS instead
 * of costing a database round trip per step and request. Misses and failures are not kept, so a new token
 * works at once and an unknown or revoked one is read again each time; concurrent readers of one record
 * share one query.
 */
export class TenantCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly models: Models,
    private readonly ttlMs: number,
    /** The clock the entries age by: a test moves it instead of waiting out `ttlMs`. */
    private readonly ahora: () => number = Date.now,
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

  /** The token of this SHA-256 while it is active (`activeApiTokenByHash`). */
  apiToken(hash: string) {
    return this.get(`apiToken:${hash}`, () => activeApiTokenByHash(this.models, hash));
  }

  private get<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
    const now = this.ahora();
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

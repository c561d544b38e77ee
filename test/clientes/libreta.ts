import { randomInt } from 'node:crypto';
import { loadConfig } from '@dte/config';
import { digitoVerificadorDui, digitoVerificadorNit } from '@dte/domain';
import { hashToken, SecretBox, Tenants } from '@dte/store';
import { stack } from '../support/stack';
import { api, testDatabase, type TestTenant } from '../support/tenant';

/** What the book's suites share: files up and down, tokens of other permissions, fresh identity numbers. */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A DUI no other test uses, with its check digit. */
export function duiNuevo(): string {
  const ocho = String(randomInt(1e8)).padStart(8, '0');
  return `${ocho}${digitoVerificadorDui(ocho)}`;
}

/** A NIT of 14 digits no other test uses, with its check digit. */
export function nitNuevo(): string {
  const trece = `0614${String(randomInt(1e9)).padStart(9, '0')}`;
  return `${trece}${digitoVerificadorNit(trece)}`;
}

/** A file sent as the body, as the import takes it. */
export async function subir(tenant: TestTenant, ruta: string, archivo: Buffer | string, tipo: string) {
  const res = await fetch(`${stack().api}${ruta}`, {
    method: 'POST',
    headers: { 'x-api-token': tenant.token, 'content-type': tipo },
    body: typeof archivo === 'string' ? archivo : new Uint8Array(archivo),
  });
  return { status: res.status, body: await res.json() };
}

/** A file the API answers (an export), with its content type. */
export async function bajar(tenant: TestTenant, ruta: string) {
  const res = await fetch(`${stack().api}${ruta}`, { headers: { 'x-api-token': tenant.token } });
  if (res.status !== 200) throw new Error(`${ruta}: ${res.status} ${await res.text()}`);
  return { tipo: res.headers.get('content-type'), archivo: Buffer.from(await res.arrayBuffer()) };
}

/** Every entry of a book that holds `q`, page after page, newest first. */
export async function todos(tenant: TestTenant, ruta: string, q?: string): Promise<Record<string, unknown>[]> {
  const entradas: Record<string, unknown>[] = [];
  for (let cursor: string | null = ''; cursor !== null;) {
    const query = new URLSearchParams({ limit: '100', ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) });
    const res = await api('GET', `${ruta}?${query}`, tenant);
    if (res.status !== 200) throw new Error(`${ruta}: ${res.status} ${JSON.stringify(res.body)}`);
    entradas.push(...res.body.data);
    cursor = res.body.cursor;
  }
  return entradas;
}

/** An entry without what the book gives it (its id and dates): what was typed. */
export const datos = ({ id: _i, creado: _c, modificado: _m, ...resto }: Record<string, unknown>) => resto;

/** The tenant acting with a token of its own point of sale that holds only `permisos`. */
export async function conPermisos(tenant: TestTenant, permisos: string[]): Promise<TestTenant> {
  const db = await testDatabase();
  const tenants = new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY));
  const propio = (await db.models.ApiToken.findById(hashToken(tenant.token)).lean())!;
  const { token } = await tenants.createToken({
    emisorId: tenant.emisorId,
    establecimientoId: propio.establecimientoId,
    puntoVentaId: propio.puntoVentaId,
    name: `sin libreta ${randomInt(1e6)}`,
    permissions: permisos,
  });
  return { ...tenant, token, headers: { ...tenant.headers, 'x-api-token': token } };
}

/** The emisor's audit entries of an action, newest first. */
export async function auditadas(tenant: TestTenant, accion: string) {
  const res = await api('GET', `/auditoria?accion=${accion}&limit=100`, tenant);
  if (res.status !== 200) throw new Error(`/auditoria: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as {
    accion: string;
    codigoGeneracion: string | null;
    endpoint: string;
    detalles: Record<string, unknown>;
  }[];
}

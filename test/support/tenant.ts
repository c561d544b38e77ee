import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@dte/config';
import { Auditoria, connectDatabase, SecretBox, Tenants, type Database } from '@dte/store';
import { digitoVerificadorNit, parseCertificadoMH, type AccionAuditoria, type Generacion } from '@dte/domain';
import { ensureDevTenant } from '../../apps/api/src/admin/dev-tenant';
import { eventually } from './eventually';
import { stack } from './stack';

export interface TestTenant {
  emisorId: number;
  nit: string;
  token: string;
  /** DER SPKI of the emisor's CertificadoMH, to verify signatures. */
  publicKeyDer: Buffer;
  headers: Record<string, string>;
}

let db: Database | undefined;

/** The service's database, as the tests see it (close with `closeTestDatabase`). */
export async function testDatabase(): Promise<Database> {
  db ??= await connectDatabase(stack().env.MONGODB_URI!);
  return db;
}

/** The emisor's audit log entries of `accion`, the newest first (at most 50). */
export async function auditadas(emisorId: number, accion: AccionAuditoria) {
  return (await new Auditoria((await testDatabase()).connection).pagina(emisorId, { accion }, null, 50)).entradas;
}

/** The document's record once it is in `estado` (the workflows write it; the tests wait for it). */
export async function enEstado(codigoGeneracion: string, estado: string) {
  const { Document } = (await testDatabase()).models;
  return eventually(`${codigoGeneracion} to be ${estado}`, async () => {
    const doc = await Document.findById(codigoGeneracion).lean();
    if (doc?.estado !== estado) throw new Error(`${codigoGeneracion} is ${doc?.estado}`);
    return doc;
  });
}

export async function closeTestDatabase(): Promise<void> {
  await db?.close();
  db = undefined;
}

/**
 * A tenant of its own for one test file (a fresh emisor, M001/P001, a token with every permission,
 * registered in the simulator), so simulator faults set for its NIT touch no other suite. It issues in the
 * service's generation (2026, global-setup) unless it is given one of its own: a suite kept for the 2023
 * generation gives its tenant that cut-over, as the admin CLI would (`emisor normativa --generacion 2023`).
 */
export async function createTestTenant(opciones: { generacion?: Generacion } = {}): Promise<TestTenant> {
  const config = loadConfig(stack().env);
  const box = new SecretBox(config.SECRET_KEY);
  // With its check digit: a tenant is also another's receptor (alReceptor), and receptors' NITs are checked.
  const trece = `0614${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const nit = `${trece}${digitoVerificadorNit(trece)}`;
  const tokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-tenant-'));
  const database = await testDatabase();
  const tenant = await ensureDevTenant(database, box, {
    mhBaseUrl: config.MH_BASE_URL,
    tokenFile: path.join(tokenDir, 'token'),
    nit,
  });
  fs.rmSync(tokenDir, { recursive: true, force: true });
  if (opciones.generacion)
    await new Tenants(database, box).setNormativa(tenant.emisorId, opciones.generacion, new Date(0));
  const emisor = await database.models.Emisor.findOne({ nit }).lean();
  const cert = parseCertificadoMH(box.open(emisor!.secrets!.certificado));
  return {
    ...tenant,
    publicKeyDer: cert.publicKeyDer,
    headers: { 'x-api-token': tenant.token, 'content-type': 'application/json' },
  };
}

export async function api(method: string, pathname: string, tenant: TestTenant | null, body?: unknown) {
  const res = await fetch(`${stack().api}${pathname}`, {
    method,
    headers: tenant ? tenant.headers : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json, headers: res.headers };
}

/** Sets a fault in the simulator for one emisor (see apps/mh-simulator/README.md). */
export async function simulator(pathname: string, body: unknown): Promise<void> {
  const res = await fetch(`${stack().mhSimulator}/__sim${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`simulator ${pathname}: ${res.status} ${await res.text()}`);
}

/**
 * Waits until every process of the stack has let go of what its tenant cache read before now
 * (TENANT_CACHE_SECONDS): an admin change written before the call is what they all read after it.
 */
export async function cambioLeido(): Promise<void> {
  const desde = Date.now();
  const cacheMs = loadConfig(stack().env).TENANT_CACHE_SECONDS * 1000;
  await eventually(
    'the tenant caches to let go of what they read before the change',
    () => Date.now() > desde + cacheMs,
  );
}

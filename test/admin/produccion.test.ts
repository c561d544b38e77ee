import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '@dte/config';
import { generateCertificadoMH } from '@dte/domain';
import { Auditoria, certificacionId, SecretBox, type EstadoCertificacion } from '@dte/store';
import { emitirFactura } from '../support/fixtures';
import { stack } from '../support/stack';
import {
  api,
  cambioLeido,
  closeTestDatabase,
  createTestTenant,
  simulator,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

const exec = promisify(execFile);

/** `npm run admin -- emisor produccion …` against the test stack's database; a refusal rejects with its stderr. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON printed by the CLI
async function produccion(emisorId: number, certificado: string, ...extra: string[]): Promise<any> {
  const args = [
    'apps/api/dist/admin/cli.js', 'emisor', 'produccion', '--emisor', String(emisorId),
    '--mh-password', 'Clave-MH-Produccion-1!', '--certificado', certificado,
    '--certificado-password', 'clave-de-produccion', ...extra,
  ]; // prettier-ignore
  const { stdout } = await exec('node', args, { env: { ...process.env, ...stack().env } });
  return JSON.parse(stdout);
}

/** The production CertificadoMH MH issues for `nit`, as a file. */
function certificadoDe(nit: string): string {
  const archivo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dte-prod-')), `${nit}.crt`);
  fs.writeFileSync(archivo, generateCertificadoMH({ nit, privatePassword: 'clave-de-produccion' }).xml);
  return archivo;
}

/** The force, with the reason the audit log keeps. */
const forzado = ['--sin-certificacion', '--motivo', 'Certificado por MH con otro sistema'];

async function emisorGuardado(emisorId: number) {
  return (await testDatabase()).models.Emisor.findOne({ id: emisorId }, { ambiente: 1, secrets: 1, _id: 0 }).lean();
}

/** MH's quotas for Facturas and CCFs, and its five invalidations and contingency events. */
const A_CUOTA = {
  documentos: { FACTURA_CONSUMIDOR_FINAL: 90, CREDITO_FISCAL: 75 },
  invalidaciones: 5,
  contingencias: 5,
};

async function campana(tenant: TestTenant, estado: EstadoCertificacion, plan: object = A_CUOTA) {
  await (
    await testDatabase()
  ).models.Certificacion.create({
    _id: certificacionId(tenant.emisorId),
    emisorId: tenant.emisorId,
    estado,
    plan,
    iniciadaEn: new Date('2026-11-02T14:00:00Z'),
    completadaEn: estado === 'COMPLETA' ? new Date('2026-11-02T15:00:00Z') : null,
    workflowId: `certificacion-${tenant.emisorId}`,
  });
}

async function ambienteMostrado(tenant: TestTenant): Promise<string> {
  const res = await api('GET', '/dte/information', tenant);
  expect(res.status).toBe(200);
  return res.body.data.emisor.ambiente;
}

describe('admin CLI: emisor produccion', () => {
  afterAll(() => closeTestDatabase());

  it('refuses an emisor without a completed certification campaign, changing nothing', async () => {
    const tenant = await createTestTenant();
    const antes = await emisorGuardado(tenant.emisorId);
    const certificado = certificadoDe(tenant.nit);
    await expect(produccion(tenant.emisorId, certificado)).rejects.toThrow(
      /has no completed certification campaign \(none started\); complete one, or pass --sin-certificacion --motivo/,
    );
    await campana(tenant, 'CANCELADA');
    await expect(produccion(tenant.emisorId, certificado)).rejects.toThrow(
      /has no completed certification campaign \(CANCELADA\)/,
    );
    expect(await emisorGuardado(tenant.emisorId)).toEqual(antes);
    expect(await ambienteMostrado(tenant)).toBe('TEST');
  });

  it('refuses while a campaign is still running, even with --sin-certificacion', async () => {
    const tenant = await createTestTenant();
    const antes = await emisorGuardado(tenant.emisorId);
    await campana(tenant, 'PAUSADA');
    await expect(produccion(tenant.emisorId, certificadoDe(tenant.nit), ...forzado)).rejects.toThrow(
      /certification campaign is PAUSADA: let it complete or cancel it/,
    );
    expect(await emisorGuardado(tenant.emisorId)).toEqual(antes);
  });

  it('moves an emisor with a completed campaign to PROD with its production credentials', async () => {
    const tenant = await createTestTenant();
    await campana(tenant, 'COMPLETA');
    const certificado = certificadoDe(tenant.nit);
    expect(await produccion(tenant.emisorId, certificado)).toEqual({
      emisorId: tenant.emisorId,
      nit: tenant.nit,
      ambiente: 'PROD',
      sinCertificacion: false,
      motivo: null,
      campana: { estado: 'COMPLETA', bajoCuotas: [] },
    });
    expect(await ambienteMostrado(tenant)).toBe('PROD');
    // The production credentials replace the test ones, encrypted as `emisor create` stores them.
    const { secrets } = (await emisorGuardado(tenant.emisorId))!;
    const box = new SecretBox(loadConfig(stack().env).SECRET_KEY);
    expect(box.open(secrets!.certificado)).toBe(fs.readFileSync(certificado, 'utf8'));
    expect(box.open(secrets!.mhPassword)).toBe('Clave-MH-Produccion-1!');
    expect(box.open(secrets!.certificadoPassword)).toBe('clave-de-produccion');
    expect(secrets!.certificado).not.toContain('CertificadoMH');
  });

  it('refuses a completed campaign below MH quotas, and moves it when forced with a reason, audited', async () => {
    const tenant = await createTestTenant();
    // 3 Facturas of MH's 90, no CCF planned (not counted), 1 invalidation of 5, the 5 contingency events.
    await campana(tenant, 'COMPLETA', {
      documentos: { FACTURA_CONSUMIDOR_FINAL: 3 },
      invalidaciones: 1,
      contingencias: 5,
    });
    const antes = await emisorGuardado(tenant.emisorId);
    const certificado = certificadoDe(tenant.nit);
    await expect(produccion(tenant.emisorId, certificado)).rejects.toThrow(
      new RegExp(
        `emisor ${tenant.emisorId}'s certification campaign is below MH's minimum quotas ` +
          '\\(01: 3 of 90, invalidacion: 1 of 5\\); complete a campaign at MH quotas, or pass --sin-certificacion --motivo',
      ),
    );
    expect(await emisorGuardado(tenant.emisorId)).toEqual(antes);
    const bajo = [
      { clave: '01', planificados: 3, cuota: 90 },
      { clave: 'invalidacion', planificados: 1, cuota: 5 },
    ];
    expect(await produccion(tenant.emisorId, certificado, ...forzado)).toEqual({
      emisorId: tenant.emisorId,
      nit: tenant.nit,
      ambiente: 'PROD',
      sinCertificacion: true,
      motivo: 'Certificado por MH con otro sistema',
      campana: { estado: 'COMPLETA', bajoCuotas: bajo },
    });
    expect(await ambienteMostrado(tenant)).toBe('PROD');
    const { entradas } = await new Auditoria((await testDatabase()).connection).pagina(
      tenant.emisorId,
      { accion: 'EMISOR_PRODUCCION' },
      null,
      5,
    );
    expect(entradas.map((e) => [e.actor.tipo, e.endpoint, e.detalles])).toEqual([
      [
        'OPERADOR',
        'admin emisor produccion',
        {
          sinCertificacion: true,
          motivo: 'Certificado por MH con otro sistema',
          campana: 'COMPLETA',
          bajoCuotas: '01: 3/90, invalidacion: 1/5',
        },
      ],
    ]);
  });

  it('moves an emisor certified elsewhere with --sin-certificacion, and refuses it once in PROD', async () => {
    const tenant = await createTestTenant();
    const certificado = certificadoDe(tenant.nit);
    await expect(produccion(tenant.emisorId, certificado, '--sin-certificacion')).rejects.toThrow(
      /--sin-certificacion needs --motivo/,
    );
    expect(await produccion(tenant.emisorId, certificado, ...forzado)).toMatchObject({
      ambiente: 'PROD',
      sinCertificacion: true,
      motivo: 'Certificado por MH con otro sistema',
    });
    expect(await ambienteMostrado(tenant)).toBe('PROD');
    const enProduccion = await emisorGuardado(tenant.emisorId);
    await expect(produccion(tenant.emisorId, certificadoDe(tenant.nit), ...forzado)).rejects.toThrow(
      new RegExp(`emisor ${tenant.emisorId} is already in production \\(ambiente PROD\\)`),
    );
    expect(await emisorGuardado(tenant.emisorId)).toEqual(enProduccion);
  });

  it('numbers the first production document …001 again: a sequence is per ambiente', async () => {
    const tenant = await createTestTenant();
    const enPruebas = await emitirFactura(tenant);
    expect([enPruebas.estado, enPruebas.numeroControl]).toEqual(['PROCESSED', 'DTE-01-M001P001-000000000000001']);
    const certificado = certificadoDe(tenant.nit);
    await produccion(tenant.emisorId, certificado, ...forzado);
    // The simulator stands for production MH too, where the emisor's production credentials exist.
    await simulator('/emisores', {
      nit: tenant.nit,
      password: 'Clave-MH-Produccion-1!',
      certificado: fs.readFileSync(certificado, 'utf8'),
    });
    await cambioLeido();

    const enProduccion = await emitirFactura(tenant);
    expect([enProduccion.estado, enProduccion.numeroControl]).toEqual(['PROCESSED', 'DTE-01-M001P001-000000000000001']);
    const archivos = await Promise.all(
      [enPruebas, enProduccion].map((d) => api('GET', `/dte/${d.codigoGeneracion}/json`, tenant)),
    );
    expect(archivos.map((a) => a.body.identificacion.ambiente)).toEqual(['00', '01']);
  });

  it("refuses another NIT's certificate and a password that does not open it, changing nothing", async () => {
    const tenant = await createTestTenant();
    await campana(tenant, 'COMPLETA');
    const antes = await emisorGuardado(tenant.emisorId);
    const ajeno = '06149999999990';
    await expect(produccion(tenant.emisorId, certificadoDe(ajeno))).rejects.toThrow(
      new RegExp(`the certificate is NIT ${ajeno}'s, not emisor ${tenant.emisorId}'s \\(NIT ${tenant.nit}\\)`),
    );
    const otraClave = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dte-prod-')), `${tenant.nit}.crt`);
    fs.writeFileSync(otraClave, generateCertificadoMH({ nit: tenant.nit, privatePassword: 'otra-clave' }).xml);
    await expect(produccion(tenant.emisorId, otraClave)).rejects.toThrow(
      /--certificado-password does not open the certificate's private key/,
    );
    expect(await emisorGuardado(tenant.emisorId)).toEqual(antes);
    expect(await ambienteMostrado(tenant)).toBe('TEST');
  });
});

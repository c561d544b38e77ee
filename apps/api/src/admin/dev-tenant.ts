import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import axios from 'axios';
import { Tenants, type Database, type SecretBox } from '@dte/store';
import { generateCertificadoMH, PERMISOS } from '@dte/domain';

/** The demo taxpayer of the embedded stack (ambiente TEST). Its NIT is fictitious. */
export const DEMO_EMISOR = {
  nit: '06142803901121',
  nrc: '2345678',
  nombre: 'EMPRESA DEMOSTRACION, S.A. DE C.V.',
  nombreComercial: 'DEMO DTE',
  codActividad: '62010',
  descActividad: 'Programación informática',
  // San Salvador Centro, distrito San Salvador (CAT-008 14): the 2026 schemas require the distrito.
  direccion: {
    departamento: '06',
    municipio: '23',
    distrito: '14',
    complemento: 'Colonia Escalón, Paseo General Escalón 1234, San Salvador',
  },
  telefono: '22223333',
  correo: 'facturacion@demo.example',
  ambiente: '00' as const,
};

export interface DevTenant {
  emisorId: number;
  nit: string;
  token: string;
}

/**
 * First-start provisioning of the demo tenant, idempotent: an emisor with a fresh CertificadoMH and MH
 * credentials registered in the simulator, establishment M001, point of sale P001, and one token with
 * every permission. The token is DTE_DEV_TOKEN when set, else generated once and kept in `tokenFile`.
 */
export async function ensureDevTenant(
  db: Database,
  box: SecretBox,
  opts: { mhBaseUrl: string; tokenFile: string; devToken?: string; nit?: string },
): Promise<DevTenant> {
  const tenants = new Tenants(db, box);
  const nit = opts.nit ?? DEMO_EMISOR.nit;
  let emisor = await tenants.emisorPorNit(nit);
  if (!emisor) {
    const certificadoPassword = randomBytes(12).toString('base64url');
    emisor = await tenants.createEmisor({
      ...DEMO_EMISOR,
      nit,
      mhPassword: `Dte-${randomBytes(9).toString('base64url')}!`,
      certificadoXml: generateCertificadoMH({ nit, privatePassword: certificadoPassword }).xml,
      certificadoPassword,
    });
    const establecimiento = await tenants.createEstablecimiento(emisor.id, {
      codEstable: 'M001',
      codEstableMH: 'M001',
      tipoEstablecimiento: '02',
      nombre: 'Casa matriz',
      direccion: DEMO_EMISOR.direccion,
      telefono: DEMO_EMISOR.telefono,
    });
    await tenants.createPuntoVenta(emisor.id, establecimiento.id, { codPuntoVenta: 'P001', codPuntoVentaMH: 'P001' });
  } else if (!emisor.direccion.distrito) {
    // A demo tenant provisioned before distritos were kept gets its own, so it can switch to 2026.
    await tenants.setDistritoEmisor(emisor.id, DEMO_EMISOR.direccion.distrito);
    for (const e of await tenants.establecimientosSinDistrito(emisor.id))
      await tenants.setDistritoEstablecimiento(e.id, DEMO_EMISOR.direccion.distrito);
  }
  await registerInSimulator(
    opts.mhBaseUrl,
    nit,
    box.open(emisor.secrets!.mhPassword),
    box.open(emisor.secrets!.certificado),
  );

  const token = opts.devToken ?? readToken(opts.tokenFile) ?? `dte_${randomBytes(24).toString('base64url')}`;
  if (!(await tenants.tokenActivo(token))) {
    const puntoVenta = await tenants.puntoVentaPorCodigos(emisor.id, 'M001', 'P001');
    await tenants.createToken({
      emisorId: emisor.id,
      establecimientoId: puntoVenta!.establecimientoId,
      puntoVentaId: puntoVenta!.id,
      name: 'dev token (all permissions)',
      permissions: PERMISOS,
      token,
    });
  } else {
    // A demo token made before a permission existed (WEBHOOKS) gets it: it is the all-permissions token.
    await tenants.setPermisos(token, PERMISOS);
  }
  fs.writeFileSync(opts.tokenFile, token, { mode: 0o600 });
  return { emisorId: emisor.id, nit, token };
}

function readToken(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The simulator learns the emisor's API password and certificate through its control API. */
async function registerInSimulator(
  mhBaseUrl: string,
  nit: string,
  password: string,
  certificado: string,
): Promise<void> {
  await axios.post(`${mhBaseUrl}/__sim/emisores`, { nit, password, certificado }, { timeout: 10000 });
}

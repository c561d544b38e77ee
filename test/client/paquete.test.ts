import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const ROOT = path.resolve(__dirname, '../..');
const ejecutar = promisify(execFile);

/**
 * An integrator's program, as strict TypeScript against the installed package alone: a Factura issued and
 * its answer narrowed by `estado`, its PDF as a Blob, a refusal's code from the API's union, and a webhook
 * delivery verified and narrowed by `type`. No cast: each narrowing is the compiler's.
 */
const PROGRAMA = `import { DteApiError, DteClient, webhooks, type ErrorCode, type Sellado } from '@dte/client';

async function main(): Promise<void> {
  const client = new DteClient({ baseUrl: process.env.API!, token: process.env.TOKEN! });
  const { data } = await client.operaciones.issueFacturaConsumidorFinal({
    body: { receptor: {}, items: [{ descripcion: 'Producto', cantidad: 2, precioUnitario: 11.3 }], condicionOperacion: 1 },
  });
  if (data.estado === 'PENDIENTE') throw new Error('MH no respondió a tiempo: ' + data.codigoGeneracion);
  const sellado: Sellado = data;
  const pdf: Blob = await client.operaciones.getPdf({ path: { codigoGeneracion: sellado.codigoGeneracion } });
  const inicio = new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 4));

  let codigo: ErrorCode | undefined;
  try {
    await client.operaciones.getDocument({ path: { codigoGeneracion: crypto.randomUUID() } });
  } catch (err) {
    if (!(err instanceof DteApiError)) throw err;
    codigo = err.code;
  }

  const evento = webhooks.verify(
    process.env.WEBHOOK_CUERPO!,
    JSON.parse(process.env.WEBHOOK_CABECERAS!),
    process.env.WEBHOOK_SECRETO!,
  );
  const verificado = evento.type === 'dte.procesado' ? evento.data.numeroControl : evento.type;
  console.log([sellado.estado, sellado.numeroControl, sellado.codigoGeneracion, pdf.type, inicio, codigo, verificado].join(' '));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2022', 'dom'],
    types: ['node'],
    noEmitOnError: true,
  },
  // The same program as CommonJS (.ts, the folder's package.json being commonjs) and as an ES module (.mts).
  files: ['programa.ts', 'programa.mts'],
};

/** The version the repository pins, installed from npm's cache where it is. */
const version = (paquete: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', paquete, 'package.json'), 'utf8')).version as string;

/** A shell's environment without what `npm test` set for its own run (npm_config_*, npm_package_*). */
const entorno = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

/**
 * @dte/client as an integrator gets it: `npm run client:pack`'s tarball installed into an empty folder out of
 * the repository, and a strict TypeScript program there compiled by the folder's own tsc and run against the
 * stack, as CommonJS and as an ES module.
 */
describe('@dte/client as an installed package', () => {
  let tenant: TestTenant;
  let dir: string;
  let tarball: string;
  beforeAll(async () => {
    tenant = await createTestTenant();
    const { stdout } = await ejecutar('npm', ['run', '--silent', 'client:pack'], { cwd: ROOT });
    tarball = path.resolve(ROOT, stdout.trim());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'integrador-'));
    const npm = (...args: string[]) => ejecutar('npm', args, { cwd: dir, env: entorno() });
    await npm('init', '-y');
    await npm(
      'install',
      '--prefer-offline',
      tarball,
      `typescript@${version('typescript')}`,
      `@types/node@${version('@types/node')}`,
    );
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await closeTestDatabase();
  });

  it('is versioned as the API and brings nothing of the repository but its one dependency', async () => {
    const { info } = await (await fetch(`${stack().api}/openapi.json`)).json();
    const manifiesto = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/@dte/client/package.json'), 'utf8'));
    expect([path.basename(tarball), manifiesto.version, manifiesto.dependencies, manifiesto.publishConfig]).toEqual([
      `dte-client-${info.version}.tgz`,
      info.version,
      { standardwebhooks: '1.1.1' },
      { access: 'public' },
    ]);
    expect(fs.readdirSync(path.join(dir, 'node_modules/@dte/client')).sort()).toEqual([
      'README.md',
      'dist',
      'package.json',
    ]);
  });

  it('compiles a strict program that issues, narrows, downloads the PDF and verifies a webhook, as CJS and ESM', async () => {
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    fs.writeFileSync(path.join(dir, 'programa.ts'), PROGRAMA);
    fs.writeFileSync(path.join(dir, 'programa.mts'), PROGRAMA);
    await ejecutar(path.join(dir, 'node_modules', '.bin', 'tsc'), ['-p', dir], { cwd: dir });
    const { codigoGeneracion, numeroControl } = {
      codigoGeneracion: crypto.randomUUID(),
      numeroControl: 'DTE-01-M001P001-000000000000042',
    };
    const cuerpo = JSON.stringify({
      type: 'dte.procesado',
      timestamp: new Date().toISOString(),
      data: { codigoGeneracion, numeroControl, tipoDte: '01', estado: 'PROCESSED' },
    });
    const secreto = `whsec_${crypto.randomBytes(24).toString('base64')}`;
    const id = `msg_${crypto.randomUUID()}`;
    const ahora = new Date();
    const cabeceras = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(ahora.getTime() / 1000)),
      'webhook-signature': new Webhook(secreto).sign(id, ahora, cuerpo),
    };
    const env = {
      ...entorno(),
      API: stack().api,
      TOKEN: tenant.token,
      WEBHOOK_CUERPO: cuerpo,
      WEBHOOK_CABECERAS: JSON.stringify(cabeceras),
      WEBHOOK_SECRETO: secreto,
    };
    for (const programa of ['programa.js', 'programa.mjs']) {
      const { stdout } = await ejecutar('node', [programa], { cwd: dir, env });
      const [estado, numero, uuid, ...resto] = stdout.trim().split(' ');
      expect([estado, numero, uuid]).toEqual([
        'PROCESSED',
        expect.stringMatching(/^DTE-01-\w{8}-\d{15}$/),
        expect.stringMatching(/^[0-9A-F-]{36}$/),
      ]);
      expect(resto).toEqual(['application/pdf', '%PDF', 'DOCUMENT_NOT_FOUND', numeroControl]);
    }
  });
});

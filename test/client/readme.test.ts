import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

const ROOT = path.resolve(__dirname, '../..');

/** The README's fenced block whose first line is the comment naming `archivo`, as a reader copies it. */
function bloque(archivo: string): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const inicio = readme.search(new RegExp('```\\w+\\n(#|//) ' + archivo.replace('.', '\\.') + ':'));
  if (inicio < 0) throw new Error(`README.md has no block starting with the comment ${archivo}`);
  const codigo = readme.slice(readme.indexOf('\n', inicio) + 1);
  return codigo.slice(0, codigo.indexOf('```'));
}

/**
 * README's "Integrating" scripts, copied from it and run as a reader runs them, against the real stack with
 * a tenant's token: each issues a Factura, receives its dte.procesado webhook and verifies its signature.
 */
describe('README, Integrating', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(() => closeTestDatabase());

  async function ejecutar(comando: string, archivo: string) {
    // Under the repository, where `@dte/client` resolves from the workspace as the README says.
    const dir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.cache', 'readme-'));
    try {
      fs.writeFileSync(path.join(dir, archivo), bloque(archivo));
      const { stdout } = await promisify(execFile)(comando, [archivo], {
        cwd: dir,
        env: { ...process.env, API: stack().api, TOKEN: tenant.token },
      });
      return stdout.trim().split('\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it.each([
    ['the TypeScript client', 'node', 'primer-documento.mjs'],
    ['Python’s standard library', 'python3', 'primer_documento.py'],
  ])('issues a Factura and verifies its webhook with %s', async (_como, comando, archivo) => {
    const [emitido, webhook, ...resto] = await ejecutar(comando, archivo);
    const [, codigoGeneracion] = emitido!.match(/^PROCESSED DTE-01-\w{8}-\d{15} ([0-9A-F-]{36})$/) ?? [];
    expect([emitido, codigoGeneracion]).toEqual([emitido, expect.any(String)]);
    expect([webhook, resto]).toEqual([`webhook verificado: dte.procesado ${codigoGeneracion}`, []]);
    // The script removed the endpoint it registered.
    const res = await fetch(`${stack().api}/webhooks`, { headers: tenant.headers });
    expect((await res.json()).data).toEqual([]);
  });
});

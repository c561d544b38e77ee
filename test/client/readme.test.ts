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
let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTestTenant();
});
afterAll(() => closeTestDatabase());

describe('README, Integrating', () => {
  async function ejecutar(comando: string, archivo: string) {
    // Under the repository, where `@dte/client` resolves from the workspace as the README says.
    const cache = path.join(ROOT, 'node_modules', '.cache');
    fs.mkdirSync(cache, { recursive: true });
    const dir = fs.mkdtempSync(path.join(cache, 'readme-'));
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

/**
 * README's quick start: its curl, as a reader pastes it, is a request the API takes: its path and body
 * (the shell's quoting undone) sent to the test stack with a tenant's token issue a Factura MH accepts.
 */
describe('README, Quick start', () => {
  it('issues the Factura of its curl', async () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const inicio = readme.slice(readme.indexOf('## Quick start'));
    const curl = inicio.slice(inicio.indexOf('curl '), inicio.indexOf('```', inicio.indexOf('curl ')));
    const [, url] = curl.match(/-X POST (http:\/\/127\.0\.0\.1:3000\/\S+)/) ?? [];
    const [, cuerpo] = curl.match(/-d '([^']*)'/) ?? [];
    expect([url, cuerpo]).toEqual(['http://127.0.0.1:3000/dte/dte01', expect.any(String)]);
    const res = await fetch(url!.replace('http://127.0.0.1:3000', stack().api), {
      method: 'POST',
      headers: tenant.headers,
      body: cuerpo,
    });
    const doc = (await res.json()).data;
    expect([res.status, doc.tipo, doc.estado, doc.dteJson.receptor.correo]).toEqual([
      201,
      'FACTURA_CONSUMIDOR_FINAL',
      'PROCESSED',
      'ana@example.test',
    ]);
  });
});

'use strict';
/**
 * `npm run client:pack`: @dte/client as the package an integrator installs, `.data/paquetes/dte-client-<version>.tgz`,
 * which `npm install <tarball>` installs anywhere and `npm publish <tarball>` publishes under its name.
 *
 * The workspace's own build (`npx tsc -b`, CommonJS in packages/client/dist) serves the repository; the package
 * is built apart, from the same sources, in both module systems: dist/cjs for `require`, dist/esm for `import`,
 * each with its `.d.ts`. Its version is the API's (the OpenAPI document's `info.version`, which is
 * apps/api/package.json's), so a client's version names the API it was generated from. Nothing of the
 * workspace goes in: the sources import only each other and `standardwebhooks`.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const CLIENTE = path.join(ROOT, 'packages', 'client');
const SALIDA = path.join(ROOT, '.data', 'paquetes');

function ejecutar(comando, args, cwd = ROOT) {
  const res = spawnSync(comando, args, { cwd, encoding: 'utf8' });
  if (res.status !== 0)
    throw new Error(`${comando} ${args.join(' ')} failed:\n${res.stdout ?? ''}${res.stderr ?? res.error ?? ''}`);
  return res.stdout;
}

function versionDeLaApi() {
  const compiled = path.join(ROOT, 'apps', 'api', 'dist', 'openapi', 'document.js');
  if (!fs.existsSync(compiled)) throw new Error(`${path.relative(ROOT, compiled)} is missing: run npx tsc -b first`);
  return require(compiled).openApiDocument().info.version;
}

/** The sources compiled into `destino` as `module` (CommonJS or ES modules); the tsconfig's checks kept. */
function compilar(destino, module, moduleResolution) {
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
  ejecutar(tsc, [
    '-p',
    path.join(CLIENTE, 'tsconfig.json'),
    '--outDir',
    destino,
    '--module',
    module,
    '--moduleResolution',
    moduleResolution,
    '--composite',
    'false',
    '--incremental',
    'false',
    '--sourceMap',
    'false',
  ]);
}

/** The published manifest: the workspace's, with the API's version and an entry point per module system. */
function manifiesto(version) {
  const propio = JSON.parse(fs.readFileSync(path.join(CLIENTE, 'package.json'), 'utf8'));
  return {
    ...propio,
    version,
    main: './dist/cjs/index.js',
    types: './dist/cjs/index.d.ts',
    exports: {
      '.': {
        import: { types: './dist/esm/index.d.ts', default: './dist/esm/index.js' },
        require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
      },
      './package.json': './package.json',
    },
    files: ['dist', 'README.md'],
    // A scoped name is private on npm's public registry unless said otherwise; another registry ignores it.
    publishConfig: { access: 'public' },
  };
}

function main() {
  const version = versionDeLaApi();
  fs.mkdirSync(SALIDA, { recursive: true });
  // Assembled out of the repository, where no tool takes it for a second @dte/client (jest's module map would).
  const paquete = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-client-'));
  try {
    empaquetar(paquete, version);
  } finally {
    fs.rmSync(paquete, { recursive: true, force: true });
  }
}

function empaquetar(paquete, version) {
  compilar(path.join(paquete, 'dist', 'cjs'), 'commonjs', 'node10');
  compilar(path.join(paquete, 'dist', 'esm'), 'es2022', 'bundler');
  // Node reads dist/esm's .js files as ES modules only under a package.json that says so.
  fs.writeFileSync(path.join(paquete, 'dist', 'esm', 'package.json'), '{ "type": "module" }\n');
  fs.writeFileSync(path.join(paquete, 'package.json'), JSON.stringify(manifiesto(version), null, 2) + '\n');
  fs.copyFileSync(path.join(CLIENTE, 'README.md'), path.join(paquete, 'README.md'));
  const [{ filename }] = JSON.parse(ejecutar('npm', ['pack', '--json', '--pack-destination', SALIDA], paquete));
  process.stdout.write(`${path.relative(process.cwd(), path.join(SALIDA, filename))}\n`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}

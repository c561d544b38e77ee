import fs from 'node:fs';
import path from 'node:path';

/**
 * Every command a test spawns is installed by `npm test` itself: it is a command of a Debian package in
 * scripts/system-packages.json (which `npm start`, `npm test` and `.ci/run` install), a Node/npm tool, or
 * part of the base system below. A test that spawns anything else fails on a fresh machine with ENOENT.
 */
const ROOT = path.resolve(__dirname, '../..');
// Node and npm come with the prerequisites; `ps` (procps) and `sh` (dash) are in every Debian base image
// (Essential: yes).
const BASE = ['node', 'npm', 'npx', 'ps', 'sh'];
const SPAWN = /\b(?:execFileSync|execFile|execSync|exec|spawnSync|spawn)\(\s*['"`]([^'"`\s]+)/g;

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? e.name === 'node_modules'
          ? []
          : testFiles(path.join(dir, e.name))
        : /\.[cm]?[jt]s$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );
}

function testDirs(): string[] {
  const workspaces = ['packages', 'apps'].flatMap((top) =>
    fs.readdirSync(path.join(ROOT, top)).map((name) => path.join(ROOT, top, name, 'test')),
  );
  return [path.join(ROOT, 'test'), path.join(ROOT, 'deploy', 'test'), ...workspaces].filter((d) => fs.existsSync(d));
}

describe('system packages', () => {
  const lista: { package: string; commands: string[] }[] = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'scripts', 'system-packages.json'), 'utf8'),
  );

  it('lists every command a test spawns, or the command is Node, npm or the base system', () => {
    const instalados = new Set([...lista.flatMap((p) => p.commands), ...BASE]);
    const spawned = new Map<string, string>();
    for (const file of testDirs().flatMap(testFiles)) {
      for (const [, command] of fs.readFileSync(file, 'utf8').matchAll(SPAWN))
        spawned.set(command!, path.relative(ROOT, file));
    }
    // The scan sees the PDF tests' poppler commands, so an empty result cannot pass for a clean one.
    expect(spawned.has('pdftoppm')).toBe(true);
    expect([...spawned].filter(([command]) => !instalados.has(command))).toEqual([]);
  });

  it('is the list .ci/run relies on: it installs no package of its own', () => {
    const ci = fs.readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8');
    expect(ci).not.toMatch(/apt-get/);
    expect(ci).toMatch(/^npm test$/m);
  });
});

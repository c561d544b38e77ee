import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import madge from 'madge';

/**
 * No package or app imports itself around a circle of files, type-only imports included: a value cycle
 * leaves a module half-initialised depending on which file is loaded first, and a type-only one is where
 * the next value import closes it. Across packages there is no cycle to look for: `tsc -b` builds them in
 * the order of their project references, and refuses a circular one.
 */
const ROOT = path.join(__dirname, '../..');
const WORKSPACES = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
  .workspaces;

/** The file circles madge finds under `dir`, each as the paths it goes through. */
async function circulos(dir: string, tsConfig?: string): Promise<string[][]> {
  const grafo = await madge(dir, {
    fileExtensions: ['ts'],
    ...(tsConfig ? { tsConfig } : {}),
    // Its own files only: another package is reached through its built declarations, whose own circles
    // are tsc's emit (`import("../index")` types), not anyone's source.
    dependencyFilter: (dependencia) => dependencia.startsWith(dir + path.sep),
    // A type-only import counts too (madge's default, said here because it is the point).
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  return grafo.circular();
}

describe('import cycles', () => {
  it.each(WORKSPACES)('%s/src has none', async (workspace) => {
    expect(await circulos(path.join(ROOT, workspace, 'src'), path.join(ROOT, workspace, 'tsconfig.json'))).toEqual([]);
  });

  it('finds one closed by a type-only import (the control)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ciclo-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), `import { b } from './b';\nexport const a = () => b;\n`);
      fs.writeFileSync(
        path.join(dir, 'b.ts'),
        `import type { a } from './a';\nexport const b = 1 as unknown as typeof a;\n`,
      );
      expect(await circulos(dir)).toEqual([['a.ts', 'b.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

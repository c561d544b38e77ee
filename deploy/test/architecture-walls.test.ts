import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The architecture walls of eslint.config.js fail `npm test` (scripts/test.js lints before jest) only if
 * each rule fires on a file that crosses its wall: a probe linted as a file of the walled folder, with the
 * project's own configuration.
 */
const ROOT = path.join(__dirname, '../..');
const WALL = '@typescript-eslint/no-restricted-imports';

/**
 * Lints `source` as if it were `file` (an existing file of the walled folder). Nothing is written.
 *
 * The walls need no type information, so the probe is parsed without the TypeScript program: a program's
 * parser answered for a file sometimes with the file on disk instead of the text handed over (passing
 * locally, failing a clean clone), and a probe written beside the files was found or not depending on when
 * the program was built. The one type-aware rule goes with the program.
 */
async function lintProbe(file: string, source: string) {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    // The configuration handed over as it is: ESLint's own loading of it is a dynamic import, which jest's
    // module sandbox refuses.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    baseConfig: require('../../eslint.config.js'),
    overrideConfig: {
      languageOptions: { parserOptions: { project: null, projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result!.messages;
}

describe('architecture walls', () => {
  it.each([
    ['a workflow importing a Node builtin', 'apps/worker/src/workflows/index.ts', `import fs from 'node:fs';`],
    ['a workflow importing the activities', 'apps/worker/src/workflows/index.ts', `import fs from '@dte/activities';`],
    ['the domain importing the database', 'packages/domain/src/index.ts', `import fs from 'mongoose';`],
    ['the domain importing Temporal', 'packages/domain/src/index.ts', `import fs from '@temporalio/client';`],
    ['the API importing the activities', 'apps/api/src/main.ts', `import fs from '@dte/activities';`],
    ['the client importing a Node builtin', 'packages/client/src/index.ts', `import fs from 'node:fs';`],
    ['the client importing a bare Node builtin', 'packages/client/src/index.ts', `import fs from 'fs';`],
    ['the client importing the domain', 'packages/client/src/index.ts', `import fs from '@dte/domain';`],
  ])('fails lint on %s', async (_name, file, importLine) => {
    const messages = await lintProbe(file, `${importLine}\nexport const probe = fs;\n`);
    expect(messages.map((m) => m.ruleId)).toEqual([WALL]);
  });

  it('lets the activities, outside the walls, import what a workflow may not', async () => {
    const messages = await lintProbe(
      'packages/activities/src/index.ts',
      `import fs from 'node:fs';\nexport const probe = fs;\n`,
    );
    expect(messages).toEqual([]);
  });
});

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
 * Lints `source` as if it were `file` (an existing file of the walled folder): the type-aware parser only
 * knows the files of the TypeScript program, and a probe written beside them is found or not depending on
 * when the program was built. Nothing is written.
 */
async function lintProbe(file: string, source: string) {
  // The configuration handed over as it is: ESLint's own loading of it is a dynamic import, which jest's
  // module sandbox refuses.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, baseConfig: require('../../eslint.config.js') });
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

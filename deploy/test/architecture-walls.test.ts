import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The architecture walls of eslint.config.js fail `npm test` (scripts/test.js lints before jest) only if
 * each rule fires on a file that crosses its wall: a probe written into the walled folder, linted with the
 * project's own configuration, and removed whatever happens.
 */
const ROOT = path.join(__dirname, '../..');
const WALL = '@typescript-eslint/no-restricted-imports';

async function lintProbe(folder: string, source: string) {
  const file = path.join(ROOT, folder, `wall-probe-${process.pid}.ts`);
  fs.writeFileSync(file, source);
  try {
    // The configuration handed over as it is: ESLint's own loading of it is a dynamic import, which jest's
    // module sandbox refuses.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, baseConfig: require('../../eslint.config.js') });
    const [result] = await eslint.lintFiles([file]);
    return result!.messages;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('architecture walls', () => {
  it.each([
    ['a workflow importing a Node builtin', 'apps/worker/src/workflows', `import fs from 'node:fs';`],
    ['a workflow importing the activities', 'apps/worker/src/workflows', `import fs from '@dte/activities';`],
    ['the domain importing the database', 'packages/domain/src', `import fs from 'mongoose';`],
    ['the domain importing Temporal', 'packages/domain/src', `import fs from '@temporalio/client';`],
    ['the API importing the activities', 'apps/api/src', `import fs from '@dte/activities';`],
  ])('fails lint on %s', async (_name, folder, importLine) => {
    const messages = await lintProbe(folder, `${importLine}\nexport const probe = fs;\n`);
    expect(messages.map((m) => m.ruleId)).toEqual([WALL]);
  });

  it('lets the activities, outside the walls, import what a workflow may not', async () => {
    const messages = await lintProbe(
      'packages/activities/src',
      `import fs from 'node:fs';\nexport const probe = fs;\n`,
    );
    expect(messages).toEqual([]);
  });
});

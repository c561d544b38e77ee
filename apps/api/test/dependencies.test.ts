import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The gateway reads the store and starts workflows; the worker's side effects (Chromium, SMTP, MH's
 * client) never load in it. Checked on the built API (`npm test` builds first), in a process of its own.
 */
describe('the API process', () => {
  it('loads neither puppeteer nor nodemailer nor the activities package', () => {
    const main = path.join(__dirname, '../dist/app.js');
    const script = `require(${JSON.stringify(main)});
      process.stdout.write(JSON.stringify(Object.keys(require.cache)))`;
    const loaded: string[] = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
    expect(loaded.some((file) => file.includes(`${path.sep}express${path.sep}`))).toBe(true);
    expect(loaded.filter((file) => /puppeteer|nodemailer|packages[\\/]activities/.test(file))).toEqual([]);
  });
});

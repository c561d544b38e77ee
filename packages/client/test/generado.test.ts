import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The client's types and operation table are generated from the API's OpenAPI document: a route changed
 * without `npm run generate:client` leaves them behind the document `/openapi.json` serves, and fails here.
 * The document is the compiled API's, as the stack serves it (`npm test` builds before running jest).
 */
describe('the generated client files', () => {
  it('are what the live OpenAPI document gives', () => {
    const check = spawnSync(process.execPath, [path.join(ROOT, 'scripts/generate-client.js'), '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
    expect(check.stdout).toBe('generated client files are up to date\n');
  });
});

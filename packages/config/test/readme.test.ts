import fs from 'node:fs';
import path from 'node:path';
import { configVariables } from '../src';

describe('configuration documentation', () => {
  it('documents every variable of the configuration module in the README', () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
    expect(configVariables.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});

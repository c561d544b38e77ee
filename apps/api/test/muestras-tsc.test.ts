import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { openApiDocument } from '../src/openapi/document';
import type { CodeSample } from '../src/openapi/muestras';

/** Every operation's TypeScript sample, as /docs shows it. */
const MUESTRAS = Object.values(openApiDocument().paths).flatMap((metodos) =>
  Object.values(metodos as Record<string, { operationId: string; 'x-codeSamples': CodeSample[] }>).flatMap((op) =>
    op['x-codeSamples'].filter((s) => s.lang === 'typescript').map((s) => ({ id: op.operationId, source: s.source })),
  ),
);

/**
 * The options an integrator's strict project would have: an ES module on Node 20+ (the samples await at top
 * level), with Node's types. `@dte/client` is the workspace's package by its source, so that a sample is
 * checked against the client's types as they are, built or not.
 */
const OPCIONES: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ES2022,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  typeRoots: [path.join(__dirname, '..', '..', '..', 'node_modules', '@types')],
  skipLibCheck: true,
  paths: { '@dte/client': [path.join(__dirname, '..', '..', '..', 'packages', 'client', 'src', 'index.ts')] },
};

describe('the TypeScript samples of /docs', () => {
  it('are there, one for each operation', () => {
    expect(MUESTRAS.length).toBeGreaterThan(50);
    expect(new Set(MUESTRAS.map((m) => m.id)).size).toBe(MUESTRAS.length);
  });

  it('pass tsc --strict as written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muestras-tsc-'));
    try {
      const archivos = MUESTRAS.map(({ id, source }) => {
        const archivo = path.join(dir, `${id}.ts`);
        fs.writeFileSync(archivo, source);
        return archivo;
      });
      // One program for all: the client's types are checked once, not once a sample.
      const programa = ts.createProgram(archivos, OPCIONES);
      const errores = ts.getPreEmitDiagnostics(programa).map((d) => {
        const texto = ts.flattenDiagnosticMessageText(d.messageText, '\n');
        if (!d.file || d.start === undefined) return texto;
        const { line } = d.file.getLineAndCharacterOfPosition(d.start);
        return `${path.relative(dir, d.file.fileName)}:${line + 1}: ${texto}`;
      });
      expect(errores).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

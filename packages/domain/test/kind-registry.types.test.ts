import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * A kind is one entry of the registry (`src/dte/document-kinds.ts`), and every per-kind table elsewhere is
 * typed by the registry's codes: this compiles the tables' files with a dummy kind added to the registry (in
 * memory, nothing is written) and expects the compiler to name each table that lacks the dummy's line. So
 * a table that loses its exhaustive typing fails here. The same for a schema added to MH's table.
 */
const ROOT = path.resolve(__dirname, '../../..');
const REGISTRY = path.join(ROOT, 'packages/domain/src/dte/document-kinds.ts');
const SCHEMAS = path.join(ROOT, 'packages/domain/src/mh/schemas.ts');

/** Each file with per-kind tables, and the tables (their variable's name) a new kind must fill. */
const TABLAS_POR_TIPO: Record<string, string[]> = {
  'packages/domain/src/dte/document-kinds.ts': ['definitions'],
  'packages/domain/src/dte/anulacion/plazos.ts': ['PLAZO_SPEC', 'PLAZOS_MH', 'SIN_REEMPLAZO_2026'],
  'packages/activities/src/pdf/template/dte-template.ts': ['PARTES'],
  'packages/activities/src/dte/deliver.ts': ['TITULO_PROPIO'],
  'apps/api/src/routes/issue.ts': ['RUTAS'],
  'apps/mh-simulator/src/eventos/invalidacion.ts': ['PLAZOS_INVALIDACION', 'SIN_REEMPLAZO_PREVIO'],
};
/**
 * The facts of its own a new kind's entry must state, each named by the compiler: its builders, the books
 * and F-07 annexes its documents go to (`libros`, read by `src/libros/tipos.ts`) and how the purchase
 * verifier reads one received (`compra`: its receptor, its amount and its arithmetic, read by
 * `src/compras/tipos.ts`). A kind in no book, or never received, says so (`FUERA_DE_LIBROS`, `NO_SE_RECIBE`).
 */
const CAMPOS_DEL_TIPO = ['builders', 'compra', 'libros'];
/** The tables a new MH schema must fill. */
const TABLAS_POR_ESQUEMA: Record<string, string[]> = {
  'apps/mh-simulator/src/recepcion/calculo.ts': ['reglasDeCalculo'],
};

/** A kind without any of its facts but its request, permission and totals (no builders, books or purchase either). */
const DUMMY_KIND = `  DUMMY: define({
    tipoDte: '99',
    requestSchema: dte01Request,
    permission: 'DUMMY',
    total: resumenTotal('totalPagar'),
    receptorCorreo: correoDe('receptor'),
  }),
`;
const DUMMY_SCHEMA = `  'fe-dummy-v1': dte('99', 1, '2026', fV2),\n`;

function insertBefore(file: string, anchor: string, insertion: string): [string, string] {
  const text = ts.sys.readFile(file)!;
  expect(text).toContain(anchor);
  return [file, text.replace(anchor, insertion + anchor)];
}

function compilerOptions(): ts.CompilerOptions {
  const base = ts.readConfigFile(path.join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(base, ts.sys, ROOT);
  const src = (pkg: string, file = 'index.ts') => [path.join(ROOT, pkg, 'src', file)];
  return {
    ...options,
    noEmit: true,
    composite: false,
    declaration: false,
    incremental: false,
    types: ['node'],
    // Each package from its sources, so that a change to the registry reaches the packages that import it.
    paths: {
      '@dte/domain': src('packages/domain'),
      '@dte/domain/limites': src('packages/domain', 'mh/limites.ts'),
      '@dte/config': src('packages/config'),
      '@dte/contract': src('packages/contract'),
      '@dte/contract/client': src('packages/contract', 'client.ts'),
      '@dte/store': src('packages/store'),
      '@dte/activities': src('packages/activities'),
    },
  };
}

interface Falta {
  file: string;
  /** The top-level variable the error falls in, if it does. */
  table: string | undefined;
  message: string;
}

const options = compilerOptions();

/** The errors of these files, with the registry or MH's table changed as `overrides` say. */
function faltas(files: string[], overrides: Map<string, string>): Falta[] {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = overrides.get(path.resolve(fileName));
    return text === undefined
      ? getSourceFile(fileName, languageVersion, ...rest)
      : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  const roots = files.map((f) => path.join(ROOT, f));
  const program = ts.createProgram(roots, options, host);
  return roots.flatMap((root) => {
    const source = program.getSourceFile(root)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => ({
      file: path.relative(ROOT, root),
      table: variableAt(source, d.start ?? 0),
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
  });
}

function variableAt(source: ts.SourceFile, position: number): string | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || position < statement.pos || position >= statement.end) continue;
    const declaration = statement.declarationList.declarations.find((d) => position < d.end);
    return declaration && ts.isIdentifier(declaration.name) ? declaration.name.text : undefined;
  }
  return undefined;
}

const tablas = (tablasPorArchivo: Record<string, string[]>) =>
  Object.entries(tablasPorArchivo).flatMap(([file, tables]) => tables.map((table) => `${file} ${table}`));

describe('a new kind is one registry entry the compiler checks', () => {
  const files = [...Object.keys(TABLAS_POR_TIPO), ...Object.keys(TABLAS_POR_ESQUEMA)];

  it('the tables compile as they are (control)', () => {
    expect(faltas(files, new Map())).toEqual([]);
  });

  it('a kind added to the registry, and a schema to MH’s table, without their facts are named in each table', () => {
    const probe = new Map([
      insertBefore(REGISTRY, '  RETORNO: define({', DUMMY_KIND),
      insertBefore(SCHEMAS, "  'invalidacion-schema-v3':", DUMMY_SCHEMA),
    ]);
    const todas = faltas(files, probe);
    // Errors in function bodies that read a table follow from the table's own.
    const nombradas = todas.flatMap((f) => (f.table ? [`${f.file} ${f.table}`] : []));
    expect([...new Set(nombradas)].sort()).toEqual([...tablas(TABLAS_POR_TIPO), ...tablas(TABLAS_POR_ESQUEMA)].sort());
    const camposQueFaltan = todas
      .filter((f) => f.table === 'definitions')
      .flatMap((f) => /missing the following properties from type [^\n]*: ([\w, ]+)$/m.exec(f.message)?.[1] ?? [])
      .flatMap((lista) => lista.split(', '));
    expect(camposQueFaltan.sort()).toEqual(CAMPOS_DEL_TIPO);
  });
});

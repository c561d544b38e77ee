import fs from 'node:fs';
import path from 'node:path';

/**
 * The apps reach the database only through repositories: the API and the worker through `@dte/store`, the
 * MH simulator (which must not share the service's store) through its own `src/store`. A model's query
 * method called anywhere else under apps/ is a query no repository names, so none can be kept atomic or
 * answerable by FerretDB in one place. Read as source text: a model call needs no types to be seen.
 */
const ROOT = path.join(__dirname, '../..');
const APPS = path.join(ROOT, 'apps');
const REPOSITORIO_DEL_SIMULADOR = path.join('apps', 'mh-simulator', 'src', 'store') + path.sep;

/** mongoose's query and write methods (not `.find(`/`.create(`, which arrays and other APIs share), and `models.`. */
const LLAMADA_A_MODELO =
  /\.(findOne|findById|findByIdAndUpdate|findOneAndUpdate|findOneAndReplace|findOneAndDelete|updateOne|updateMany|replaceOne|insertMany|bulkWrite|deleteOne|deleteMany|countDocuments|aggregate|collection)\(|\bmodels\./;

/** The `file:line: text` of each model call in the source text. */
function llamadas(archivo: string, texto: string): string[] {
  return texto
    .split('\n')
    .map((linea, i) => [linea, i + 1] as const)
    .filter(([linea]) => LLAMADA_A_MODELO.test(linea))
    .map(([linea, n]) => `${archivo}:${n}: ${linea.trim()}`);
}

/** The apps' source files (built output and installed packages left out), relative to the root. */
function fuentes(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entrada) => {
    const ruta = path.join(dir, entrada.name);
    if (entrada.isDirectory()) return ['node_modules', 'dist'].includes(entrada.name) ? [] : fuentes(ruta);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entrada.name) ? [path.relative(ROOT, ruta)] : [];
  });
}

describe('model calls under apps/', () => {
  it('are made only by the simulator’s repository', () => {
    const archivos = fuentes(APPS).filter((archivo) => !archivo.startsWith(REPOSITORIO_DEL_SIMULADOR));
    expect(archivos).toContain(path.join('apps', 'mh-simulator', 'src', 'control', 'rutas.ts'));
    expect(archivos.flatMap((archivo) => llamadas(archivo, fs.readFileSync(path.join(ROOT, archivo), 'utf8')))).toEqual(
      [],
    );
  });

  it('finds one in a route (the control)', () => {
    const ruta = `router.post('/documentos/olvidar', async (req, res) => {
    const { deletedCount } = await store.documentos.deleteOne({ _id: req.body.codigoGeneracion });
    const emisor = await store.emisores.findOne({ nit }).lean();
    const n = await store.documentos.countDocuments({ nitEmisor: nit });
    const modelo = connection.models.Documento;
    const registros = lista.find((r) => r.scope === nit) ?? (await repositorio.existe(codigo));`;
    expect(llamadas('apps/mh-simulator/src/control/rutas.ts', ruta)).toEqual([
      'apps/mh-simulator/src/control/rutas.ts:2: const { deletedCount } = await store.documentos.deleteOne({ _id: req.body.codigoGeneracion });',
      'apps/mh-simulator/src/control/rutas.ts:3: const emisor = await store.emisores.findOne({ nit }).lean();',
      'apps/mh-simulator/src/control/rutas.ts:4: const n = await store.documentos.countDocuments({ nitEmisor: nit });',
      'apps/mh-simulator/src/control/rutas.ts:5: const modelo = connection.models.Documento;',
    ]);
  });

  it('are found in the simulator’s repository, which the first check leaves out on purpose', () => {
    const repositorio = path.join(REPOSITORIO_DEL_SIMULADOR, 'repositorios.ts');
    expect(llamadas(repositorio, fs.readFileSync(path.join(ROOT, repositorio), 'utf8')).length).toBeGreaterThan(0);
  });
});

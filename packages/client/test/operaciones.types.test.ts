import path from 'node:path';
import ts from 'typescript';
import type { DteClient } from '../src';

/**
 * Calls the compiler must refuse, each under the `@ts-expect-error` it must earn. Never run: the tests'
 * tsc run compiles them (an expectation no error meets is itself an error), and so does the test below,
 * which also checks that each error is the one intended.
 */
export function usos(client: DteClient) {
  void client.operaciones.issueCreditoFiscal({
    body: {
      receptor: {
        nit: '06140101901015',
        nrc: '9000009',
        nombre: 'SALVADOR CABAL',
        codActividad: '69100',
        descActividad: 'Actividades jurídicas',
        direccion: { departamento: '06', municipio: '23', distrito: '14', complemento: 'Calle 1 #10' },
        correo: 'contribuyente@example.com',
      },
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 }],
      condicionOperacion: 1,
    },
    idempotencyKey: 'pedido-1',
  });
  void client.paginar('listDocuments', { query: { estado: 'PROCESSED', limit: 50 } });
  void client.operaciones.getInformation();

  const factura = { receptor: {}, items: [], condicionOperacion: 1 as const };
  void client.operaciones.issueFacturaConsumidorFinal({ body: factura });
  // @ts-expect-error a misspelled body field
  void client.operaciones.issueFacturaConsumidorFinal({ body: { ...factura, recepto: {} } });
  // @ts-expect-error an operationId the API does not have
  void client.operaciones.issueFactura({ body: {} });
  // @ts-expect-error an operation's path parameter left out
  void client.operaciones.getDocument({});
  // @ts-expect-error a value outside the parameter's enum
  void client.operaciones.listDocuments({ query: { estado: 'PROCESADO' } });
  // @ts-expect-error a list that is not read by cursor
  void client.paginar('listWebhooks');

  // An issuance's answer told apart by `estado`, its PDF a Blob unless asked for as JSON: no cast needed.
  void client.operaciones.issueFacturaConsumidorFinal({ body: factura }).then(({ data }) => {
    const numero: string = data.estado === 'PENDIENTE' ? data.codigoGeneracion : data.numeroControl;
    // @ts-expect-error a pending issuance has no numeroControl yet
    return [numero, data.numeroControl];
  });
  void client.request('issueFacturaConsumidorFinal', { body: factura }).then((r) => {
    const cuando: string = r.status === 202 ? r.data.message : r.data.data.numeroControl;
    return cuando;
  });
  const pdf: Promise<Blob> = client.operaciones.getPdf({
    path: { codigoGeneracion: 'X' },
    query: { formato: 'ticket80' },
  });
  void client.operaciones.getPdf({ path: { codigoGeneracion: 'X' }, query: { format: 'url' } }).then(({ data }) => {
    // @ts-expect-error the JSON formats' answer is no Blob
    void data.size;
  });
  const formato = Math.random() > 0.5 ? ('url' as const) : ('view' as const);
  // @ts-expect-error a format known only when run: a Blob or JSON
  const cualquiera: Promise<Blob> = client.operaciones.getPdf({
    path: { codigoGeneracion: 'X' },
    query: { format: formato },
  });
  const libro: Promise<Blob> = client.operaciones.getLibroCompras({ query: { periodo: '2026-11', formato: 'xlsx' } });
  void client.operaciones.getLibroCompras({ query: { periodo: '2026-11' } }).then(({ data }) => data);
  return [pdf, cualquiera, libro];
}

/** What each `@ts-expect-error` above must stand for, in order. */
const ESPERADOS = [
  /'recepto' does not exist/,
  /Property 'issueFactura' does not exist/,
  /'path' is missing/,
  /'"PROCESADO"' is not assignable/,
  /'"listWebhooks"' is not assignable to parameter of type 'OperacionPaginada'/,
  /Property 'numeroControl' does not exist/,
  /Property 'size' does not exist/,
  /is not assignable to type 'Promise<Blob>'/,
];

const ROOT = path.resolve(__dirname, '../../..');

function errores(texto: string): { linea: number; mensaje: string }[] {
  const base = ts.readConfigFile(path.join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(base, ts.sys, ROOT);
  const compilerOptions = { ...options, noEmit: true, composite: false, declaration: false, types: ['node', 'jest'] };
  const host = ts.createCompilerHost(compilerOptions);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    path.resolve(fileName) === __filename
      ? ts.createSourceFile(fileName, texto, languageVersion, true)
      : getSourceFile(fileName, languageVersion, ...rest);
  const program = ts.createProgram([__filename], compilerOptions, host);
  const source = program.getSourceFile(__filename)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => ({
    linea: source.getLineAndCharacterOfPosition(d.start ?? 0).line,
    mensaje: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

describe('the client’s types, from the generated OpenAPI types', () => {
  const texto = ts.sys.readFile(__filename)!;

  it('compile the calls above, each refused one where it is expected', () => {
    expect(errores(texto)).toEqual([]);
  });

  it('refuse each marked call for the reason it is marked', () => {
    const lineas = texto.split('\n');
    const marcadas = lineas.flatMap((l, i) => (l.trim().startsWith('// @ts-expect-error') ? [i + 1] : []));
    expect(marcadas).toHaveLength(ESPERADOS.length);
    const sinMarcas = lineas.map((l) => (l.trim().startsWith('// @ts-expect-error') ? '' : l)).join('\n');
    const hallados = errores(sinMarcas);
    expect(hallados.map((e) => e.linea)).toEqual(marcadas);
    hallados.forEach((e, i) => expect(e.mensaje).toMatch(ESPERADOS[i]!));
  });
});

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { DteClient } from '@dte/client';
import { openApiDocument } from '../../apps/api/src/openapi/document';
import { ISSUANCE_EXAMPLES } from '../../apps/api/src/openapi/examples';
import { VALOR_DE_EJEMPLO, type CodeSample } from '../../apps/api/src/openapi/muestras';
import { duiNuevo } from '../clientes/libreta';
import { crearCuentaImap, type CuentaImap } from '../support/buzon';
import { alReceptor, archivoDte, emitir } from '../support/fixtures';
import { archivosPrevios } from '../support/importacion';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, simulator, type TestTenant } from '../support/tenant';

const exec = promisify(execFile);

interface Muestra extends CodeSample {
  operationId: string;
  /** The operation's samples print a JSON answer (the others print text or write the file they name). */
  json: boolean;
}

interface Operacion {
  operationId: string;
  'x-codeSamples': CodeSample[];
  requestBody?: { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> };
}

/** Every operation's samples, as /openapi.json and /docs carry them. */
const MUESTRAS: Muestra[] = Object.values(openApiDocument().paths).flatMap((metodos) =>
  Object.values(metodos as Record<string, Operacion>).flatMap((op) => {
    // What the Python sample does with the answer tells what it is: printed as JSON, or as text, or saved.
    const json = op['x-codeSamples'].some((s) => s.source.includes('json.load(res)'));
    return op['x-codeSamples'].map((s) => ({ ...s, operationId: op.operationId, json }));
  }),
);

/**
 * What the book's examples add (`clientes.openapi.ts`, `productos.openapi.ts`): a customer's document and a
 * product's code are one per emisor, so each run of a sample that adds them finds the book without them.
 */
const DOCUMENTOS_DE_EJEMPLO = ['0614-030915-112-5', '012345678', '000162975'];
const CODIGOS_DE_EJEMPLO = ['CAF-500', 'TE-100', 'SRV-1'];
const codigoNuevo = () => `M-${randomUUID().slice(0, 8).toUpperCase()}`;

/** Samples run at once: each is a child process, and the issuing ones wait for MH's answer. */
const EN_PARALELO = 4;

/**
 * The samples run in a directory of their own inside the repository, so that the TypeScript one's
 * `import '@dte/client'` resolves to the workspace's package as an integrator's installed one would.
 */
const DIRECTORIO = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'muestras');

/** python3 itself, once: a version manager's shim in PATH (pyenv's) costs seconds on every run. */
const python3 = exec('python3', ['-c', 'import sys; print(sys.executable)']).then(({ stdout }) => stdout.trim());

/**
 * A sample as its reader runs it: curl in sh, Python with python3, and the TypeScript one transpiled as
 * it is (typescript's transpileModule, no type check: the client's types are checked by its own tests) to
 * an ES module run by node. Answers the process's output; a non-zero exit (a refusal: curl's
 * --fail-with-body, Python's HTTPError, the client's DteApiError) rejects with it.
 */
async function ejecutar(muestra: Muestra, source: string, cwd: string, tenant: TestTenant) {
  const env = { ...process.env, DTE_API_URL: stack().api, DTE_TOKEN: tenant.token };
  const opciones = { cwd, env, maxBuffer: 16 * 1024 * 1024 };
  if (muestra.lang === 'shell') return exec('sh', ['-c', source], opciones);
  if (muestra.lang === 'python') return exec(await python3, ['-c', source], opciones);
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const archivo = path.join(cwd, 'muestra.mjs');
  fs.writeFileSync(archivo, outputText);
  return exec(process.execPath, [archivo], opciones);
}

/** The request example an operation documents (its samples send it), as the API takes it. */
function ejemplo(operationId: string): Record<string, unknown> {
  for (const metodos of Object.values(openApiDocument().paths))
    for (const op of Object.values(metodos as Record<string, Operacion>))
      if (op.operationId === operationId) return op.requestBody!.content['application/json']!.examples.default!.value;
  throw new Error(`${operationId} documents no request example`);
}

/**
 * Operations on one resource per emisor (its mailbox, its certification campaign, a supplier's default
 * classification), whose samples would undo each other's setup or race on one record if they ran at once:
 * they run one after another.
 */
const CERTIFICACION = new Set([
  'startCertificacion',
  'getCertificacion',
  'getInformeCertificacion',
  'pausarCertificacion',
  'reanudarCertificacion',
  'cancelarCertificacion',
]);
const SECUENCIALES = new Set(['classifyCompra', 'setBuzon', 'getBuzon', 'deleteBuzon', 'readBuzon', ...CERTIFICACION]);

/**
 * Samples that take the newest record of a kind and use it up (invalidate, return, delete, confirm) or need it
 * to be the one just made (a Factura to a consumer the book lacks): they run last, one at a time with nothing
 * else running, each right after what it takes is made.
 */
const SOLAS = new Set([
  'issueRetorno',
  'vistaPreviaRetorno',
  'invalidateDocument',
  'createClienteFromDte',
  'confirmCompra',
  'deleteWebhook',
  'redeliverWebhookEvent',
  'deleteCliente',
  'deleteProducto',
  // These add the examples' customer or product, which each run first removes (`sinLosDeEjemplo`).
  'createCliente',
  'replaceCliente',
  'importClientes',
  'createProducto',
  'replaceProducto',
  'importProductos',
]);

describe('the code samples of /docs, run against the stack', () => {
  let tenant: TestTenant;
  let client: DteClient;
  /** A Factura of the tenant's: the import's samples send a copy of it, as a previous provider issued it. */
  let factura: string;
  /**
   * The certification samples' own tenant, every document of which MH rejects: its campaigns pause at their
   * first document instead of completing (a completed certification takes no other), and the rejections
   * touch no other sample's documents.
   */
  let certificador: { tenant: TestTenant; client: DteClient };
  /** A supplier of the tenant's, whose documents the confirmation's samples confirm. */
  let proveedor: TestTenant;
  /** The emisor `sondearMh`'s samples probe for: MH refuses it, and its contingency waits for MH. */
  let sondeado: Promise<TestTenant> | undefined;

  /** A supplier's CCF received without its signature: it waits for a person (POR_CONFIRMAR), once each sample. */
  const compraPorConfirmar = async () => {
    const doc = await emitir(proveedor, '/dte/dte03', {
      receptor: await alReceptor(tenant),
      items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 25 }],
      condicionOperacion: 1,
    });
    const { firmaElectronica: _firma, ...sinFirma } = await archivoDte(proveedor, doc);
    const recibida = await api('POST', '/compras', tenant, sinFirma);
    expect(recibida.body.data.estado).toBe('POR_CONFIRMAR');
    return doc.codigoGeneracion;
  };

  const emitirFactura = async () =>
    (
      await client.operaciones.issueFacturaConsumidorFinal({
        body: ISSUANCE_EXAMPLES.FACTURA_CONSUMIDOR_FINAL.body as never,
      })
    ).data.codigoGeneracion;

  const webhook = async () =>
    (await client.operaciones.createWebhook({ body: ejemplo('createWebhook') as never })).data.id;

  /** The stack's own mailbox as the emisor's (the example's Gmail one cannot be read from here). */
  let cuenta: CuentaImap;
  const buzon = async () => {
    const { host, port, tls, usuario, password } = cuenta;
    await client.operaciones.setBuzon({
      body: { ...ejemplo('setBuzon'), host, port, tls, usuario, password } as never,
    });
    return {};
  };

  const estadoCampana = () =>
    certificador.client.operaciones.getCertificacion().then(
      (r) => (r.data as { estado?: string }).estado,
      () => undefined,
    );
  const viva = (estado: string | undefined) => estado === 'EN_CURSO' || estado === 'PAUSADA';
  /** No campaign running: the one a previous sample started is cancelled, and its end awaited. */
  const sinCampana = async () => {
    if (viva(await estadoCampana())) await certificador.client.operaciones.cancelarCertificacion();
    await eventually('the certification campaign to end', async () => {
      const estado = await estadoCampana();
      if (viva(estado)) throw new Error(`the campaign is ${estado}`);
      return true;
    });
    return {};
  };
  /**
   * The campaign started, as its record has it (what reanudar and cancelar read): GET /certificacion then
   * answers with `iniciadaEn`. Just after a start it may answer without it, or fail while the workflow does
   * not answer its query yet.
   */
  const campanaRegistrada = async () => {
    await eventually('the campaign recorded', async () => {
      const { data } = await certificador.client.operaciones.getCertificacion();
      return viva((data as { estado?: string }).estado) && 'iniciadaEn' in data;
    });
    return {};
  };
  /** A campaign of its own, just started: a cancelled one may still read as running for a moment. */
  const campanaNueva = async () => {
    await sinCampana();
    await certificador.client.operaciones.startCertificacion({ body: ejemplo('startCertificacion') as never });
    return campanaRegistrada();
  };

  /** An emisor of its own in an outage, with a document in contingencia: probing MH now answers 200. */
  const contingenciaEsperando = () =>
    (sondeado ??= (async () => {
      const t = await createTestTenant();
      await simulator('/outage', { mode: 'refuse', emisor: t.nit });
      const { body } = await api('POST', '/dte/dte01', t, {
        receptor: {},
        items: [{ descripcion: 'Café', cantidad: 1, precioUnitario: 2 }],
        condicionOperacion: 1,
      });
      expect(body.data.estado).toBe('CONTINGENCIA');
      // 409 MH_NOT_AWAITED until the contingency's first probe has gone unanswered.
      await eventually('the contingency waiting for MH', async () => {
        const { status } = await api('POST', '/operaciones/sondeo', t);
        return status === 200;
      });
      return t;
    })());

  /**
   * What a sample finds (its newest of a kind) made before each run of it, and what it adds removed (the
   * examples' customer and product): each sample runs as it is written.
   */
  const PREPARAR: Record<string, (cwd: string) => Promise<unknown>> = {
    // Each run returns, or previews the return of, the whole of a Factura of its own.
    issueRetorno: emitirFactura,
    vistaPreviaRetorno: emitirFactura,
    // Each run invalidates a Factura of its own, replaced by the one issued after it.
    invalidateDocument: async () => {
      await emitirFactura();
      await emitirFactura();
    },
    // The import's file, beside the sample as its one line says: a document of the previous provider's.
    createImportacion: async (cwd) => {
      fs.writeFileSync(path.join(cwd, 'archivo.json'), JSON.stringify(await archivoPrevio()));
    },
    // One endpoint of its own for each run that deletes it; the event redelivered is a test event.
    deleteWebhook: webhook,
    redeliverWebhookEvent: async () => {
      const { data: endpoints } = await client.operaciones.listWebhooks();
      const id = endpoints.at(-1)!.id;
      const { data } = await client.operaciones.testWebhook({ path: { id } });
      await eventually('the test event in the delivery log', async () =>
        (await client.operaciones.listWebhookDeliveries({ path: { id } })).data.some(
          (e) => e.eventoId === data.eventoId,
        ),
      );
      return {};
    },
    confirmCompra: async () => (await compraPorConfirmar(), {}),
    getBuzon: buzon,
    deleteBuzon: buzon,
    readBuzon: buzon,
    startCertificacion: sinCampana,
    getCertificacion: campanaRegistrada,
    pausarCertificacion: campanaNueva,
    reanudarCertificacion: campanaNueva,
    cancelarCertificacion: campanaNueva,
    createCliente: sinLosDeEjemplo,
    // The newest customer, made now, becomes the example's.
    replaceCliente: async () => {
      await sinLosDeEjemplo();
      await clienteNuevo();
    },
    deleteCliente: () => clienteNuevo(),
    importClientes: sinLosDeEjemplo,
    createClienteFromDte: () => facturaANuevo(),
    createProducto: sinLosDeEjemplo,
    replaceProducto: async () => {
      await sinLosDeEjemplo();
      await productoNuevo();
    },
    deleteProducto: () => productoNuevo(),
    importProductos: sinLosDeEjemplo,
    sondearMh: contingenciaEsperando,
  };

  /** The book and the catalog without the examples' customers and products, found by the search box. */
  async function sinLosDeEjemplo() {
    const digitos = (d: string) => d.replace(/\D/g, '');
    for (const documento of DOCUMENTOS_DE_EJEMPLO) {
      const { body } = await api('GET', `/clientes?q=${digitos(documento)}`, tenant);
      for (const c of body.data as { id: string; numDocumento: string }[])
        if (digitos(c.numDocumento) === digitos(documento)) await api('DELETE', `/clientes/${c.id}`, tenant);
    }
    for (const codigo of CODIGOS_DE_EJEMPLO) {
      const { body } = await api('GET', `/productos?q=${encodeURIComponent(codigo)}`, tenant);
      for (const p of body.data as { id: string; codigo: string }[])
        if (p.codigo.toUpperCase() === codigo) await api('DELETE', `/productos/${p.id}`, tenant);
    }
  }

  /** An Archivo DTE of the tenant's, as its previous provider issued it: numbered far from its own series. */
  let importados = 0;
  const archivoPrevio = async () => {
    const plantilla = await client.operaciones.getArchivoDte({ path: { codigoGeneracion: factura } });
    const [archivo] = await archivosPrevios(tenant, plantilla, 1, {
      fecEmi: '2026-11-10',
      desde: 900_000 + ++importados,
    });
    return archivo!;
  };
  /** An import of the tenant's, started. */
  const importacion = async () => {
    const subida = new FormData();
    subida.append('archivo', new Blob([JSON.stringify(await archivoPrevio())]), 'archivo.json');
    const res = await fetch(`${stack().api}/importaciones`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}` },
      body: subida,
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };

  const clienteNuevo = async () =>
    (await api('POST', '/clientes', tenant, { nombre: 'Muestra', tipoDocumento: '13', numDocumento: duiNuevo() })).body
      .data.id as string;
  const productoNuevo = async () =>
    (await api('POST', '/productos', tenant, { codigo: codigoNuevo(), descripcion: 'Muestra', precioUnitario: 1 })).body
      .data.id as string;
  /** A Factura to a consumer the book does not have yet. */
  const facturaANuevo = async () =>
    (
      await emitir(tenant, '/dte/dte01', {
        receptor: { nombre: 'Muestra', tipoDocumento: '13', numDocumento: duiNuevo() },
        items: [{ descripcion: 'Café', cantidad: 1, precioUnitario: 2 }],
        condicionOperacion: 1,
      })
    ).codigoGeneracion;

  beforeAll(async () => {
    [tenant, proveedor] = await Promise.all([createTestTenant(), createTestTenant()]);
    client = new DteClient({ baseUrl: stack().api, token: tenant.token });
    // What the samples find, each the newest of its kind: a Factura, a CCF, an endpoint, an import, a customer
    // and a product.
    factura = await emitirFactura();
    await client.operaciones.issueCreditoFiscal({ body: ISSUANCE_EXAMPLES.CREDITO_FISCAL.body as never });
    await Promise.all([webhook(), importacion(), clienteNuevo(), productoNuevo()]);
    const otro = await createTestTenant();
    certificador = { tenant: otro, client: new DteClient({ baseUrl: stack().api, token: otro.token }) };
    await simulator('/reject', {
      next: 1000,
      codigoMsg: '020',
      clasificaMsg: '16',
      descripcionMsg: '[resumen.totalPagar] CALCULO INCORRECTO',
      emisor: otro.nit,
    });
    // Made long before a sample reads it: Dovecot notices a new account by its passwd-file's change.
    cuenta = crearCuentaImap('muestras');
    // The purchases' example received with a PDF, as a supplier's e-mail brings it, so that its PDF can be read.
    const subida = new FormData();
    subida.append('json', new Blob([JSON.stringify(ejemplo('receiveCompra'))]), 'dte.json');
    subida.append('pdf', new Blob(['%PDF-1.4\n%%EOF\n']), 'dte.pdf');
    const recibida = await fetch(`${stack().api}/compras`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}` },
      body: subida,
    });
    expect(recibida.status).toBe(201);
    // The day the conciliación's example reads, reconciled as the daily schedule would (the admin CLI).
    await exec(
      process.execPath,
      [
        'apps/api/dist/admin/cli.js',
        'conciliar',
        '--emisor',
        String(tenant.emisorId),
        '--fecha',
        VALOR_DE_EJEMPLO.fecha!,
      ],
      { cwd: path.join(__dirname, '..', '..'), env: { ...process.env, ...stack().env } },
    );
    fs.mkdirSync(DIRECTORIO, { recursive: true });
    // Here, not in the test's own budget: the contingency takes a few probes to be waiting for MH.
    await contingenciaEsperando();
  });
  afterAll(async () => {
    if (sondeado) await simulator('/outage', { mode: 'none', emisor: (await sondeado).nit });
    await closeTestDatabase();
  });

  it('has the three samples for every operation', () => {
    const porOperacion = new Map<string, string[]>();
    for (const m of MUESTRAS) porOperacion.set(m.operationId, [...(porOperacion.get(m.operationId) ?? []), m.lang]);
    for (const [id, langs] of porOperacion) expect([id, langs]).toEqual([id, ['shell', 'typescript', 'python']]);
  });

  it('runs every sample to a 2xx answer', async () => {
    const fallos: string[] = [];
    const trabajador = async (pendientes: Muestra[]) => {
      for (let m = pendientes.shift(); m; m = pendientes.shift()) {
        const cwd = fs.mkdtempSync(path.join(DIRECTORIO, `${m.operationId}-`));
        try {
          await PREPARAR[m.operationId]?.(cwd);
          const { stdout } = await ejecutar(
            m,
            m.source,
            cwd,
            CERTIFICACION.has(m.operationId)
              ? certificador.tenant
              : m.operationId === 'sondearMh'
                ? await contingenciaEsperando()
                : tenant,
          );
          // A JSON answer is printed whole; any other is printed as text or written to the file the sample names.
          const escrito = new RegExp(`${m.operationId}\\.(pdf|csv|zip|xlsx)`).exec(m.source)?.[0];
          if (escrito)
            expect([m.operationId, fs.statSync(path.join(cwd, escrito)).size > 0]).toEqual([m.operationId, true]);
          else if (m.json) expect([m.operationId, typeof JSON.parse(stdout)]).toEqual([m.operationId, 'object']);
          else expect([m.operationId, stdout.length > 0]).toEqual([m.operationId, true]);
        } catch (e) {
          const { stdout, stderr, message } = e as { stdout?: string; stderr?: string; message: string };
          fallos.push(`${m.operationId} (${m.label}): ${(`${stderr ?? ''}${stdout ?? ''}` || message).slice(0, 600)}`);
        } finally {
          fs.rmSync(cwd, { recursive: true, force: true });
        }
      }
    };
    const paralelas = MUESTRAS.filter((m) => !SECUENCIALES.has(m.operationId) && !SOLAS.has(m.operationId));
    await Promise.all([
      ...Array.from({ length: EN_PARALELO }, () => trabajador(paralelas)),
      trabajador(MUESTRAS.filter((m) => SECUENCIALES.has(m.operationId))),
    ]);
    await trabajador(MUESTRAS.filter((m) => SOLAS.has(m.operationId)));
    expect(fallos).toEqual([]);
    // About 165 child processes, four at a time beside the sequential ones, then 45 alone: two or three minutes
    // on two cores, ten at a load of 20 (a safety net, not a budget).
  }, 900_000);
});

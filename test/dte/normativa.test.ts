import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import mongoose from 'mongoose';
import { loadConfig } from '@dte/config';
import { SecretBox, Tenants } from '@dte/store';
import { esquemaDe, tipoDeDte, validateMhSchema, type Dte, type Generacion, type NotaCreditoV4 } from '@dte/domain';
import { Contingencia } from '@dte/contract';
import type { DocumentRecordView } from '@dte/store';
import { Client, Connection } from '@temporalio/client';
import { eventually } from '../support/eventually';
import { anulacionRescindida, contribuyente, direccion, hoy } from '../support/fixtures';
import { stack } from '../support/stack';
import {
  api,
  cambioLeido,
  closeTestDatabase,
  createTestTenant,
  enEstado,
  simulator,
  testDatabase,
  type TestTenant,
} from '../support/tenant';

/**
 * Normativa DTE 2.0 on the real stack: every kind issued in both generations of MH's schemas, an emisor's
 * cut-over between them, documents that refer across it, and MH (the simulator) refusing the 2023
 * generation from an instant. The suites run pinned to 2023 (global-setup); each tenant here has its own
 * cut-over, set as the admin CLI sets it.
 */

const ROOT = path.resolve(__dirname, '../..');
const exec = promisify(execFile);
const haceUnMinuto = () => new Date(Date.now() - 60_000);
/** A cut-over no run of a test reaches: the emisor issues as before it until the test moves it. */
const enUnDia = () => new Date(Date.now() + 24 * 3600_000);

async function tenants(): Promise<Tenants> {
  return new Tenants(await testDatabase(), new SecretBox(loadConfig(stack().env).SECRET_KEY));
}

/** The tenant's own cut-over: from `desde` it issues in `generacion`. */
async function corte(tenant: TestTenant, generacion: Generacion, desde = haceUnMinuto()) {
  await (await tenants()).setNormativa(tenant.emisorId, generacion, desde);
}

/** `npm run admin -- …` against the test stack's database. */
function admin(...args: string[]) {
  return exec('node', [path.join(ROOT, 'apps/api/dist/admin/cli.js'), ...args], {
    env: { ...process.env, ...stack().env },
  });
}

/**
 * MH's official 2026 files compiled on their own (no local override; they need none), so the check does
 * not rest on the service's validator. The 2023 files refuse the 2024 municipios in their patterns (a
 * known quirk of MH's files, PROVENANCE.md), so 2023 documents are checked with the documented override.
 */
const deDominio = (m: string) => require(require.resolve(m, { paths: [path.join(ROOT, 'packages/domain')] })); // eslint-disable-line @typescript-eslint/no-require-imports
const Ajv = deDominio('ajv').default;
const ajv = new Ajv({ strict: false, allErrors: true, multipleOfPrecision: 8 });
deDominio('ajv-formats').default(ajv);
function validaContraSuEsquema(dte: Dte): unknown[] {
  const name = esquemaDe(tipoDeDte(dte), dte.identificacion.version)!;
  const file = path.join(ROOT, 'packages/domain/src/mh/schemas/v2026', `${name}.json`);
  if (!fs.existsSync(file)) return validateMhSchema(name, dte);
  const { $schema: _s, ...schema } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const validate = ajv.compile(schema);
  return validate(dte) ? [] : (validate.errors ?? []);
}

async function emitir(tenant: TestTenant, ruta: string, body: object): Promise<DocumentRecordView> {
  const res = await api('POST', ruta, tenant, body);
  if (res.status !== 201) throw new Error(`${ruta}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const receptor = { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', direccion };
const factura = {
  receptor,
  items: [{ descripcion: 'Producto', cantidad: 2, precioUnitario: 11.3 }],
  condicionOperacion: 1,
};
const ccf = {
  receptor: contribuyente(),
  items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario: 100 }],
  condicionOperacion: 1,
};
const nota = (codigoGeneracion: string) => ({
  codigoGeneracion,
  items: [{ descripcion: 'Ajuste', cantidad: 1, precioUnitario: 10 }],
  condicionOperacion: 1,
});
const retencion = () => ({
  receptor: contribuyente(),
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoDte: '03',
      tipoGeneracion: 1,
      numDocumento: 'A1234',
      fechaEmision: hoy(),
      montoSujetoGrav: 100,
      codigoRetencionMH: '22',
      ivaRetenido: 1,
      descripcion: 'Retención 1 %',
    },
  ],
});
const sujetoExcluido = {
  sujetoExcluido: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Pedro Martínez', direccion },
  items: [{ descripcion: 'Asesoría', cantidad: 1, precioUnitario: 100, tipoItem: 2 }],
  condicionOperacion: 1,
  applyrent: true,
};
const retorno = (documentoOrigen: string) => ({
  documentoOrigen,
  items: [{ numItem: 1, cantidadRetorno: 1 }],
  motivo: 'Producto defectuoso',
});

/** Waits until the emisor's ContingencyWorkflow holds `n` documents. */
async function esperarPendientes(emisorId: number, n: number) {
  const connection = await Connection.connect({ address: stack().temporalGrpc });
  try {
    const handle = new Client({ connection }).workflow.getHandle(Contingencia.workflowId(emisorId));
    await eventually(`${n} documents in contingency`, async () => {
      const estado = await handle.query(Contingencia.estado);
      if (estado.pendientes.length < n) throw new Error(`contingency holds ${JSON.stringify(estado)}`);
      return true;
    });
  } finally {
    await connection.close();
  }
}

const versionDe = (d: DocumentRecordView) => (d.dteJson as unknown as Dte).identificacion.version;

describe('Normativa DTE 2.0', () => {
  afterAll(() => closeTestDatabase());

  describe.each([
    // FE, CCF, NC, ND, CR, FSE, retorno (18, fe-eret-v1 in both), invalidation event.
    ['2023', { '01': 1, '03': 3, '05': 3, '06': 3, '07': 1, '14': 1, '18': 1, invalidacion: 2 }],
    ['2026', { '01': 2, '03': 4, '05': 4, '06': 4, '07': 2, '14': 2, '18': 1, invalidacion: 3 }],
  ] as const)('an emisor in the %s generation', (generacion, versiones) => {
    it('issues every kind, each accepted by MH and valid against its official schema; invalidates one', async () => {
      const tenant = await createTestTenant();
      await corte(tenant, generacion);
      const fe = await emitir(tenant, '/dte/dte01', factura);
      const credito = await emitir(tenant, '/dte/dte03', ccf);
      const emitidos = [
        fe,
        credito,
        await emitir(tenant, '/dte/dte05', nota(credito.codigoGeneracion)),
        await emitir(tenant, '/dte/dte06', nota(credito.codigoGeneracion)),
        await emitir(tenant, '/dte/dte07', retencion()),
        await emitir(tenant, '/dte/dte14', sujetoExcluido),
        await emitir(tenant, '/dte/retorno', retorno(fe.codigoGeneracion)),
      ];
      for (const d of emitidos) {
        const dte = d.dteJson as unknown as Dte;
        const tipo = tipoDeDte(dte);
        expect([tipo, d.estado, d.respuestaMh?.codigoMsg]).toEqual([tipo, 'PROCESSED', '001']);
        expect([tipo, dte.identificacion.version]).toEqual([tipo, versiones[tipo as keyof typeof versiones]]);
        expect([tipo, validaContraSuEsquema(dte)]).toEqual([tipo, []]);
      }

      // The Comprobante de Retención (MH's v2 event cannot name an FSE: its numeroControl pattern stops at 12).
      const cr = emitidos[4]!.codigoGeneracion;
      const anulada = await api('POST', '/dte/anulacion', tenant, anulacionRescindida(cr));
      expect(anulada.status).toBe(200);
      expect(anulada.body.data).toMatchObject({ aceptado: true, estado: 'CANCELLED' });
      const { Document } = (await testDatabase()).models;
      const evento = (await Document.findById(cr).lean())!.anulacion.evento;
      expect(evento.identificacion.version).toBe(versiones.invalidacion);
      expect(validateMhSchema(esquemaDe('invalidacion', versiones.invalidacion)!, evento)).toEqual([]);

      const info = await api('GET', '/dte/information', tenant);
      expect(info.body.data.normativa).toMatchObject({
        generacion,
        corte: { generacion, origen: 'EMISOR' },
        eventos: { invalidacion: { version: versiones.invalidacion } },
      });
      expect(info.body.data.normativa.documentos).toContainEqual({
        tipo: 'FACTURA_CONSUMIDOR_FINAL',
        tipoDte: '01',
        version: versiones['01'],
        esquema: generacion === '2026' ? 'fe-f-v2' : 'fe-fc-v1',
      });
    });
  });

  it("issues in 2023 before the emisor's cut-over and in 2026 from it, as MH requires from that instant", async () => {
    const tenant = await createTestTenant();
    // A cut-over ahead, and MH refusing the 2023 generation from the same instant.
    const manana = enUnDia();
    await corte(tenant, '2026', manana);
    await simulator('/normativa', { rechazar2023Desde: manana.toISOString(), emisor: tenant.nit });

    const antes = await emitir(tenant, '/dte/dte01', factura);
    expect([antes.estado, versionDe(antes)]).toEqual(['PROCESSED', 1]);
    expect((await api('GET', '/dte/information', tenant)).body.data.normativa).toMatchObject({
      generacion: '2023',
      corte: { generacion: '2026', desde: manana.toISOString(), origen: 'EMISOR' },
    });

    // The cut-over reached: both moved to now.
    const instante = new Date();
    await corte(tenant, '2026', instante);
    await simulator('/normativa', { rechazar2023Desde: instante.toISOString(), emisor: tenant.nit });
    await cambioLeido();
    const despues = await emitir(tenant, '/dte/dte01', factura);
    expect([despues.estado, versionDe(despues)]).toEqual(['PROCESSED', 2]);
    expect((await api('GET', '/dte/information', tenant)).body.data.normativa.generacion).toBe('2026');
  });

  it('moves an emisor back to 2023 with the admin CLI (MH postpones), and MH refusing 2023 then rejects it', async () => {
    const tenant = await createTestTenant();
    await corte(tenant, '2026');
    expect(versionDe(await emitir(tenant, '/dte/dte01', factura))).toBe(2);

    const { stdout } = await admin('emisor', 'normativa', '--emisor', String(tenant.emisorId), '--generacion', '2023');
    expect(JSON.parse(stdout)).toMatchObject({ generacionAhora: '2023', versiones: { FACTURA_CONSUMIDOR_FINAL: 1 } });
    await cambioLeido();
    const vuelta = await emitir(tenant, '/dte/dte01', factura);
    expect([vuelta.estado, versionDe(vuelta)]).toEqual(['PROCESSED', 1]);
    expect((await api('GET', '/dte/information', tenant)).body.data.normativa).toMatchObject({
      generacion: '2023',
      corte: { generacion: '2023', origen: 'EMISOR' },
    });

    // Once MH enforces 2026, a document of the 2023 generation is refused by schema: a REJECTED record.
    await simulator('/normativa', { rechazar2023Desde: haceUnMinuto().toISOString(), emisor: tenant.nit });
    const rechazado = await emitir(tenant, '/dte/dte01', factura);
    expect(rechazado).toMatchObject({
      estado: 'REJECTED',
      selloRecibido: null,
      respuestaMh: { estado: 'RECHAZADO', codigoMsg: '096', clasificaMsg: '98' },
    });
    expect(rechazado.errorTecnico).toMatch(/096|NORMATIVA/);
  });

  it("returns an emisor to the service's cut-over with the admin CLI, and GET /dte/information says so", async () => {
    const tenant = await createTestTenant();
    await corte(tenant, '2023');
    expect(versionDe(await emitir(tenant, '/dte/dte01', factura))).toBe(1);
    const id = String(tenant.emisorId);
    await expect(
      admin('emisor', 'normativa', '--emisor', id, '--servicio', '--generacion', '2026'),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('--servicio takes neither') });

    // The suites pin the service's cut-over to 1 January 2026 (global-setup): following it, the emisor
    // issues in 2026 now.
    const { stdout } = await admin('emisor', 'normativa', '--emisor', id, '--servicio');
    expect(JSON.parse(stdout)).toMatchObject({
      normativa: { generacion: '2026', desde: '2026-01-01T06:00:00.000Z', origen: 'SERVICIO' },
      generacionAhora: '2026',
      versiones: { FACTURA_CONSUMIDOR_FINAL: 2 },
    });
    const { Emisor } = (await testDatabase()).models;
    expect((await Emisor.findOne({ id: tenant.emisorId }, { normativa: 1 }).lean())?.normativa).toBeNull();
    await cambioLeido();
    expect((await api('GET', '/dte/information', tenant)).body.data.normativa).toMatchObject({
      generacion: '2026',
      corte: { generacion: '2026', desde: '2026-01-01T06:00:00.000Z', origen: 'SERVICIO' },
    });
    expect(versionDe(await emitir(tenant, '/dte/dte01', factura))).toBe(2);
  });

  it('issues notes, a retorno and an invalidation after the cut-over for originals of the 2023 generation', async () => {
    const tenant = await createTestTenant();
    await corte(tenant, '2026', enUnDia());
    const fe = await emitir(tenant, '/dte/dte01', factura);
    const otraFe = await emitir(tenant, '/dte/dte01', factura);
    const credito = await emitir(tenant, '/dte/dte03', ccf);
    expect([fe, otraFe, credito].map(versionDe)).toEqual([1, 1, 3]);

    await corte(tenant, '2026', new Date());
    await cambioLeido();
    // Without a receptor, the note goes to the CCF's, whose distrito the CCF v3 kept in complemento.
    const nc = await emitir(tenant, '/dte/dte05', nota(credito.codigoGeneracion));
    expect([nc.estado, versionDe(nc)]).toEqual(['PROCESSED', 4]);
    expect(nc.dteJson.receptor).toMatchObject({ tipoDocumento: '36', direccion: contribuyente().direccion });
    expect(nc.dteJson.documentoRelacionado).toEqual([
      expect.objectContaining({ tipoDocumento: '03', numeroDocumento: credito.codigoGeneracion }),
    ]);
    const ret = await emitir(tenant, '/dte/retorno', retorno(fe.codigoGeneracion));
    expect(ret.estado).toBe('PROCESSED');
    expect(ret.dteJson.documentoRelacionado).toEqual([
      {
        tipoDocumento: '01',
        codigoGeneracion: fe.codigoGeneracion,
        fechaEmision: (fe.dteJson as unknown as Dte).identificacion.fecEmi,
      },
    ]);

    const anulada = await api('POST', '/dte/anulacion', tenant, anulacionRescindida(otraFe.codigoGeneracion));
    expect(anulada.body.data).toMatchObject({ aceptado: true, estado: 'CANCELLED' });
    const { Document } = (await testDatabase()).models;
    const evento = (await Document.findById(otraFe.codigoGeneracion).lean())!.anulacion.evento;
    expect(evento.identificacion.version).toBe(3);
    expect(evento.documento).toMatchObject({ tipoDte: '01', codigoGeneracion: otraFe.codigoGeneracion });
  });

  it('spreads the 1 % retention of an NC v4 over its gravada lines, as MH adds them up (Anexo IV 143–146)', async () => {
    const tenant = await createTestTenant();
    await corte(tenant, '2026');
    // 2 × 100.00 + IVA 26.00 = 226.00: room for the note below.
    const items = [{ descripcion: 'Servicio', cantidad: 2, precioUnitario: 100 }];
    const credito = await emitir(tenant, '/dte/dte03', { ...ccf, items, isRetenIva: true });
    expect([credito.estado, versionDe(credito)]).toEqual(['PROCESSED', 4]);
    // 1 × 33.35, 2 × 16.675, 5 × 6.67: 33.35 each, 100.05 in all; IVA 13.0065 → 13.01; operation 113.06.
    // Retention 1.0005 → 1.00: each line 1.00 × 33.35 / 100.05 = 0.3333… → 0.33, the last 1.00 − 0.66 = 0.34.
    // To pay 113.06 − 1.00 = 112.06.
    const nc = await emitir(tenant, '/dte/dte05', {
      codigoGeneracion: credito.codigoGeneracion,
      items: [
        { descripcion: 'Devolución A', cantidad: 1, precioUnitario: 33.35 },
        { descripcion: 'Devolución B', cantidad: 2, precioUnitario: 16.675 },
        { descripcion: 'Devolución C', cantidad: 5, precioUnitario: 6.67 },
      ],
      condicionOperacion: 1,
      isRetenIva: true,
    });
    expect([nc.estado, versionDe(nc)]).toEqual(['PROCESSED', 4]);
    const dte = nc.dteJson as unknown as NotaCreditoV4;
    expect(dte.cuerpoDocumento.map((l) => l.ivaRete)).toEqual([0.33, 0.33, 0.34]);
    expect(dte.resumen).toMatchObject({ montoTotalOperacion: 113.06, ivaRete: 1, totalPagar: 112.06 });
    expect(validaContraSuEsquema(dte as unknown as Dte)).toEqual([]);
  });

  it('drains a contingency backlog holding both generations: one v4 event, each document in its own version', async () => {
    const tenant = await createTestTenant();
    await corte(tenant, '2026', enUnDia());
    await simulator('/outage', { mode: 'refuse', emisor: tenant.nit });
    let backlog: DocumentRecordView[];
    try {
      const antes = await emitir(tenant, '/dte/dte01', factura);
      await corte(tenant, '2026', new Date());
      await cambioLeido();
      // A CR v2 may be issued in contingency (a CR v1 could only wait for MH).
      backlog = [antes, await emitir(tenant, '/dte/dte01', factura), await emitir(tenant, '/dte/dte07', retencion())];
      expect(backlog.map((d) => [d.estado, versionDe(d)])).toEqual([
        ['CONTINGENCIA', 1],
        ['CONTINGENCIA', 2],
        ['CONTINGENCIA', 2],
      ]);
      // Each joins the emisor's contingency after its delivery: MH comes back once all three wait.
      await esperarPendientes(tenant.emisorId, backlog.length);
    } finally {
      await simulator('/outage', { mode: 'none', emisor: tenant.nit });
    }
    for (const d of backlog) {
      const doc = await enEstado(d.codigoGeneracion, 'PROCESSED');
      expect((doc.dteJson as Dte).identificacion).toMatchObject({ version: versionDe(d), tipoModelo: 2 });
    }

    // MH received one Evento de Contingencia listing all three, in the 2026 generation.
    const simulador = await mongoose
      .createConnection(stack().env.MONGODB_URI!, { dbName: loadConfig(stack().env).MH_SIM_DB_NAME })
      .asPromise();
    try {
      const eventos = await simulador.db!.collection('contingencias').find({ nitEmisor: tenant.nit }).toArray();
      expect(eventos).toHaveLength(1);
      expect(eventos[0]).toMatchObject({ version: 4 });
      expect([...eventos[0]!.detalle].sort()).toEqual(backlog.map((d) => d.codigoGeneracion).sort());
    } finally {
      await simulador.close();
    }
  }, 120000);

  describe('distrito', () => {
    it('refuses a 2026 document whose receptor address lacks it, and an unknown one in any generation', async () => {
      const tenant = await createTestTenant();
      await corte(tenant, '2026');
      const sinDistrito = { ...direccion, distrito: undefined };
      const casos: [string, object, string][] = [
        [
          '/dte/dte01',
          { ...factura, receptor: { ...receptor, direccion: sinDistrito } },
          'receptor.direccion.distrito',
        ],
        [
          '/dte/dte14',
          { ...sujetoExcluido, sujetoExcluido: { ...sujetoExcluido.sujetoExcluido, direccion: sinDistrito } },
          'sujetoExcluido.direccion.distrito',
        ],
        [
          '/dte/dte03',
          { ...ccf, receptor: { ...contribuyente(), direccion: { ...direccion, distrito: '25' } } },
          'receptor.direccion.distrito',
        ],
      ];
      for (const [ruta, body, field] of casos) {
        const res = await api('POST', ruta, tenant, body);
        expect([ruta, res.status, res.body.code]).toEqual([ruta, 400, 'VALIDATION_ERROR']);
        expect(res.body.errors).toContainEqual({ field, message: expect.any(String) });
      }
      // Nothing was numbered: the next document takes the first correlativo.
      expect((await emitir(tenant, '/dte/dte01', factura)).numeroControl).toMatch(/-000000000000001$/);
    });

    it('refuses to issue in 2026 for an establishment without one (409), and the CLI refuses such a switch', async () => {
      const tenant = await createTestTenant();
      const { Emisor, Establecimiento } = (await testDatabase()).models;
      await Establecimiento.updateOne({ emisorId: tenant.emisorId }, { $set: { 'direccion.distrito': null } });

      await expect(
        admin('emisor', 'normativa', '--emisor', String(tenant.emisorId), '--generacion', '2026'),
      ).rejects.toMatchObject({
        stderr: expect.stringMatching(/distrito.*establecimiento distrito --establecimiento/s),
      });

      // Switched anyway (as the service's default cut-over would): issuance is refused before numbering.
      await Emisor.updateOne(
        { id: tenant.emisorId },
        { $set: { normativa: { generacion: '2026', desde: haceUnMinuto() } } },
      );
      const res = await api('POST', '/dte/dte01', tenant, factura);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'EMISOR_DISTRITO_MISSING', codEstable: 'M001' });

      const est = await Establecimiento.findOne({ emisorId: tenant.emisorId }).lean();
      await admin('establecimiento', 'distrito', '--establecimiento', String(est!.id), '--distrito', '14');
      await cambioLeido();
      expect(versionDe(await emitir(tenant, '/dte/dte01', factura))).toBe(2);
    });
  });
});

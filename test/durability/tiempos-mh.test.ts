import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { loadConfig } from '@dte/config';
import { eventually } from '../support/eventually';
import { mailAttachment, type MaildevMessage } from '../support/maildev';
import { enMh } from '../support/mh';
import { stack } from '../support/stack';
import { api, closeTestDatabase, createTestTenant, enEstado, simulator, type TestTenant } from '../support/tenant';

/**
 * A property of MH's timing on the real stack: whatever MH answers late, refuses or does not answer around
 * each of its calls (reception, consultadte, the Evento de Contingencia, lotes), once MH behaves again every
 * document ends PROCESSED, registered once at MH, and what the service keeps and delivers (the record's JWS,
 * the Archivo DTE, the last e-mail) is the version MH sealed. A few cases run in CI with a fixed seed;
 * `MH_PROPIEDAD_CASOS` and `MH_PROPIEDAD_SEMILLA` run more or others.
 */
const CASOS = Number(process.env.MH_PROPIEDAD_CASOS ?? 3);
const SEMILLA = Number(process.env.MH_PROPIEDAD_SEMILLA ?? 20261127);

/** Routes of MH that can be slowed one at a time (null: every route). */
const RUTAS = [null, '/fesv/recepciondte', '/fesv/recepcion/consultadte', '/fesv/contingencia', '/fesv/recepcionlote'];

const caso = fc.record({
  /** A route MH answers after the service's timeout, or none. */
  lenta: fc.option(fc.constantFrom(...RUTAS), { nil: undefined }),
  /** MH down meanwhile: answering 503, or dropping connections. */
  caida: fc.constantFrom('none', '503', 'refuse'),
  /** Issued in contingencia from the start (ambiente TEST), so MH gets it by lote only. */
  forzada: fc.boolean(),
  /** How long after the request MH behaves again. */
  retiroMs: fc.integer({ min: 0, max: 12_000 }),
});

describe("MH's timing, as a property", () => {
  let tenant: TestTenant;
  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
  beforeAll(async () => {
    tenant = await createTestTenant();
    // The worker logs in to MH now, before any fault.
    expect((await api('POST', '/dte/dte01', tenant, factura('calentamiento@example.test', false))).status).toBe(201);
  });
  afterEach(() => sano());
  afterAll(() => closeTestDatabase());

  function factura(correo: string, forzada: boolean) {
    return {
      receptor: { nombre: 'Ana Ruiz', tipoDocumento: '13', numDocumento: '012345678', correo },
      items: [{ descripcion: 'Propiedad de tiempos', cantidad: 1, precioUnitario: 3.39 }],
      condicionOperacion: 1,
      ...(forzada ? { testContingencia: true } : {}),
    };
  }

  async function sano() {
    await simulator('/latency', { ms: 0, emisor: tenant.nit });
    await simulator('/outage', { mode: 'none', emisor: tenant.nit });
  }

  /** The JWS of every e-mail to `correo` whose Archivo DTE has a sello, oldest first. */
  async function firmasEnviadas(correo: string, codigoGeneracion: string): Promise<string[]> {
    const res = await fetch(`${stack().maildev}/email`);
    const mensajes = ((await res.json()) as MaildevMessage[]).filter((m) => m.to.some((t) => t.address === correo));
    const firmas: string[] = [];
    for (const m of mensajes) {
      const adjunto = m.attachments?.find((a) => a.fileName === `${codigoGeneracion}.json`);
      if (!adjunto) continue;
      const archivo = JSON.parse((await mailAttachment(m, adjunto.generatedFileName)).toString('utf8'));
      if (archivo.selloRecibido) firmas.push(String(archivo.firmaElectronica));
    }
    return firmas;
  }

  it(
    'keeps and delivers exactly what MH sealed, once, whatever MH does around each call',
    async () => {
      const timeout = loadConfig(stack().env).MH_TIMEOUT_MS;
      let n = 0;
      await fc.assert(
        fc.asyncProperty(caso, async ({ lenta, caida, forzada, retiroMs }) => {
          const correo = `tiempos-${Date.now()}-${n++}@example.test`;
          if (lenta !== undefined) await simulator('/latency', { ms: timeout + 1000, ruta: lenta, emisor: tenant.nit });
          if (caida !== 'none') await simulator('/outage', { mode: caida, emisor: tenant.nit });
          const respuesta = api('POST', '/dte/dte01', tenant, factura(correo, forzada));
          await new Promise((r) => setTimeout(r, retiroMs));
          await sano();
          const res = await respuesta;
          expect([201, 202]).toContain(res.status);
          const { codigoGeneracion } = res.body.data;

          const doc = await enEstado(codigoGeneracion, 'PROCESSED');
          const mh = (await enMh(codigoGeneracion))!;
          // Registered once: every other send of it was refused as a duplicate (004).
          expect(mh.registrado).toMatchObject({ estado: 'PROCESADO', selloRecibido: doc.selloRecibido });
          expect(mh.respuestas.filter((r) => r.estado === 'PROCESADO')).toHaveLength(1);
          expect(sha256(doc.dteFirmado)).toBe(mh.registrado!.firmaSha256);

          const archivo = await api('GET', `/dte/${codigoGeneracion}/json`, tenant);
          expect(sha256(archivo.body.firmaElectronica)).toBe(mh.registrado!.firmaSha256);
          const firmas = await eventually('the sealed e-mail', async () => {
            const f = await firmasEnviadas(correo, codigoGeneracion);
            return f.length ? f : undefined;
          });
          // Each e-mail with a sello carries the sealed JWS.
          expect(firmas.map(sha256)).toEqual(firmas.map(() => mh.registrado!.firmaSha256));
        }),
        { numRuns: CASOS, seed: SEMILLA, endOnFailure: true },
      );
      // Each case waits on conditions; this only bounds a run that never ends.
    },
    CASOS * 240_000,
  );
});

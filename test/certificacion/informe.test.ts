import { RITMO_MAXIMO_CERTIFICACION } from '@dte/domain';
import { ReceptorWebhooks } from '../support/receptor-webhooks';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import { api, createTestTenant, type TestTenant } from '../support/tenant';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (b: Buffer) => Promise<{ text: string; numpages: number }> = require('pdf-parse/lib/pdf-parse.js');

const COLUMNAS = [
  'clase',
  'tipoDte',
  'codigoGeneracion',
  'numeroControl',
  'fecha',
  'estado',
  'selloRecibido',
  'documento',
  'detalle',
] as const;

/** The record as the emisor downloads it. */
async function informe(tenant: TestTenant, formato: string) {
  return fetch(`${stack().api}/certificacion/informe?formato=${formato}`, { headers: tenant.headers });
}

/** The CSV's rows as objects by its header (no field of this record holds a comma or a quote). */
function filas(csv: string): Record<(typeof COLUMNAS)[number], string>[] {
  const [cabecera, ...resto] = csv.split('\r\n').filter((l) => l !== '');
  const nombres = cabecera!.split(',');
  return resto.map(
    (l) => Object.fromEntries(l.split(',').map((v, i) => [nombres[i], v])) as Record<(typeof COLUMNAS)[number], string>,
  );
}

/** What MH holds of the emisor's documents, as the simulator answers it: codigoGeneracion → sello. */
async function sellosEnMh(nit: string): Promise<Map<string, string>> {
  const res = await fetch(`${stack().mhSimulator}/__sim/documentos?emisor=${nit}`);
  const { data } = (await res.json()) as {
    data: { codigoGeneracion: string; registrado: { selloRecibido: string } | null }[];
  };
  return new Map(data.filter((d) => d.registrado).map((d) => [d.codigoGeneracion, d.registrado!.selloRecibido]));
}

describe('the certification record and certificacion.completa', () => {
  let tenant: TestTenant;
  let receptor: ReceptorWebhooks;
  let secreto: string;

  beforeAll(async () => {
    tenant = await createTestTenant();
    receptor = await ReceptorWebhooks.iniciar();
    const creado = await api('POST', '/webhooks', tenant, { url: receptor.url, eventos: ['certificacion.completa'] });
    expect(creado.status).toBe(201);
    secreto = creado.body.data.secreto;
  });
  afterAll(() => receptor.cerrar());

  it('answers 404 before any campaign, and 400 for a formato it does not make', async () => {
    const antes = await api('GET', '/certificacion/informe?formato=csv', tenant);
    expect([antes.status, antes.body.code]).toEqual([404, 'CERTIFICATION_NOT_FOUND']);
    const xlsx = await api('GET', '/certificacion/informe?formato=xlsx', tenant);
    expect([xlsx.status, xlsx.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('lists every document of a completed campaign with MH’s sello, its invalidation, and tells the webhook once', async () => {
    // 2 Facturas and a CCF; the one invalidation (tipoAnulacion 2) takes Factura 0 and needs no replacement.
    const inicio = await api('POST', '/certificacion', tenant, {
      plan: '01=2,03=1,invalidacion=1',
      ritmo: RITMO_MAXIMO_CERTIFICACION,
    });
    expect(inicio.status).toBe(202);
    await eventually('the campaign completed', async () => {
      const res = await api('GET', '/certificacion', tenant);
      return res.body.data?.estado === 'COMPLETA' ? res.body.data : undefined;
    });

    const res = await informe(tenant, 'csv');
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition')]).toEqual([
      200,
      'text/csv; charset=utf-8',
      `attachment; filename="certificacion-${tenant.emisorId}.csv"`,
    ]);
    const csv = await res.text();
    expect(csv.split('\r\n')[0]).toBe(COLUMNAS.join(','));
    const lineas = filas(csv);
    const documentos = lineas.filter((l) => l.clase === 'DOCUMENTO');
    const invalidaciones = lineas.filter((l) => l.clase === 'INVALIDACION');
    expect([lineas.length, documentos.length, invalidaciones.length]).toEqual([4, 3, 1]);
    expect(documentos.map((d) => d.tipoDte)).toEqual(['01', '01', '03']);

    // Every document MH holds of this emisor (a fresh one: all are the campaign's), each with MH's sello.
    const mh = await sellosEnMh(tenant.nit);
    expect(new Set(documentos.map((d) => d.codigoGeneracion))).toEqual(new Set(mh.keys()));
    for (const d of documentos) {
      expect(d.selloRecibido).toBe(mh.get(d.codigoGeneracion));
      const detalle = (await api('GET', `/dte/${d.codigoGeneracion}`, tenant)).body.data;
      const { fecEmi, horEmi } = detalle.dteJson.identificacion;
      expect([d.numeroControl, d.fecha]).toEqual([detalle.numeroControl, `${fecEmi} ${horEmi}`]);
    }

    // The invalidation follows its document, which it names, with the event's own codigoGeneracion and sello.
    const [anulacion] = invalidaciones;
    const anulado = lineas[lineas.indexOf(anulacion!) - 1]!;
    expect([anulado.clase, anulado.estado, anulacion!.documento]).toEqual([
      'DOCUMENTO',
      'CANCELLED',
      anulado.codigoGeneracion,
    ]);
    const registro = (await api('GET', `/dte/${anulado.codigoGeneracion}`, tenant)).body.data.anulacion;
    expect(anulacion).toMatchObject({
      tipoDte: '01',
      codigoGeneracion: registro.codigoGeneracion,
      selloRecibido: registro.selloRecibido,
      estado: 'PROCESSED',
      detalle: 'tipoAnulacion 2',
    });
    expect(registro.selloRecibido).toMatch(/\S{20,}/);

    const pdfRes = await informe(tenant, 'pdf');
    expect([pdfRes.status, pdfRes.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const pdf = await pdfParse(Buffer.from(await pdfRes.arrayBuffer()));
    expect(pdf.numpages).toBeGreaterThanOrEqual(1);
    // A codigoGeneracion may wrap at its hyphens in a narrow column: compared without line breaks.
    const texto = pdf.text.replace(/\s+/g, '');
    for (const l of lineas) expect(texto).toContain(l.codigoGeneracion);
    for (const d of documentos) expect(texto).toContain(d.selloRecibido);

    const [evento] = await receptor.esperar(1, (r) => r.type === 'certificacion.completa');
    expect(receptor.verificar(secreto, evento!)).toMatchObject({
      type: 'certificacion.completa',
      data: {
        workflowId: `certificacion-${tenant.emisorId}`,
        estado: 'COMPLETA',
        // 2 + 1 planned documents, no replacement.
        documentos: 3,
        plan: { documentos: { FACTURA_CONSUMIDOR_FINAL: 2, CREDITO_FISCAL: 1 }, invalidaciones: 1, contingencias: 0 },
      },
    });
    // Once: the delivery log holds that one event.
    const entregas = (
      await api('GET', `/webhooks/${(await api('GET', '/webhooks', tenant)).body.data[0].id}/entregas`, tenant)
    ).body.data as { eventoId: string }[];
    expect(new Set(entregas.map((e) => e.eventoId))).toEqual(new Set([evento!.id]));
  });
});

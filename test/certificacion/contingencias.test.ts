import { RITMO_MAXIMO_CERTIFICACION } from '@dte/domain';
import { eventually } from '../support/eventually';
import { conteoCertificacion, recepcionesDe } from '../support/mh';
import { stack } from '../support/stack';
import { api, createTestTenant } from '../support/tenant';

describe('certification campaign: the five contingency events', () => {
  // In both generations: only 2023's event (contingencia-schema-v3) requires the motivo of tipo 5.
  it.each(['2026', '2023'] as const)(
    'rehearses five outages in the %s generation, one per CAT-005 tipo, each event before the lote of its Factura',
    async (generacion) => {
      const tenant = await createTestTenant({ generacion });
      const inicio = await api('POST', '/certificacion', tenant, {
        plan: '01=2,contingencia=5',
        ritmo: RITMO_MAXIMO_CERTIFICACION,
      });
      expect(inicio.status).toBe(202);

      const final = await eventually('the campaign completed', async () => {
        const res = await api('GET', '/certificacion', tenant);
        return res.body.data?.estado === 'COMPLETA' ? res.body.data : undefined;
      });
      const hecho = (n: number) => ({ planificados: n, aceptados: n, rechazados: 0, enCurso: 0 });
      expect(final).toMatchObject({
        documentos: { FACTURA_CONSUMIDOR_FINAL: hecho(2) },
        contingencias: hecho(5),
        ultimoRechazo: null,
      });
      // MH counts the 2 planned Facturas and the 5 issued in contingencia (sealed in their lotes): 7.
      expect(await conteoCertificacion(tenant.nit)).toMatchObject({
        documentos: { '01': 7 },
        contingencias: { '1': 1, '2': 1, '3': 1, '4': 1, '5': 1 },
      });

      // One outage at a time: each event reached MH before its Factura's lote, and after the previous lote.
      const recepciones = (await recepcionesDe(tenant.nit))
        .flatMap((d) => d.respuestas.map((r) => ({ ...r, codigoGeneracion: d.codigoGeneracion })))
        .filter((r) => r.servicio === 'contingencia' || r.servicio === 'recepcionlote')
        .sort((a, b) => a.en.localeCompare(b.en));
      expect(recepciones.map((r) => [r.servicio, r.estado])).toEqual(
        Array.from({ length: 5 }, () => [
          ['contingencia', 'RECIBIDO'],
          ['recepcionlote', 'PROCESADO'],
        ]).flat(),
      );
      // Each Factura carries its outage's tipo, the fifth ("Otro") with its motivo.
      const enLote = recepciones.filter((r) => r.servicio === 'recepcionlote');
      const identificaciones = await Promise.all(
        enLote.map(
          async (r) => (await api('GET', `/dte/${r.codigoGeneracion}`, tenant)).body.data.dteJson.identificacion,
        ),
      );
      expect(identificaciones.map((i) => [i.tipoOperacion, i.tipoContingencia, typeof i.motivoContin])).toEqual([
        [2, 1, 'object'],
        [2, 2, 'object'],
        [2, 3, 'object'],
        [2, 4, 'object'],
        [2, 5, 'string'],
      ]);

      // The record lists each event MH received, with its own codigoGeneracion and sello, after its Factura.
      const res = await fetch(`${stack().api}/certificacion/informe?formato=csv`, { headers: tenant.headers });
      const [cabecera, ...filas] = (await res.text()).split('\r\n').filter((l) => l !== '');
      const columnas = cabecera!.split(',');
      const lineas = filas.map((f) => Object.fromEntries(f.split(',').map((v, i) => [columnas[i], v])));
      const eventos = recepciones.filter((r) => r.servicio === 'contingencia');
      expect(
        lineas
          .filter((l) => l.clase === 'CONTINGENCIA')
          .map((l) => [l.codigoGeneracion, l.documento, l.detalle, lineas[lineas.indexOf(l) - 1]!.codigoGeneracion]),
      ).toEqual(
        eventos.map((e, i) => [
          e.codigoGeneracion,
          enLote[i]!.codigoGeneracion,
          `Contingencia tipo ${i + 1}`,
          enLote[i]!.codigoGeneracion,
        ]),
      );
      for (const l of lineas.filter((l) => l.clase === 'CONTINGENCIA')) expect(l.selloRecibido).toMatch(/\S{20,}/);
    },
    240000,
  );
});

import { envio, http, nuevoEmisor, resultadoLote, type Emisor } from './cliente';
import {
  contingencia,
  creditoFiscal,
  enContingencia,
  factura,
  invalidacion,
  sujetoExcluido,
  uuid,
  type Json,
} from './documentos';

/** What MH's portal would count towards the emisor's certification, as the simulator answers it. */
async function conteo(nit: string) {
  const res = await (await http()).get(`/__sim/certificacion/${nit}`);
  expect(res.status).toBe(200);
  return res.data.data;
}

async function aceptado(emisor: Emisor, documento: Json): Promise<string> {
  const res = await envio(emisor, documento);
  expect(res.data.estado).toBe('PROCESADO');
  return res.data.selloRecibido;
}

const anular = (emisor: Emisor, evento: Json) =>
  emisor.post('/fesv/anulardte', { ambiente: '00', idEnvio: 1, version: 2, documento: emisor.firmar(evento) });

const reportar = (emisor: Emisor, evento: Json) =>
  emisor.post('/fesv/contingencia', { nit: emisor.nit, documento: emisor.firmar(evento) });

const hace = (minutos: number) => new Date(Date.now() - minutos * 60000);

describe('GET /__sim/certificacion/:nit', () => {
  it('counts each accepted document once, by tipoDte, and neither rejected nor resent ones', async () => {
    const emisor = await nuevoEmisor();
    const fe = factura(emisor.nit);
    await aceptado(emisor, fe);
    await aceptado(emisor, creditoFiscal(emisor.nit));
    const mal = factura(emisor.nit);
    mal.cuerpoDocumento[0].ivaItem = 3;
    expect((await envio(emisor, mal)).data.estado).toBe('RECHAZADO');
    // The same document again: MH answers 004 and its count does not move.
    expect((await envio(emisor, fe)).data.codigoMsg).toBe('004');
    // Production documents (ambiente 01) are not part of the test set.
    const produccion = factura(emisor.nit);
    produccion.identificacion.ambiente = '01';
    await aceptado(emisor, produccion);

    expect(await conteo(emisor.nit)).toEqual({
      nit: emisor.nit,
      ambiente: '00',
      documentos: { '01': 1, '03': 1 },
      invalidaciones: {},
      contingencias: {},
    });
  });

  it('counts the documents MH accepted from a lote, not the ones it rejected', async () => {
    const emisor = await nuevoEmisor();
    const mal = factura(emisor.nit);
    mal.cuerpoDocumento[0].ivaItem = 3;
    const documentos = [factura(emisor.nit), factura(emisor.nit), sujetoExcluido(emisor.nit), mal];
    const lote = await emisor.post('/fesv/recepcionlote/', {
      ambiente: '00',
      idEnvio: uuid(),
      version: 1,
      nitEmisor: emisor.nit,
      documentos: documentos.map((d) => emisor.firmar(d)),
    });
    expect(lote.data.estado).toBe('RECIBIDO');
    const resultado = await resultadoLote(emisor, lote.data.codigoLote);
    expect([resultado.procesados.length, resultado.rechazados.length]).toEqual([3, 1]);

    expect((await conteo(emisor.nit)).documentos).toEqual({ '01': 2, '14': 1 });
  });

  it('counts accepted invalidations by tipoAnulacion and contingency events by tipoContingencia', async () => {
    const emisor = await nuevoEmisor();
    const anulada = factura(emisor.nit);
    const sello = await aceptado(emisor, anulada);
    const otra = factura(emisor.nit);
    const otroSello = await aceptado(emisor, otra);
    const reemplazo = factura(emisor.nit);
    await aceptado(emisor, reemplazo);
    expect((await anular(emisor, invalidacion(emisor.nit, anulada, sello, { tipoAnulacion: 2 }))).data.estado).toBe(
      'PROCESADO',
    );
    // A second invalidation of the same document is refused (015) and not counted.
    expect((await anular(emisor, invalidacion(emisor.nit, anulada, sello, { tipoAnulacion: 2 }))).data.codigoMsg).toBe(
      '015',
    );
    const codigoGeneracionR = reemplazo.identificacion.codigoGeneracion;
    expect(
      (await anular(emisor, invalidacion(emisor.nit, otra, otroSello, { tipoAnulacion: 1, codigoGeneracionR }))).data
        .estado,
    ).toBe('PROCESADO');

    // One event per CAT-005 tipo, each listing a document issued in contingency; 5 must say why.
    for (const tipoContingencia of [1, 2, 3, 4, 5]) {
      const documento = enContingencia(factura(emisor.nit), hace(90));
      const evento = contingencia(
        emisor.nit,
        [{ codigoGeneracion: documento.identificacion.codigoGeneracion, tipoDoc: '01' }],
        hace(120),
        hace(60),
      );
      evento.motivo.tipoContingencia = tipoContingencia;
      if (tipoContingencia === 5) evento.motivo.motivoContingencia = 'Corte de la red del edificio';
      expect((await reportar(emisor, evento)).data.estado).toBe('RECIBIDO');
      if (tipoContingencia === 1) expect((await reportar(emisor, evento)).data.estado).toBe('RECHAZADO');
    }

    const contado = await conteo(emisor.nit);
    expect(contado.invalidaciones).toEqual({ '1': 1, '2': 1 });
    expect(contado.contingencias).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1, '5': 1 });
    // An invalidated document was accepted all the same: it still counts.
    expect(contado.documentos).toEqual({ '01': 3 });
  });

  it("counts one emisor's transmissions only, and answers zeros for an emisor that sent nothing", async () => {
    const uno = await nuevoEmisor();
    const otro = await nuevoEmisor();
    await aceptado(uno, factura(uno.nit));
    await aceptado(otro, creditoFiscal(otro.nit));
    const evento = contingencia(otro.nit, [{ codigoGeneracion: uuid(), tipoDoc: '01' }], hace(120), hace(60));
    expect((await reportar(otro, evento)).data.estado).toBe('RECIBIDO');

    expect(await conteo(uno.nit)).toMatchObject({ documentos: { '01': 1 }, contingencias: {} });
    expect(await conteo(otro.nit)).toMatchObject({ documentos: { '03': 1 }, contingencias: { '1': 1 } });
    const callado = await nuevoEmisor();
    expect(await conteo(callado.nit)).toMatchObject({ documentos: {}, invalidaciones: {}, contingencias: {} });
  });

  it('refuses a NIT that is not one', async () => {
    const res = await (await http()).get('/__sim/certificacion/12ab');
    expect([res.status, res.data.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

import { envio, http, nuevoEmisor, resultadoLote, type Emisor } from './cliente';
import {
  creditoFiscal,
  creditoFiscalV4,
  factura,
  facturaV2,
  retorno,
  sujetoExcluido,
  uuid,
  type Json,
} from './documentos';

let emisor: Emisor;
beforeAll(async () => {
  emisor = await nuevoEmisor();
  // MH takes minutes to process a lote; a short delay still proves the answer is asynchronous.
  await emisor.control('/lotes', { delayMs: 300 });
});

const consultar = (codigoGeneracion: string, tdte: string, quien = emisor, nitEmisor = quien.nit) =>
  quien.post('/fesv/recepcion/consultadte/', { nitEmisor, tdte, codigoGeneracion });

const lote = (documentos: string[], extra: Json = {}) =>
  emisor.post('/fesv/recepcionlote/', {
    ambiente: '00',
    idEnvio: uuid(),
    version: 1,
    nitEmisor: emisor.nit,
    documentos,
    ...extra,
  });

describe('consultadte', () => {
  it('answers an accepted document with the response it got at reception', async () => {
    const documento = factura(emisor.nit);
    const recibido = (await envio(emisor, documento)).data;
    const res = await consultar(documento.identificacion.codigoGeneracion, '01');
    expect(res.status).toBe(200);
    expect(res.data).toEqual(recibido);
  });

  it('knows nothing of rejected, unknown or foreign documents (400, 014)', async () => {
    const rechazado = factura(emisor.nit);
    rechazado.resumen.totalIva = 9;
    expect((await envio(emisor, rechazado)).data.estado).toBe('RECHAZADO');
    const aceptado = factura(emisor.nit);
    expect((await envio(emisor, aceptado)).data.estado).toBe('PROCESADO');
    const otro = await nuevoEmisor();
    for (const res of [
      await consultar(rechazado.identificacion.codigoGeneracion, '01'),
      await consultar(uuid(), '01'),
      await consultar(aceptado.identificacion.codigoGeneracion, '03'),
      await consultar(aceptado.identificacion.codigoGeneracion, '01', otro, emisor.nit),
    ]) {
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ estado: 'RECHAZADO', selloRecibido: null, codigoMsg: '014' });
    }
  });
});

describe('recepcionlote + consultadtelote', () => {
  it('answers LOTE RECIBIDO at once and the per-document results later', async () => {
    const buenos = [factura(emisor.nit), creditoFiscal(emisor.nit), sujetoExcluido(emisor.nit)];
    const malo = factura(emisor.nit);
    malo.cuerpoDocumento[0].ivaItem = 3;
    const idEnvio = uuid();
    const res = await lote(
      [...buenos, malo].map((d) => emisor.firmar(d)),
      { idEnvio },
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      estado: 'RECIBIDO',
      idEnvio,
      clasificaMsg: '10',
      codigoMsg: '001',
      descripcionMsg: 'LOTE RECIBIDO',
      codigoLote: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/),
    });
    const antes = await emisor.get(`/fesv/recepcion/consultadtelote/${res.data.codigoLote}`);
    expect(antes.data).toEqual({ procesados: [], rechazados: [] });

    const resultado = await resultadoLote(emisor, res.data.codigoLote);
    expect(resultado.procesados).toHaveLength(3);
    expect(resultado.rechazados).toEqual([
      expect.objectContaining({
        estado: 'RECHAZADO',
        codigoGeneracion: malo.identificacion.codigoGeneracion,
        codigoMsg: '020',
        descripcionMsg: '[cuerpoDocumento[0].ivaItem] CALCULO INCORRECTO',
      }),
    ]);
    for (const procesado of resultado.procesados as Json[]) {
      const documento = buenos.find((d) => d.identificacion.codigoGeneracion === procesado.codigoGeneracion)!;
      const consulta = await consultar(procesado.codigoGeneracion, documento.identificacion.tipoDte);
      expect(consulta.data).toMatchObject({ estado: 'PROCESADO', selloRecibido: procesado.selloRecibido });
    }
  });

  it('carries documents of both generations and a Retorno, each checked against its own version', async () => {
    // The retorno's Factura goes before it in the lote: MH holds a retorno's Factura before the retorno.
    const fe = facturaV2(emisor.nit);
    const documentos = [factura(emisor.nit), creditoFiscalV4(emisor.nit), fe, retorno(emisor.nit, fe)];
    const malo = creditoFiscalV4(emisor.nit);
    malo.resumen.totalPagar = 230.52;
    const resultado = await resultadoLote(
      emisor,
      (await lote([...documentos, malo].map((d) => emisor.firmar(d)))).data.codigoLote,
    );
    expect(resultado.procesados.map((p: Json) => p.codigoGeneracion).sort()).toEqual(
      documentos.map((d) => d.identificacion.codigoGeneracion).sort(),
    );
    expect(resultado.rechazados).toEqual([
      expect.objectContaining({
        codigoGeneracion: malo.identificacion.codigoGeneracion,
        descripcionMsg: '[resumen.totalPagar] CALCULO INCORRECTO',
      }),
    ]);
    const [, , , devuelto] = documentos as [Json, Json, Json, Json];
    expect((await consultar(devuelto.identificacion.codigoGeneracion, '18')).data.estado).toBe('PROCESADO');
  });

  it('rejects a document already received one by one (004) inside a lote', async () => {
    const documento = factura(emisor.nit);
    const jws = emisor.firmar(documento);
    expect((await envio(emisor, documento, jws)).data.estado).toBe('PROCESADO');
    const resultado = await resultadoLote(emisor, (await lote([jws])).data.codigoLote);
    expect(resultado.rechazados[0]).toMatchObject({ codigoMsg: '004' });
  });

  it('refuses more than 100 documents, an idEnvio that is not an upper-case UUID, or a foreign nitEmisor', async () => {
    const jws = emisor.firmar(factura(emisor.nit));
    const grande = await lote(Array.from({ length: 101 }, () => jws));
    expect(grande.status).toBe(400);
    expect(grande.data).toMatchObject({
      estado: 'RECHAZADO',
      codigoLote: null,
      codigoMsg: '003',
      descripcionMsg: '[documentos] VALOR NO VALIDO',
    });
    expect((await lote([jws], { idEnvio: uuid().toLowerCase() })).data).toMatchObject({ codigoMsg: '006' });
    expect((await lote([jws], { nitEmisor: '06140000000001' })).data).toMatchObject({ codigoMsg: '008' });
  });

  it('does not show one emisor the lotes of another (404)', async () => {
    const codigoLote = (await lote([emisor.firmar(factura(emisor.nit))])).data.codigoLote;
    const otro = await nuevoEmisor();
    expect((await otro.get(`/fesv/recepcion/consultadtelote/${codigoLote}`)).status).toBe(404);
  });

  it('processes lotes one at a time, in the order they were received', async () => {
    const lotes = [0, 1].map(() => [factura(emisor.nit), factura(emisor.nit), factura(emisor.nit)]);
    const codigosLote: string[] = [];
    for (const documentos of lotes)
      codigosLote.push((await lote(documentos.map((d) => emisor.firmar(d)))).data.codigoLote);
    for (const codigoLote of codigosLote) expect((await resultadoLote(emisor, codigoLote)).procesados).toHaveLength(3);

    const vistos = (await (await http()).get('/__sim/documentos', { params: { emisor: emisor.nit } })).data
      .data as Json[];
    const recibidos = (documentos: Json[]) =>
      documentos.map((d) => {
        const fila = vistos.find((v) => v.codigoGeneracion === d.identificacion.codigoGeneracion)!;
        return new Date(fila.respuestas[0].en).getTime();
      });
    const [primero, segundo] = lotes.map(recibidos) as [number[], number[]];
    expect(Math.max(...primero)).toBeLessThanOrEqual(Math.min(...segundo));
  });
});

describe('the proof of "exactly once" (GET /__sim/documentos)', () => {
  it('counts every transmission of a codigoGeneracion, and the one registration', async () => {
    const documento = creditoFiscal(emisor.nit);
    const jws = emisor.firmar(documento);
    await envio(emisor, documento, jws);
    await envio(emisor, documento, jws);
    const codigoGeneracion = documento.identificacion.codigoGeneracion;
    const res = await (await http()).get('/__sim/documentos', { params: { emisor: emisor.nit, codigoGeneracion } });
    expect(res.data.data).toEqual([
      expect.objectContaining({
        codigoGeneracion,
        recepciones: 2,
        respuestas: [
          expect.objectContaining({ servicio: 'recepciondte', estado: 'PROCESADO', codigoMsg: '001' }),
          expect.objectContaining({ servicio: 'recepciondte', estado: 'RECHAZADO', codigoMsg: '004' }),
        ],
        registrado: expect.objectContaining({ tipoDte: '03', estado: 'PROCESADO' }),
      }),
    ]);
  });
});

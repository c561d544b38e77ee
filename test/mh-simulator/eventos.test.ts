import { envio, nuevoEmisor, resultadoLote, type Emisor } from './cliente';
import {
  contingencia,
  creditoFiscal,
  enContingencia,
  factura,
  invalidacion,
  nota,
  uuid,
  type Json,
} from './documentos';

let emisor: Emisor;
beforeAll(async () => {
  emisor = await nuevoEmisor();
});

/** Sends a DTE that must be accepted and returns it with its sello. */
async function aceptado(documento: Json, quien = emisor): Promise<{ documento: Json; sello: string }> {
  const res = await envio(quien, documento);
  expect(res.data.estado).toBe('PROCESADO');
  return { documento, sello: res.data.selloRecibido };
}

const anular = (evento: Json, quien = emisor, version = 2) =>
  quien.post('/fesv/anulardte', { ambiente: '00', idEnvio: 1, version, documento: quien.firmar(evento) });

const consultar = (documento: Json, quien = emisor) =>
  quien.post('/fesv/recepcion/consultadte/', {
    nitEmisor: quien.nit,
    tdte: documento.identificacion.tipoDte,
    codigoGeneracion: documento.identificacion.codigoGeneracion,
  });

describe('invalidation (POST /fesv/anulardte, schema v2)', () => {
  it('invalidates an accepted document; consultadte then reports it INVALIDADO with its sello', async () => {
    const { documento, sello } = await aceptado(factura(emisor.nit));
    const evento = invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 2 });
    const res = await anular(evento);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      estado: 'PROCESADO',
      codigoGeneracion: evento.identificacion.codigoGeneracion,
      codigoMsg: '001',
      descripcionMsg: 'Invalidación Recibida y Procesada',
    });
    expect(res.data.selloRecibido).toMatch(/^20[0-9]{2}[A-Z0-9]{36}$/);
    const consulta = await consultar(documento);
    expect(consulta.status).toBe(200);
    expect(consulta.data).toMatchObject({ estado: 'INVALIDADO', selloRecibido: sello });
  });

  it('refuses a second invalidation of the same document (015)', async () => {
    const { documento, sello } = await aceptado(factura(emisor.nit));
    expect((await anular(invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 2 }))).status).toBe(200);
    const res = await anular(invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 2 }));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      estado: 'RECHAZADO',
      codigoMsg: '015',
      descripcionMsg: '[documento.codigoGeneracion] DOCUMENTO SE ENCUENTA ANULADO',
    });
  });

  it('refuses to invalidate a document MH never accepted (014)', async () => {
    const documento = factura(emisor.nit);
    const res = await anular(invalidacion(emisor.nit, documento, `2026${'A'.repeat(36)}`, { tipoAnulacion: 2 }));
    expect(res.data).toMatchObject({
      codigoMsg: '014',
      descripcionMsg: '[documento.codigoGeneracion] NO EXISTE UN REGISTRO CON ESTE DATO',
    });
  });

  it("refuses another emisor's document as unknown (014)", async () => {
    const { documento, sello } = await aceptado(factura(emisor.nit));
    const otro = await nuevoEmisor();
    const evento = invalidacion(otro.nit, documento, sello, { tipoAnulacion: 2 });
    expect((await anular(evento, otro)).data.codigoMsg).toBe('014');
  });

  it('requires the document data to match what MH holds (027)', async () => {
    const { documento } = await aceptado(factura(emisor.nit));
    const res = await anular(invalidacion(emisor.nit, documento, `2026${'B'.repeat(36)}`, { tipoAnulacion: 2 }));
    expect(res.data).toMatchObject({
      codigoMsg: '027',
      descripcionMsg: '[documento.selloRecibido] DATO NO COINCIDE CON DTE',
    });
  });

  describe('tipoAnulacion', () => {
    it('1 needs a replacement MH accepted (codigoGeneracionR, 014 otherwise)', async () => {
      const { documento, sello } = await aceptado(factura(emisor.nit));
      const sinReemplazo = await anular(
        invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 1, codigoGeneracionR: uuid() }),
      );
      expect(sinReemplazo.data).toMatchObject({
        codigoMsg: '014',
        descripcionMsg: '[documento.codigoGeneracionR] NO EXISTE UN REGISTRO CON ESTE DATO',
      });
      const reemplazo = await aceptado(factura(emisor.nit));
      const codigoGeneracionR = reemplazo.documento.identificacion.codigoGeneracion;
      const res = await anular(invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 1, codigoGeneracionR }));
      expect(res.data.estado).toBe('PROCESADO');
    });

    it('1 cannot name the invalidated document itself as its replacement (003)', async () => {
      const { documento, sello } = await aceptado(factura(emisor.nit));
      const codigoGeneracionR = documento.identificacion.codigoGeneracion;
      const res = await anular(invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 1, codigoGeneracionR }));
      expect(res.data).toMatchObject({
        codigoMsg: '003',
        descripcionMsg: '[documento.codigoGeneracionR] VALOR NO VALIDO',
      });
    });

    it('2 must not name a replacement (schema, 096)', async () => {
      const { documento, sello } = await aceptado(factura(emisor.nit));
      const res = await anular(
        invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 2, codigoGeneracionR: uuid() }),
      );
      expect(res.data).toMatchObject({ clasificaMsg: '98', codigoMsg: '096' });
      expect(res.data.observaciones.join()).toContain('#/documento/codigoGeneracionR');
    });

    it('3 on a credit note needs no replacement accepted beforehand', async () => {
      const { documento, sello } = await aceptado(nota('05', emisor.nit));
      const res = await anular(
        invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 3, codigoGeneracionR: uuid() }),
      );
      expect(res.data.estado).toBe('PROCESADO');
    });
  });

  it('refuses to invalidate a CCF while a credit note on it is live (028)', async () => {
    const ccf = await aceptado(creditoFiscal(emisor.nit));
    const nc = await aceptado(nota('05', emisor.nit, ccf.documento.identificacion.codigoGeneracion));
    const evento = () => invalidacion(emisor.nit, ccf.documento, ccf.sello, { tipoAnulacion: 2 });
    expect((await anular(evento())).data).toMatchObject({ codigoMsg: '028' });
    expect((await anular(invalidacion(emisor.nit, nc.documento, nc.sello, { tipoAnulacion: 2 }))).data.estado).toBe(
      'PROCESADO',
    );
    expect((await anular(evento())).data.estado).toBe('PROCESADO');
  });

  it('refuses a tampered event signature (802) and an unknown event version (096)', async () => {
    const { documento, sello } = await aceptado(factura(emisor.nit));
    const evento = invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 2 });
    expect((await anular(evento, emisor, 3)).data).toMatchObject({ codigoMsg: '096' });
    const [h, , s] = emisor.firmar(evento).split('.');
    const otro = Buffer.from(JSON.stringify({ ...evento, motivo: { ...evento.motivo, tipoAnulacion: 3 } })).toString(
      'base64url',
    );
    const res = await emisor.post('/fesv/anulardte', {
      ambiente: '00',
      idEnvio: 1,
      version: 2,
      documento: `${h}.${otro}.${s}`,
    });
    expect(res.data).toMatchObject({ clasificaMsg: '20', codigoMsg: '802' });
  });

  describe('windows (Manual Funcional §VIII)', () => {
    let reloj: Emisor;
    beforeEach(async () => {
      reloj = await nuevoEmisor();
    });
    afterEach(async () => {
      await reloj.control('/clock', { offsetSeconds: 0 });
    });

    const enDias = async (dias: number) => {
      await reloj.control('/clock', { offsetSeconds: dias * 86400 });
      await reloj.renovarToken();
    };

    it('a CCF only until the end of the day after its sello (018 later)', async () => {
      const { documento, sello } = await aceptado(creditoFiscal(reloj.nit), reloj);
      await enDias(3);
      const res = await anular(invalidacion(reloj.nit, documento, sello, { tipoAnulacion: 2 }), reloj);
      expect(res.data).toMatchObject({
        codigoMsg: '018',
        descripcionMsg: '[identificacion.fecAnula] FECHA FUERA DE PLAZO PERMITIDO',
      });
    });

    it('a Factura for three months after its sello', async () => {
      const dentro = await aceptado(factura(reloj.nit), reloj);
      const fuera = await aceptado(factura(reloj.nit), reloj);
      await enDias(60);
      expect(
        (await anular(invalidacion(reloj.nit, dentro.documento, dentro.sello, { tipoAnulacion: 2 }), reloj)).data
          .estado,
      ).toBe('PROCESADO');
      await enDias(100);
      expect(
        (await anular(invalidacion(reloj.nit, fuera.documento, fuera.sello, { tipoAnulacion: 2 }), reloj)).data
          .codigoMsg,
      ).toBe('018');
    });
  });
});

describe('contingency (POST /fesv/contingencia, schema v3)', () => {
  const enviarEvento = (evento: Json, quien = emisor) =>
    quien.post('/fesv/contingencia', { nit: quien.nit, documento: quien.firmar(evento) });
  const hace = (minutos: number) => new Date(Date.now() - minutos * 60000);

  it('receives an event with its own answer shape, then accepts its documents by lote', async () => {
    const documentos = [
      enContingencia(factura(emisor.nit), hace(90)),
      enContingencia(creditoFiscal(emisor.nit), hace(80)),
    ];
    const evento = contingencia(
      emisor.nit,
      documentos.map((d) => ({
        codigoGeneracion: d.identificacion.codigoGeneracion,
        tipoDoc: d.identificacion.tipoDte,
      })),
      hace(120),
      hace(60),
    );
    const res = await enviarEvento(evento);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      estado: 'RECIBIDO',
      fechaHora: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
      mensaje: 'Documento recibido',
      selloRecibido: expect.stringMatching(/^20[0-9]{2}[A-Z0-9]{36}$/),
      observaciones: [],
    });
    const lote = await emisor.post('/fesv/recepcionlote/', {
      ambiente: '00',
      idEnvio: uuid(),
      version: 1,
      nitEmisor: emisor.nit,
      documentos: documentos.map((d) => emisor.firmar(d)),
    });
    expect(lote.data.estado).toBe('RECIBIDO');
    const resultado = await resultadoLote(emisor, lote.data.codigoLote);
    expect(resultado.rechazados).toEqual([]);
    expect(resultado.procesados.map((p: Json) => p.codigoGeneracion).sort()).toEqual(
      documentos.map((d) => d.identificacion.codigoGeneracion).sort(),
    );
  });

  it('refuses a contingency document issued outside the reported period (013)', async () => {
    const documento = enContingencia(factura(emisor.nit), hace(200));
    const evento = contingencia(
      emisor.nit,
      [{ codigoGeneracion: documento.identificacion.codigoGeneracion, tipoDoc: '01' }],
      hace(120),
      hace(60),
    );
    expect((await enviarEvento(evento)).data.estado).toBe('RECIBIDO');
    expect((await envio(emisor, documento)).data).toMatchObject({
      codigoMsg: '013',
      descripcionMsg: '[identificacion.fecEmi] NO ESTA ENTRE PERIODO REPORTADO EN EVENTO DE CONTINGENCIA',
    });
  });

  it('checks a document listed again against the newest event that lists it', async () => {
    const documento = enContingencia(factura(emisor.nit), hace(200));
    const listado = [{ codigoGeneracion: documento.identificacion.codigoGeneracion, tipoDoc: '01' }];
    expect((await enviarEvento(contingencia(emisor.nit, listado, hace(120), hace(60)))).data.estado).toBe('RECIBIDO');
    expect((await envio(emisor, documento)).data.codigoMsg).toBe('013');
    expect((await enviarEvento(contingencia(emisor.nit, listado, hace(240), hace(30)))).data.estado).toBe('RECIBIDO');
    expect((await envio(emisor, documento)).data).toMatchObject({
      estado: 'PROCESADO',
      codigoGeneracion: documento.identificacion.codigoGeneracion,
    });
  });

  it("refuses a contingency document only another emisor's event lists (012)", async () => {
    const otro = await nuevoEmisor();
    const documento = enContingencia(factura(emisor.nit), hace(90));
    const listado = [{ codigoGeneracion: documento.identificacion.codigoGeneracion, tipoDoc: '01' }];
    const evento = contingencia(otro.nit, listado, hace(120), hace(60));
    expect((await enviarEvento(evento, otro)).data.estado).toBe('RECIBIDO');
    expect((await envio(emisor, documento)).data.codigoMsg).toBe('012');
  });

  it('refuses a contingency document the event does not list (012)', async () => {
    const listado = enContingencia(factura(emisor.nit), hace(90));
    const evento = contingencia(
      emisor.nit,
      [{ codigoGeneracion: listado.identificacion.codigoGeneracion, tipoDoc: '01' }],
      hace(120),
      hace(60),
    );
    expect((await enviarEvento(evento)).data.estado).toBe('RECIBIDO');
    expect((await envio(emisor, enContingencia(factura(emisor.nit), hace(90)))).data.codigoMsg).toBe('012');
  });

  it('refuses an event sent twice, an inverted period, a wrong schema version and a foreign NIT', async () => {
    const evento = contingencia(emisor.nit, [{ codigoGeneracion: uuid(), tipoDoc: '01' }], hace(120), hace(60));
    expect((await enviarEvento(evento)).status).toBe(200);
    const repetido = await enviarEvento(evento);
    expect(repetido.status).toBe(400);
    expect(repetido.data).toMatchObject({
      estado: 'RECHAZADO',
      mensaje: 'Validaciones no superadas',
      selloRecibido: null,
    });
    expect(repetido.data.observaciones).toContain(
      '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR',
    );

    const invertido = contingencia(emisor.nit, [{ codigoGeneracion: uuid(), tipoDoc: '01' }], hace(60), hace(120));
    expect((await enviarEvento(invertido)).data.observaciones).toContain('[motivo.fFin] FECHA NO ES CORRECTA');

    const v4 = contingencia(emisor.nit, [{ codigoGeneracion: uuid(), tipoDoc: '01' }], hace(120), hace(60));
    v4.identificacion.version = 4;
    expect((await enviarEvento(v4)).data.observaciones.join()).toContain('#/identificacion/version');

    const otro = await nuevoEmisor();
    const ajeno = await emisor.post('/fesv/contingencia', { nit: otro.nit, documento: emisor.firmar(evento) });
    expect(ajeno.data.observaciones).toEqual(['[nit] NO CORRESPONDE A CONTRIBUYENTE']);
  });

  it('refuses an event sent more than 24 h after the contingency ended (018)', async () => {
    const evento = contingencia(
      emisor.nit,
      [{ codigoGeneracion: uuid(), tipoDoc: '01' }],
      hace(60 * 30),
      hace(60 * 26),
    );
    expect((await enviarEvento(evento)).data.observaciones).toContain('[motivo.fFin] FECHA FUERA DE PLAZO PERMITIDO');
  });

  it('refuses a document type CAT-023 does not allow in contingency (007)', async () => {
    const evento = contingencia(emisor.nit, [{ codigoGeneracion: uuid(), tipoDoc: '07' }], hace(120), hace(60));
    expect((await enviarEvento(evento)).data.observaciones).toContain('[detalleDTE[0].tipoDoc] VALOR NO ES PERMITIDO');
  });
});

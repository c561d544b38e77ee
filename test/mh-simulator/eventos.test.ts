import { envio, nuevoEmisor, resultadoLote, type Emisor } from './cliente';
import {
  contingencia,
  creditoFiscal,
  creditoFiscalV4,
  enContingencia,
  factura,
  facturaV2,
  fechaHora,
  identificacion,
  invalidacion,
  invalidacionV3,
  nota,
  notaV4,
  retencionV2,
  retorno,
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

/**
 * A new emisor for each test whose clock at MH a test moves `enDias` days on, and back after the test
 * (the simulator's clock is per emisor).
 */
function conReloj() {
  let reloj: Emisor;
  beforeEach(async () => {
    reloj = await nuevoEmisor();
  });
  afterEach(async () => {
    await reloj.control('/clock', { offsetSeconds: 0 });
  });
  return {
    emisor: () => reloj,
    enDias: async (dias: number) => {
      await reloj.control('/clock', { offsetSeconds: dias * 86400 });
      await reloj.renovarToken();
    },
  };
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

    it('3 on a credit note names a replacement that need not be accepted yet (the v2 schema wants a string)', async () => {
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

  it('refuses a tampered event signature (802), an unknown event version (096) and another request version (027)', async () => {
    const { documento, sello } = await aceptado(factura(emisor.nit));
    const evento = invalidacion(emisor.nit, documento, sello, { tipoAnulacion: 2 });
    expect((await anular(evento, emisor, 3)).data).toMatchObject({
      codigoMsg: '027',
      descripcionMsg: '[identificacion.version] DATO NO COINCIDE CON DTE',
    });
    const desconocida = { ...evento, identificacion: { ...evento.identificacion, version: 9 } };
    expect((await anular(desconocida, emisor, 9)).data).toMatchObject({
      codigoMsg: '096',
      observaciones: ['[identificacion.version] NO EXISTE ESQUEMA DE INVALIDACION VERSION 9'],
    });
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
    const { emisor: relojDe, enDias } = conReloj();
    let reloj: Emisor;
    beforeEach(() => {
      reloj = relojDe();
    });

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

describe('invalidation v3 (invalidacion-schema-v3)', () => {
  const anularV3 = (evento: Json) => anular(evento, emisor, 3);

  it('invalidates a document of either generation', async () => {
    for (const dte of [facturaV2(emisor.nit), creditoFiscal(emisor.nit)]) {
      const { documento, sello } = await aceptado(dte);
      const evento = invalidacionV3(emisor.nit, documento, sello, { tipoAnulacion: 2 });
      const res = await anularV3(evento);
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        estado: 'PROCESADO',
        codigoGeneracion: evento.identificacion.codigoGeneracion,
        descripcionMsg: 'Invalidación Recibida y Procesada',
      });
      expect((await consultar(documento)).data.estado).toBe('INVALIDADO');
    }
  });

  it("requires the event's fecEmi to be the invalidated DTE's (027), except for FE, FEX and FSE", async () => {
    const ayer = new Date(Date.now() - 26 * 3600 * 1000);
    const ccf = creditoFiscalV4(emisor.nit);
    ccf.identificacion = { ...identificacion('03', 4, ayer), numeroControl: ccf.identificacion.numeroControl };
    const aceptadoCcf = await aceptado(ccf);
    const hoy = invalidacionV3(emisor.nit, ccf, aceptadoCcf.sello, { tipoAnulacion: 2 });
    hoy.identificacion.fecEmi = fechaHora().fecha;
    expect((await anularV3(hoy)).data).toMatchObject({
      estado: 'RECHAZADO',
      clasificaMsg: '11',
      codigoMsg: '027',
      descripcionMsg: '[identificacion.fecEmi] DATO NO COINCIDE CON DTE',
    });
    expect((await anularV3(invalidacionV3(emisor.nit, ccf, aceptadoCcf.sello, { tipoAnulacion: 2 }))).data.estado).toBe(
      'PROCESADO',
    );

    const fe = facturaV2(emisor.nit);
    fe.identificacion = { ...identificacion('01', 2, ayer), numeroControl: fe.identificacion.numeroControl };
    const aceptadaFe = await aceptado(fe);
    const deHoy = invalidacionV3(emisor.nit, fe, aceptadaFe.sello, { tipoAnulacion: 2 });
    deHoy.identificacion.fecEmi = fechaHora().fecha;
    expect((await anularV3(deHoy)).data.estado).toBe('PROCESADO');
  });

  it('keeps the other rules: 028 for a CCF with a live NC v4, 027 on the document data', async () => {
    const ccf = await aceptado(creditoFiscalV4(emisor.nit));
    await aceptado(notaV4('05', emisor.nit, ccf.documento.identificacion.codigoGeneracion));
    expect(
      (await anularV3(invalidacionV3(emisor.nit, ccf.documento, ccf.sello, { tipoAnulacion: 2 }))).data,
    ).toMatchObject({ codigoMsg: '028' });
    const cr = await aceptado(retencionV2(emisor.nit));
    const evento = invalidacionV3(emisor.nit, cr.documento, cr.sello, { tipoAnulacion: 2 });
    evento.documento.numeroControl = null;
    expect((await anularV3(evento)).data).toMatchObject({
      codigoMsg: '027',
      descripcionMsg: '[documento.numeroControl] DATO NO COINCIDE CON DTE',
    });
  });
});

describe('invalidation v3 windows and the retorno (Normativa DTE 2.0)', () => {
  const { emisor: relojDe, enDias } = conReloj();
  let reloj: Emisor;
  beforeEach(() => {
    reloj = relojDe();
  });
  const anularV3 = (evento: Json) => anular(evento, reloj, 3);

  it('1 and 3 on a credit note name no replacement: it is invalidated first (024 when one is named)', async () => {
    const ccf = await aceptado(creditoFiscalV4(reloj.nit), reloj);
    for (const tipoAnulacion of [1, 3] as const) {
      const nc = await aceptado(notaV4('05', reloj.nit, ccf.documento.identificacion.codigoGeneracion), reloj);
      const conReemplazo = await anularV3(
        invalidacionV3(reloj.nit, nc.documento, nc.sello, { tipoAnulacion, codigoGeneracionR: uuid() }),
      );
      expect(conReemplazo.data).toMatchObject({
        estado: 'RECHAZADO',
        codigoMsg: '024',
        descripcionMsg: '[documento.codigoGeneracionR] VALOR EN CAMPO NO APLICA',
      });
      const sinReemplazo = await anularV3(
        invalidacionV3(reloj.nit, nc.documento, nc.sello, { tipoAnulacion, codigoGeneracionR: null }),
      );
      expect(sinReemplazo.data.estado).toBe('PROCESADO');
    }
  });

  it('1 and 3 on a retorno name no replacement either: what it gave back is freed first (024 when one is named)', async () => {
    const fe = await aceptado(facturaV2(reloj.nit), reloj);
    for (const tipoAnulacion of [1, 3] as const) {
      const ret = await aceptado(retorno(reloj.nit, fe.documento), reloj);
      const reemplazo = await aceptado(retorno(reloj.nit, fe.documento), reloj);
      const conReemplazo = await anularV3(
        invalidacionV3(reloj.nit, ret.documento, ret.sello, {
          tipoAnulacion,
          codigoGeneracionR: reemplazo.documento.identificacion.codigoGeneracion,
        }),
      );
      expect(conReemplazo.data).toMatchObject({
        estado: 'RECHAZADO',
        codigoMsg: '024',
        descripcionMsg: '[documento.codigoGeneracionR] VALOR EN CAMPO NO APLICA',
      });
      const sinReemplazo = await anularV3(
        invalidacionV3(reloj.nit, ret.documento, ret.sello, { tipoAnulacion, codigoGeneracionR: null }),
      );
      expect(sinReemplazo.data).toMatchObject({ estado: 'PROCESADO', codigoMsg: '001' });
      // What the two took (2 × 11.30 of the Factura's 28.25) is free for the next round.
      const rescindido = await anularV3(
        invalidacionV3(reloj.nit, reemplazo.documento, reemplazo.sello, { tipoAnulacion: 2 }),
      );
      expect(rescindido.data.estado).toBe('PROCESADO');
    }
  });

  it('a Factura with a retorno in force waits for the retorno to be invalidated (028 before)', async () => {
    const fe = await aceptado(facturaV2(reloj.nit), reloj);
    const ret = await aceptado(retorno(reloj.nit, fe.documento), reloj);
    const deLaFactura = () => invalidacionV3(reloj.nit, fe.documento, fe.sello, { tipoAnulacion: 2 });
    expect((await anularV3(deLaFactura())).data).toMatchObject({ codigoMsg: '028' });
    expect(
      (await anularV3(invalidacionV3(reloj.nit, ret.documento, ret.sello, { tipoAnulacion: 2 }))).data.estado,
    ).toBe('PROCESADO');
    expect((await anularV3(deLaFactura())).data.estado).toBe('PROCESADO');
  });

  it('gives an invalidated retorno back to what its Factura may still return', async () => {
    // The Factura's montoTotalOperacion is 28.25; each retorno gives back 11.30: two fit, a third (33.90) does not.
    const fe = await aceptado(facturaV2(reloj.nit), reloj);
    const primero = await aceptado(retorno(reloj.nit, fe.documento), reloj);
    await aceptado(retorno(reloj.nit, fe.documento), reloj);
    expect((await envio(reloj, retorno(reloj.nit, fe.documento))).data.codigoMsg).toBe('016');
    const anulado = await anularV3(invalidacionV3(reloj.nit, primero.documento, primero.sello, { tipoAnulacion: 2 }));
    expect(anulado.data.estado).toBe('PROCESADO');
    // 11.30 of the invalidated one given back: 11.30 + 11.30 = 22.60 ≤ 28.25 again.
    await aceptado(retorno(reloj.nit, fe.documento), reloj);
  });

  it('a retorno for four days after its sello, a CCF for one (018 later)', async () => {
    const fe = await aceptado(facturaV2(reloj.nit), reloj);
    const dentro = await aceptado(retorno(reloj.nit, fe.documento), reloj);
    const otra = await aceptado(facturaV2(reloj.nit), reloj);
    const fuera = await aceptado(retorno(reloj.nit, otra.documento), reloj);
    const ccf = await aceptado(creditoFiscalV4(reloj.nit), reloj);
    // Three days on: within the retorno's four, past the CCF's one.
    await enDias(3);
    expect(
      (await anularV3(invalidacionV3(reloj.nit, dentro.documento, dentro.sello, { tipoAnulacion: 2 }))).data.estado,
    ).toBe('PROCESADO');
    expect(
      (await anularV3(invalidacionV3(reloj.nit, ccf.documento, ccf.sello, { tipoAnulacion: 2 }))).data,
    ).toMatchObject({ codigoMsg: '018', descripcionMsg: '[identificacion.fecEmi] FECHA FUERA DE PLAZO PERMITIDO' });
    // Six days on: past the end of the fourth day after the sello, whatever the hour it was sealed.
    await enDias(6);
    expect(
      (await anularV3(invalidacionV3(reloj.nit, fuera.documento, fuera.sello, { tipoAnulacion: 2 }))).data.codigoMsg,
    ).toBe('018');
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

    const v5 = contingencia(emisor.nit, [{ codigoGeneracion: uuid(), tipoDoc: '01' }], hace(120), hace(60));
    v5.identificacion.version = 5;
    expect((await enviarEvento(v5)).data.observaciones).toEqual([
      '[identificacion.version] NO EXISTE ESQUEMA DE CONTINGENCIA VERSION 5',
    ]);

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

describe('contingency event v4 (contingencia-schema-v4)', () => {
  const enviarEvento = (evento: Json) =>
    emisor.post('/fesv/contingencia', { nit: emisor.nit, documento: emisor.firmar(evento) });
  const hace = (minutos: number) => new Date(Date.now() - minutos * 60000);

  it('lists documents of both generations, which a lote then carries each in its own version', async () => {
    const documentos = [
      enContingencia(factura(emisor.nit), hace(90)),
      enContingencia(creditoFiscalV4(emisor.nit), hace(85)),
      enContingencia(retencionV2(emisor.nit), hace(80)),
    ];
    const listado = documentos.map((d) => ({
      codigoGeneracion: d.identificacion.codigoGeneracion,
      tipoDoc: d.identificacion.tipoDte,
    }));
    const res = await enviarEvento(contingencia(emisor.nit, listado, hace(120), hace(60), 4));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ estado: 'RECIBIDO', mensaje: 'Documento recibido', observaciones: [] });
    const lote = await emisor.post('/fesv/recepcionlote/', {
      ambiente: '00',
      idEnvio: uuid(),
      version: 1,
      nitEmisor: emisor.nit,
      documentos: documentos.map((d) => emisor.firmar(d)),
    });
    const resultado = await resultadoLote(emisor, lote.data.codigoLote);
    expect(resultado.rechazados).toEqual([]);
    expect(resultado.procesados.map((p: Json) => p.codigoGeneracion).sort()).toEqual(
      listado.map((d) => d.codigoGeneracion).sort(),
    );
  });

  it('checks tipoDoc against CAT-002 (2026), not CAT-023 (007)', async () => {
    const evento = contingencia(emisor.nit, [{ codigoGeneracion: uuid(), tipoDoc: '02' }], hace(120), hace(60), 4);
    expect((await enviarEvento(evento)).data).toMatchObject({
      estado: 'RECHAZADO',
      observaciones: ['[detalleDTE[0].tipoDoc] VALOR NO ES PERMITIDO'],
    });
  });
});

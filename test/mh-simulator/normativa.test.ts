import { envio, http, nuevoEmisor, resultadoLote, type Emisor } from './cliente';
import {
  contingencia,
  creditoFiscal,
  creditoFiscalV4,
  enContingencia,
  factura,
  facturaV2,
  identificacion,
  invalidacion,
  invalidacionV3,
  uuid,
  type Json,
} from './documentos';

/** MH's cut-over to Normativa DTE 2.0, set per emisor through POST /__sim/normativa. */
let emisor: Emisor;
beforeEach(async () => {
  emisor = await nuevoEmisor();
  await emisor.control('/lotes', { delayMs: 200 });
});

const hace = (minutos: number) => new Date(Date.now() - minutos * 60000);
const rechazar2023Desde = (instante: Date | null) =>
  emisor.control('/normativa', { rechazar2023Desde: instante ? instante.toISOString() : null });

/** A Factura v1 emitted at `instante` (its numeroControl kept). */
function facturaEmitida(instante: Date): Json {
  const documento = factura(emisor.nit);
  documento.identificacion = {
    ...identificacion('01', 1, instante),
    numeroControl: documento.identificacion.numeroControl,
  };
  return documento;
}

const NO_CUMPLE = {
  estado: 'RECHAZADO',
  selloRecibido: null,
  clasificaMsg: '98',
  codigoMsg: '096',
  descripcionMsg: 'DOCUMENTO NO CUMPLE CON NORMATIVA DE CUMPLIMIENTO',
};

describe('after the instant MH stops taking the 2023 schemas', () => {
  it('refuses a 2023 DTE emitted at or after it (096, naming the version required) and takes its 2026 version', async () => {
    await rechazar2023Desde(hace(60));
    const fe = await envio(emisor, factura(emisor.nit));
    expect(fe.status).toBe(400);
    expect(fe.data).toMatchObject({
      ...NO_CUMPLE,
      observaciones: ['[identificacion.version] VERSION 1 DEL DTE 01 NO VIGENTE; SE REQUIERE VERSION 2'],
    });
    expect((await envio(emisor, creditoFiscal(emisor.nit))).data.observaciones).toEqual([
      '[identificacion.version] VERSION 3 DEL DTE 03 NO VIGENTE; SE REQUIERE VERSION 4',
    ]);
    expect((await envio(emisor, facturaV2(emisor.nit))).data.estado).toBe('PROCESADO');
  });

  it('takes a 2023 DTE received before the instant, or emitted before it and received after', async () => {
    await rechazar2023Desde(new Date(Date.now() + 3600 * 1000));
    expect((await envio(emisor, factura(emisor.nit))).data.estado).toBe('PROCESADO');
    await rechazar2023Desde(hace(30));
    expect((await envio(emisor, facturaEmitida(hace(45)))).data.estado).toBe('PROCESADO');
    expect((await envio(emisor, facturaEmitida(hace(15)))).data).toMatchObject(NO_CUMPLE);
  });

  it('takes a lote mixing a 2023 document issued in contingency before the instant and a 2026 one', async () => {
    await rechazar2023Desde(hace(30));
    const documentos = [
      enContingencia(factura(emisor.nit), hace(90)),
      enContingencia(creditoFiscalV4(emisor.nit), hace(80)),
    ];
    const listado = documentos.map((d) => ({
      codigoGeneracion: d.identificacion.codigoGeneracion,
      tipoDoc: d.identificacion.tipoDte,
    }));
    const enviarEvento = (evento: Json) =>
      emisor.post('/fesv/contingencia', { nit: emisor.nit, documento: emisor.firmar(evento) });

    // The event transmitted now must be of the 2026 generation, in its own answer shape.
    const v3 = await enviarEvento(contingencia(emisor.nit, listado, hace(120), hace(60), 3));
    expect(v3.status).toBe(400);
    expect(v3.data).toMatchObject({
      estado: 'RECHAZADO',
      mensaje: 'DOCUMENTO NO CUMPLE CON NORMATIVA DE CUMPLIMIENTO',
      selloRecibido: null,
      observaciones: [
        '[identificacion.version] VERSION 3 DEL EVENTO DE CONTINGENCIA NO VIGENTE; SE REQUIERE VERSION 4',
      ],
    });
    expect((await enviarEvento(contingencia(emisor.nit, listado, hace(120), hace(60), 4))).data.estado).toBe(
      'RECIBIDO',
    );

    const tarde = factura(emisor.nit);
    const lote = await emisor.post('/fesv/recepcionlote/', {
      ambiente: '00',
      idEnvio: uuid(),
      version: 1,
      nitEmisor: emisor.nit,
      documentos: [...documentos, tarde].map((d) => emisor.firmar(d)),
    });
    const resultado = await resultadoLote(emisor, lote.data.codigoLote);
    expect(resultado.procesados.map((p: Json) => p.codigoGeneracion).sort()).toEqual(
      listado.map((d) => d.codigoGeneracion).sort(),
    );
    expect(resultado.rechazados).toEqual([
      expect.objectContaining({ codigoGeneracion: tarde.identificacion.codigoGeneracion, ...NO_CUMPLE }),
    ]);
  });

  it('refuses an invalidation v2 made after it; v3 invalidates the 2023 document', async () => {
    await rechazar2023Desde(hace(1));
    const documento = facturaEmitida(hace(5));
    const { selloRecibido } = (await envio(emisor, documento)).data;
    const anular = (evento: Json) =>
      emisor.post('/fesv/anulardte', {
        ambiente: '00',
        idEnvio: 1,
        version: evento.identificacion.version,
        documento: emisor.firmar(evento),
      });
    expect((await anular(invalidacion(emisor.nit, documento, selloRecibido, { tipoAnulacion: 2 }))).data).toMatchObject(
      {
        ...NO_CUMPLE,
        observaciones: [
          '[identificacion.version] VERSION 2 DEL EVENTO DE INVALIDACION NO VIGENTE; SE REQUIERE VERSION 3',
        ],
      },
    );
    const v3 = await anular(invalidacionV3(emisor.nit, documento, selloRecibido, { tipoAnulacion: 2 }));
    expect(v3.data).toMatchObject({ estado: 'PROCESADO', descripcionMsg: 'Invalidación Recibida y Procesada' });
  });
});

describe('the setting', () => {
  it('is scoped to its emisor, shown by GET /__sim/state and lifted with null', async () => {
    const desde = hace(60);
    await rechazar2023Desde(desde);
    const estado = await (await http()).get('/__sim/state');
    expect(estado.data.data).toContainEqual(
      expect.objectContaining({ scope: emisor.nit, rechazar2023Desde: desde.toISOString() }),
    );
    const otro = await nuevoEmisor();
    expect((await envio(otro, factura(otro.nit))).data.estado).toBe('PROCESADO');

    await rechazar2023Desde(null);
    expect((await envio(emisor, factura(emisor.nit))).data.estado).toBe('PROCESADO');
  });

  it('must be an ISO-8601 instant or null', async () => {
    const res = await emisor.control('/normativa', { rechazar2023Desde: '2026-13-01' });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ status: 'error', code: 'VALIDATION_ERROR' });
    expect(res.data.errors).toEqual([expect.objectContaining({ field: 'rechazar2023Desde' })]);
    expect((await emisor.control('/normativa', {})).status).toBe(400);
  });
});

import { adulterar, envio, firmarRs256, http, nuevoEmisor, type Emisor } from './cliente';
import {
  creditoFiscal,
  creditoFiscalV4,
  factura,
  facturaV2,
  identificacion,
  invalidacionV3,
  nota,
  notaV4,
  retencion,
  retencionV2,
  retorno,
  sujetoExcluido,
  sujetoExcluidoV2,
  uuid,
  type Json,
} from './documentos';

/**
 * One row per DTE the service issues, in both generations: how to build a valid one, and which figure,
 * catalog code or schema field to break for each rejection MH gives.
 */
interface Caso {
  tipoDte: string;
  version: number;
  nombre: string;
  /** May first send what the document relates to (the retorno's Factura: MH holds its related DTEs). */
  construir: (nit: string) => Json | Promise<Json>;
  item: { campo: string; cambiar: (d: Json) => void };
  resumen: { campo: string; cambiar: (d: Json) => void };
  catalogo: { campo: string; clasificaMsg: string; cambiar: (d: Json) => void };
}

const casos: Caso[] = [
  {
    tipoDte: '01',
    version: 1,
    nombre: 'Factura',
    construir: factura,
    item: { campo: 'cuerpoDocumento[0].ventaGravada', cambiar: (d) => (d.cuerpoDocumento[0].ventaGravada = 22.7) },
    resumen: { campo: 'resumen.totalIva', cambiar: (d) => (d.resumen.totalIva = 3.3) },
    catalogo: {
      campo: 'emisor.direccion.municipio',
      clasificaMsg: '12',
      // Neither a 2024 code of San Salvador (20–24) nor an older one (01–19), which 2023 documents may carry.
      cambiar: (d) => (d.emisor.direccion.municipio = '30'),
    },
  },
  {
    tipoDte: '03',
    version: 3,
    nombre: 'Comprobante de crédito fiscal',
    construir: creditoFiscal,
    item: { campo: 'cuerpoDocumento[1].ventaGravada', cambiar: (d) => (d.cuerpoDocumento[1].ventaGravada = 4.5) },
    resumen: { campo: 'resumen.tributos[0].valor', cambiar: (d) => (d.resumen.tributos[0].valor = 26.6) },
    catalogo: {
      campo: 'cuerpoDocumento[0].uniMedida',
      clasificaMsg: '15',
      cambiar: (d) => (d.cuerpoDocumento[0].uniMedida = 98),
    },
  },
  {
    tipoDte: '05',
    version: 3,
    nombre: 'Nota de crédito',
    construir: (nit) => nota('05', nit),
    item: { campo: 'cuerpoDocumento[0].ventaGravada', cambiar: (d) => (d.cuerpoDocumento[0].ventaGravada = 49) },
    resumen: { campo: 'resumen.montoTotalOperacion', cambiar: (d) => (d.resumen.montoTotalOperacion = 50) },
    catalogo: {
      campo: 'receptor.codActividad',
      clasificaMsg: '13',
      cambiar: (d) => (d.receptor.codActividad = '99999'),
    },
  },
  {
    tipoDte: '06',
    version: 3,
    nombre: 'Nota de débito',
    construir: (nit) => nota('06', nit),
    item: { campo: 'cuerpoDocumento[0].ventaGravada', cambiar: (d) => (d.cuerpoDocumento[0].ventaGravada = 51) },
    resumen: { campo: 'resumen.subTotal', cambiar: (d) => (d.resumen.subTotal = 49.9) },
    // The schemas still allow "20" as tipoEstablecimiento; CAT-009 v1.2 does not.
    catalogo: {
      campo: 'emisor.tipoEstablecimiento',
      clasificaMsg: '12',
      cambiar: (d) => (d.emisor.tipoEstablecimiento = '20'),
    },
  },
  {
    tipoDte: '07',
    version: 1,
    nombre: 'Comprobante de retención',
    construir: retencion,
    item: { campo: 'cuerpoDocumento[1].ivaRetenido', cambiar: (d) => (d.cuerpoDocumento[1].ivaRetenido = 2.53) },
    resumen: { campo: 'resumen.totalIVAretenido', cambiar: (d) => (d.resumen.totalIVAretenido = 12.6) },
    catalogo: { campo: 'emisor.codActividad', clasificaMsg: '12', cambiar: (d) => (d.emisor.codActividad = '99999') },
  },
  {
    tipoDte: '14',
    version: 1,
    nombre: 'Factura de sujeto excluido',
    construir: sujetoExcluido,
    item: { campo: 'cuerpoDocumento[1].compra', cambiar: (d) => (d.cuerpoDocumento[1].compra = 50) },
    resumen: { campo: 'resumen.reteRenta', cambiar: (d) => (d.resumen.reteRenta = 30) },
    catalogo: {
      campo: 'sujetoExcluido.direccion.municipio',
      clasificaMsg: '13',
      cambiar: (d) => (d.sujetoExcluido.direccion.municipio = '20'),
    },
  },
  {
    tipoDte: '01',
    version: 2,
    nombre: 'Factura',
    construir: facturaV2,
    item: { campo: 'cuerpoDocumento[0].ventaGravada', cambiar: (d) => (d.cuerpoDocumento[0].ventaGravada = 22.7) },
    // ivaRete is 1% of 25.00 (28.25 without its IVA).
    resumen: { campo: 'resumen.ivaRete', cambiar: (d) => (d.resumen.ivaRete = 0.28) },
    // La Libertad (05) has 22 distritos.
    catalogo: {
      campo: 'receptor.direccion.distrito',
      clasificaMsg: '13',
      cambiar: (d) => (d.receptor.direccion.distrito = '23'),
    },
  },
  {
    tipoDte: '03',
    version: 4,
    nombre: 'Comprobante de crédito fiscal',
    construir: creditoFiscalV4,
    item: { campo: 'cuerpoDocumento[1].ventaGravada', cambiar: (d) => (d.cuerpoDocumento[1].ventaGravada = 4.5) },
    // 230.52 without subtracting ivaRete 2.04.
    resumen: { campo: 'resumen.totalPagar', cambiar: (d) => (d.resumen.totalPagar = 230.52) },
    // San Salvador (06) has 19 distritos; codes are two digits.
    catalogo: {
      campo: 'emisor.direccion.distrito',
      clasificaMsg: '12',
      cambiar: (d) => (d.emisor.direccion.distrito = '20'),
    },
  },
  {
    tipoDte: '05',
    version: 4,
    nombre: 'Nota de crédito',
    construir: (nit) => notaV4('05', nit),
    item: { campo: 'cuerpoDocumento[0].totalIva', cambiar: (d) => (d.cuerpoDocumento[0].totalIva = 6.5) },
    // The 13% repeated in totalIva, as apitest refused it.
    resumen: { campo: 'resumen.totalIva', cambiar: (d) => (d.resumen.totalIva = 6.5) },
    catalogo: {
      campo: 'receptor.tipoDocumento',
      clasificaMsg: '13',
      cambiar: (d) => (d.receptor.tipoDocumento = '99'),
    },
  },
  {
    tipoDte: '06',
    version: 4,
    nombre: 'Nota de débito',
    construir: (nit) => notaV4('06', nit),
    item: { campo: 'cuerpoDocumento[0].ventaGravada', cambiar: (d) => (d.cuerpoDocumento[0].ventaGravada = 51) },
    resumen: { campo: 'resumen.montoTotalOperacion', cambiar: (d) => (d.resumen.montoTotalOperacion = 50) },
    catalogo: {
      campo: 'resumen.codigoRetencionMH',
      clasificaMsg: '16',
      cambiar: (d) => (d.resumen.codigoRetencionMH = 'X1'),
    },
  },
  {
    tipoDte: '07',
    version: 2,
    nombre: 'Comprobante de retención',
    construir: retencionV2,
    item: { campo: 'cuerpoDocumento[1].ivaRetenido', cambiar: (d) => (d.cuerpoDocumento[1].ivaRetenido = 2.53) },
    resumen: { campo: 'resumen.totalIvaRetenido', cambiar: (d) => (d.resumen.totalIvaRetenido = 12.6) },
    catalogo: {
      campo: 'receptor.direccion.distrito',
      clasificaMsg: '13',
      cambiar: (d) => (d.receptor.direccion.distrito = '00'),
    },
  },
  {
    tipoDte: '14',
    version: 2,
    nombre: 'Factura de sujeto excluido',
    construir: sujetoExcluidoV2,
    item: { campo: 'cuerpoDocumento[1].compra', cambiar: (d) => (d.cuerpoDocumento[1].compra = 50) },
    resumen: { campo: 'resumen.reteRenta', cambiar: (d) => (d.resumen.reteRenta = 30) },
    // Ahuachapán (01) has 12 distritos.
    catalogo: {
      campo: 'receptor.direccion.distrito',
      clasificaMsg: '13',
      cambiar: (d) => (d.receptor.direccion.distrito = '13'),
    },
  },
  {
    tipoDte: '18',
    version: 1,
    nombre: 'Evento de retorno',
    construir: async (nit) => {
      const fe = facturaV2(nit);
      expect((await envio(emisor, fe)).data.estado).toBe('PROCESADO');
      return retorno(nit, fe);
    },
    item: { campo: 'cuerpoDocumento[0].ivaItem', cambiar: (d) => (d.cuerpoDocumento[0].ivaItem = 1.5) },
    resumen: { campo: 'resumen.totalIva', cambiar: (d) => (d.resumen.totalIva = 1.5) },
    catalogo: {
      campo: 'documentoRelacionado[0].tipoDocumento',
      clasificaMsg: '14',
      cambiar: (d) => (d.documentoRelacionado[0].tipoDocumento = '99'),
    },
  },
];

let emisor: Emisor;
beforeAll(async () => {
  emisor = await nuevoEmisor();
});

const SELLO = /^20[0-9]{2}[A-Z0-9]{36}$/;
const FH = /^[0-3][0-9]\/[01][0-9]\/20[0-9]{2} [0-2][0-9]:[0-5][0-9]:[0-5][0-9]$/;

async function modificado(caso: Caso, cambiar: (d: Json) => void): Promise<Json> {
  const documento = await caso.construir(emisor.nit);
  cambiar(documento);
  return documento;
}

describe.each(casos)('$tipoDte $nombre v$version', (caso) => {
  it('is accepted: HTTP 200, PROCESADO, 40-character sello with the year, fhProcesamiento, 10/001', async () => {
    const documento = await caso.construir(emisor.nit);
    const res = await envio(emisor, documento);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      estado: 'PROCESADO',
      ambiente: '00',
      codigoGeneracion: documento.identificacion.codigoGeneracion,
      clasificaMsg: '10',
      codigoMsg: '001',
      descripcionMsg: 'RECIBIDO',
      observaciones: [],
    });
    expect(res.data.selloRecibido).toMatch(SELLO);
    expect(res.data.selloRecibido.slice(0, 4)).toBe(res.data.fhProcesamiento.slice(6, 10));
    expect(res.data.fhProcesamiento).toMatch(FH);
  });

  it('answers 004 to the same document sent again', async () => {
    const documento = await caso.construir(emisor.nit);
    const jws = emisor.firmar(documento);
    expect((await envio(emisor, documento, jws)).status).toBe(200);
    const res = await envio(emisor, documento, jws);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      estado: 'RECHAZADO',
      selloRecibido: null,
      clasificaMsg: '11',
      codigoMsg: '004',
      descripcionMsg: '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR',
    });
  });

  it('rejects a tampered payload under the original signature (firma, 802)', async () => {
    const documento = await caso.construir(emisor.nit);
    const jws = adulterar(emisor.firmar(documento), (d) => (d.identificacion.fecEmi = '2020-01-01'));
    const res = await envio(emisor, documento, jws);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ estado: 'RECHAZADO', clasificaMsg: '20', codigoMsg: '802', selloRecibido: null });
  });

  it('rejects a document signed RS256', async () => {
    const documento = await caso.construir(emisor.nit);
    const res = await envio(emisor, documento, firmarRs256(documento, emisor.cert));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ estado: 'RECHAZADO', clasificaMsg: '20', codigoMsg: '802' });
    expect(res.data.observaciones.join()).toContain('RS256');
  });

  it('rejects wrong item arithmetic with 020 naming the item field', async () => {
    const res = await envio(emisor, await modificado(caso, caso.item.cambiar));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      estado: 'RECHAZADO',
      clasificaMsg: '15',
      codigoMsg: '020',
      descripcionMsg: `[${caso.item.campo}] CALCULO INCORRECTO`,
    });
  });

  it('rejects a wrong resumen total with 020 naming the resumen field', async () => {
    const res = await envio(emisor, await modificado(caso, caso.resumen.cambiar));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      clasificaMsg: '16',
      codigoMsg: '020',
      descripcionMsg: `[${caso.resumen.campo}] CALCULO INCORRECTO`,
    });
  });

  it('rejects a code outside MH catalogs with 007', async () => {
    const res = await envio(emisor, await modificado(caso, caso.catalogo.cambiar));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      clasificaMsg: caso.catalogo.clasificaMsg,
      codigoMsg: '007',
      descripcionMsg: `[${caso.catalogo.campo}] VALOR NO ES PERMITIDO`,
    });
  });

  it('rejects schema violations of its own version with 096, one observación per field path', async () => {
    const documento = await modificado(caso, (d) => {
      delete d.identificacion.fecEmi;
      d.emisor.nombre = '';
    });
    const res = await envio(emisor, documento);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      clasificaMsg: '98',
      codigoMsg: '096',
      descripcionMsg: 'DOCUMENTO NO CUMPLE ESQUEMA JSON',
    });
    expect(res.data.observaciones).toEqual(
      expect.arrayContaining([
        expect.stringContaining('#/identificacion/fecEmi'),
        expect.stringContaining('#/emisor/nombre'),
      ]),
    );
  });
});

describe('figures within the holgura', () => {
  it('accepts a resumen figure off by 0.01 and refuses one off by 0.02', async () => {
    const cerca = factura(emisor.nit);
    cerca.resumen.totalIva = 3.26;
    expect((await envio(emisor, cerca)).data.estado).toBe('PROCESADO');
    const lejos = factura(emisor.nit);
    lejos.resumen.totalIva = 3.27;
    expect((await envio(emisor, lejos)).data.codigoMsg).toBe('020');
  });

  it('reports a payment total that does not add up as an observación (002), not a rejection', async () => {
    const documento = factura(emisor.nit);
    documento.resumen.pagos[0].montoPago = 20;
    const res = await envio(emisor, documento);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      estado: 'PROCESADO',
      codigoMsg: '002',
      descripcionMsg: 'RECIBIDO CON OBSERVACIONES',
    });
    expect(res.data.observaciones).toEqual(['[resumen.pagos] CALCULO INCORRECTO']);
  });
});

describe('identificacion and emisor rules', () => {
  it('requires the request fields to agree with the document', async () => {
    const documento = factura(emisor.nit);
    const res = await emisor.post('/fesv/recepciondte', {
      ambiente: '00',
      idEnvio: 7,
      version: 1,
      tipoDte: '01',
      documento: emisor.firmar(documento),
      codigoGeneracion: uuid(),
    });
    expect(res.data).toMatchObject({
      clasificaMsg: '11',
      codigoMsg: '027',
      descripcionMsg: '[identificacion.codigoGeneracion] DATO NO COINCIDE CON DTE',
    });
  });

  it('refuses a document whose emisor is not the authenticated taxpayer', async () => {
    const otro = await nuevoEmisor();
    const res = await envio(emisor, factura(otro.nit));
    expect(res.data).toMatchObject({
      clasificaMsg: '12',
      codigoMsg: '008',
      descripcionMsg: '[emisor.nit] NO CORRESPONDE A CONTRIBUYENTE',
    });
  });

  it('refuses a signature made with a certificate MH does not hold for the emisor', async () => {
    const otro = await nuevoEmisor();
    const documento = factura(emisor.nit);
    const res = await envio(emisor, documento, otro.firmar(documento));
    expect(res.data).toMatchObject({ clasificaMsg: '20', codigoMsg: '802' });
  });

  it('requires the M001P001-style numeroControl block', async () => {
    const documento = factura(emisor.nit);
    documento.identificacion.numeroControl = 'DTE-01-00000000-000000000000001';
    const res = await envio(emisor, documento);
    expect(res.data).toMatchObject({
      clasificaMsg: '11',
      codigoMsg: '006',
      descripcionMsg: '[identificacion.numeroControl] FORMATO NO VALIDO',
    });
  });

  it('accepts fecEmi up to one day ahead of MH clock but not two', async () => {
    const manana = factura(emisor.nit);
    manana.identificacion = {
      ...identificacion('01', 1, new Date(Date.now() + 3600 * 1000)),
      numeroControl: manana.identificacion.numeroControl,
    };
    expect((await envio(emisor, manana)).data.estado).toBe('PROCESADO');
    const pasado = factura(emisor.nit);
    pasado.identificacion = { ...identificacion('01', 1, new Date(Date.now() + 50 * 3600 * 1000)) };
    expect((await envio(emisor, pasado)).data).toMatchObject({
      codigoMsg: '017',
      descripcionMsg: '[identificacion.fecEmi] FECHA NO ES CORRECTA',
    });
  });

  it('answers 096 for a version with no schema', async () => {
    const documento = factura(emisor.nit);
    documento.identificacion.version = 9;
    const res = await envio(emisor, documento);
    expect(res.data).toMatchObject({ clasificaMsg: '98', codigoMsg: '096' });
    expect(res.data.observaciones[0]).toContain('VERSION 9');
  });

  it('refuses a contingency document (tipoModelo 2) with no contingency event (012)', async () => {
    const documento = factura(emisor.nit);
    Object.assign(documento.identificacion, { tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    const res = await envio(emisor, documento);
    expect(res.data).toMatchObject({
      clasificaMsg: '11',
      codigoMsg: '012',
      descripcionMsg: '[identificacion.codigoGeneracion] NO EXISTE EVENTO DE CONTINGENCIA',
    });
  });
});

describe('Retorno (tipoEvento 18, fe-eret-v1)', () => {
  const anular = (evento: Json) =>
    emisor.post('/fesv/anulardte', { ambiente: '00', idEnvio: 1, version: 3, documento: emisor.firmar(evento) });

  it('is registered without numeroControl and keeps its Factura from being invalidated while live (028)', async () => {
    const fe = facturaV2(emisor.nit);
    const sello = (await envio(emisor, fe)).data.selloRecibido;
    const documento = retorno(emisor.nit, fe);
    const recibido = await envio(emisor, documento);
    expect(recibido.data).toMatchObject({ estado: 'PROCESADO', codigoMsg: '001' });
    const consulta = await emisor.post('/fesv/recepcion/consultadte/', {
      nitEmisor: emisor.nit,
      tdte: '18',
      codigoGeneracion: documento.identificacion.codigoGeneracion,
    });
    expect(consulta.data).toMatchObject({ estado: 'PROCESADO', selloRecibido: recibido.data.selloRecibido });

    const anularFactura = () => anular(invalidacionV3(emisor.nit, fe, sello, { tipoAnulacion: 2 }));
    expect((await anularFactura()).data).toMatchObject({
      codigoMsg: '028',
      descripcionMsg: '[documento.codigoGeneracion] DTE ESTA RELACIONADO CON OTRO DTE',
    });
    // The event names the Retorno with numeroControl null, as MH registered it.
    const evento = invalidacionV3(emisor.nit, documento, recibido.data.selloRecibido, { tipoAnulacion: 2 });
    expect(evento.documento).toMatchObject({ tipoDte: '18', numeroControl: null });
    expect((await anular(evento)).data.estado).toBe('PROCESADO');
    expect((await anularFactura()).data.estado).toBe('PROCESADO');
  });

  it('may not give back more than its Factura: 016 on the retorno that would (MH keeps what was returned)', async () => {
    // The Factura's montoTotalOperacion is 28.25; each retorno gives back 11.30 (one unit of item 1).
    const fe = facturaV2(emisor.nit);
    expect((await envio(emisor, fe)).data.estado).toBe('PROCESADO');
    for (const _ of [1, 2]) expect((await envio(emisor, retorno(emisor.nit, fe))).data.estado).toBe('PROCESADO');
    // 11.30 + 11.30 + 11.30 = 33.90 > 28.25
    const exceso = await envio(emisor, retorno(emisor.nit, fe));
    expect(exceso.data).toMatchObject({
      estado: 'RECHAZADO',
      clasificaMsg: '16',
      codigoMsg: '016',
      descripcionMsg: '[resumen.montoTotalOperacion] MONTO DE OPERACIÓN ES MAYOR AL DOCUMENTO RELACIONADO',
    });
    // The refused one took nothing: item 2's 5.65 (IVA 5.65 × 13/113 = 0.65) is exactly what is left,
    // 28.25 − 22.60.
    const resto = retorno(emisor.nit, fe);
    Object.assign(resto.cuerpoDocumento[0], { numItem: 1, precioUni: 5.65, ventaGravada: 5.65, ivaItem: 0.65 });
    Object.assign(resto.resumen, {
      totalGravada: 5.65,
      subTotalVentas: 5.65,
      montoTotalOperacion: 5.65,
      totalPagar: 5.65,
      totalIva: 0.65,
      totalLetras: 'CINCO 65/100 DÓLARES',
    });
    expect((await envio(emisor, resto)).data).toMatchObject({ estado: 'PROCESADO', codigoMsg: '001' });
  });

  it('must be sent as tipoDte 18: another type in the request does not coincide with tipoEvento (027)', async () => {
    const documento = retorno(emisor.nit, facturaV2(emisor.nit));
    const res = await emisor.post('/fesv/recepciondte', {
      ambiente: '00',
      idEnvio: 1,
      version: 1,
      tipoDte: '01',
      documento: emisor.firmar(documento),
      codigoGeneracion: documento.identificacion.codigoGeneracion,
    });
    expect(res.data).toMatchObject({
      clasificaMsg: '11',
      codigoMsg: '027',
      descripcionMsg: '[identificacion.tipoEvento] DATO NO COINCIDE CON DTE',
    });
  });
});

describe('2026 generation', () => {
  it('validates each document against its own version: a request version that differs is 027', async () => {
    const documento = facturaV2(emisor.nit);
    const res = await emisor.post('/fesv/recepciondte', {
      ambiente: '00',
      idEnvio: 1,
      version: 1,
      tipoDte: '01',
      documento: emisor.firmar(documento),
      codigoGeneracion: documento.identificacion.codigoGeneracion,
    });
    expect(res.data).toMatchObject({
      codigoMsg: '027',
      descripcionMsg: '[identificacion.version] DATO NO COINCIDE CON DTE',
      observaciones: ['[identificacion.version] DATO NO COINCIDE CON DTE'],
    });
  });

  it('refuses an address without distrito by the schema (096)', async () => {
    const documento = creditoFiscalV4(emisor.nit);
    delete documento.receptor.direccion.distrito;
    const res = await envio(emisor, documento);
    expect(res.data).toMatchObject({ clasificaMsg: '98', codigoMsg: '096' });
    expect(res.data.observaciones).toEqual([expect.stringContaining('#/receptor/direccion/distrito')]);
  });

  it('takes a pre-2024 municipio in a 2023 document, as MH did through 2025, and refuses it in a 2026 one', async () => {
    const v3 = creditoFiscal(emisor.nit);
    v3.receptor.direccion = { departamento: '11', municipio: '23', complemento: 'Usulután' };
    expect((await envio(emisor, v3)).data).toMatchObject({ estado: 'PROCESADO' });
    const v4 = creditoFiscalV4(emisor.nit);
    v4.receptor.direccion = { departamento: '11', municipio: '23', distrito: '23', complemento: 'Usulután' };
    expect((await envio(emisor, v4)).data).toMatchObject({
      codigoMsg: '007',
      descripcionMsg: '[receptor.direccion.municipio] VALOR NO ES PERMITIDO',
    });
  });

  it('refuses a distrito outside its municipio (007), in the receptor and the emisor alike', async () => {
    // Distrito 14 of San Salvador (06) is the old municipio San Salvador, in San Salvador Centro (23), not Norte (20).
    const ajeno = creditoFiscalV4(emisor.nit);
    ajeno.receptor.direccion = { departamento: '06', municipio: '20', distrito: '14', complemento: 'Colonia Escalón' };
    expect((await envio(emisor, ajeno)).data).toMatchObject({
      estado: 'RECHAZADO',
      clasificaMsg: '13',
      codigoMsg: '007',
      descripcionMsg: '[receptor.direccion.distrito] VALOR NO ES PERMITIDO',
      observaciones: ['[receptor.direccion.distrito] VALOR NO ES PERMITIDO'],
    });
    const emisorAjeno = facturaV2(emisor.nit);
    emisorAjeno.emisor.direccion.municipio = '20';
    expect((await envio(emisor, emisorAjeno)).data).toMatchObject({
      clasificaMsg: '12',
      codigoMsg: '007',
      descripcionMsg: '[emisor.direccion.distrito] VALOR NO ES PERMITIDO',
    });
    const propio = creditoFiscalV4(emisor.nit);
    propio.receptor.direccion = { departamento: '06', municipio: '23', distrito: '14', complemento: 'Colonia Escalón' };
    expect((await envio(emisor, propio)).data).toMatchObject({ estado: 'PROCESADO' });
  });

  it('refuses an NC v4 whose lines do not carry the retention of its resumen (Anexo IV fields 143–146)', async () => {
    // The 50.00 of notaV4 withheld 1 %: ivaRete 0.50, to pay 56.50 − 0.50 = 56.00; the line carries `enLinea`.
    const retenida = (enLinea: number) => {
      const documento = notaV4('05', emisor.nit);
      Object.assign(documento.resumen, {
        ivaRete: 0.5,
        totalPagar: 56,
        totalLetras: 'CINCUENTA Y SEIS 00/100 DÓLARES',
      });
      documento.cuerpoDocumento[0].ivaRete = enLinea;
      return documento;
    };
    expect((await envio(emisor, retenida(0))).data).toMatchObject({
      estado: 'RECHAZADO',
      clasificaMsg: '16',
      codigoMsg: '020',
      descripcionMsg: '[resumen.ivaRete] CALCULO INCORRECTO',
      observaciones: ['[resumen.ivaRete] CALCULO INCORRECTO'],
    });
    expect((await envio(emisor, retenida(0.5))).data).toMatchObject({ estado: 'PROCESADO', codigoMsg: '001' });
  });
});

describe('receptor registry', () => {
  let registrado: Emisor;
  beforeAll(async () => {
    registrado = await nuevoEmisor();
    await registrado.control('/contribuyentes', { nit: '06140101001017', nrc: '765432' });
    await registrado.control('/contribuyentes', { nit: '06149999999991', nrc: '111', contribuyenteIva: false });
  });

  it('accepts a receptor registered with its NRC', async () => {
    expect((await envio(registrado, creditoFiscal(registrado.nit))).data.estado).toBe('PROCESADO');
  });

  it.each([
    ['unknown NIT', { nit: '06140000000001' }, '009', '[receptor.nit] NIT CONTRIBUYENTE NO EXISTE'],
    ['NRC of someone else', { nrc: '999999' }, '008', '[receptor.nrc] NO CORRESPONDE A CONTRIBUYENTE'],
    ['not an IVA taxpayer', { nit: '06149999999991', nrc: '111' }, '011', '[receptor.nit] NO ES CONTRIBUYENTE IVA'],
  ])('refuses a CCF to a receptor with %s', async (_caso, receptor, codigoMsg, descripcionMsg) => {
    const documento = creditoFiscal(registrado.nit);
    Object.assign(documento.receptor, receptor);
    expect((await envio(registrado, documento)).data).toMatchObject({ clasificaMsg: '13', codigoMsg, descripcionMsg });
  });

  it('does not check receptors of emisores that see no registry entries', async () => {
    const documento = creditoFiscal(emisor.nit);
    documento.receptor.nit = '06140000000001';
    expect((await envio(emisor, documento)).data.estado).toBe('PROCESADO');
  });
});

describe('malformed requests', () => {
  it('get the bare Spring 400 when parameters are missing', async () => {
    const res = await emisor.post('/fesv/recepciondte', { ambiente: '00' });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ status: 400, error: 'Bad Request', path: '/fesv/recepciondte' });
  });

  it('need the token', async () => {
    const api = await http();
    const res = await api.post('/fesv/recepciondte', {});
    expect(res.status).toBe(401);
    expect(res.data).toEqual({ status: 'ERROR', error: 'Unauthorized', message: 'ERROR TOKEN ES REQUERIDO' });
  });
});

import { generateKeyPairSync } from 'node:crypto';
import {
  aritmeticaDeCompra,
  buildComprobanteRetencionV2,
  buildCreditoFiscalV3,
  buildCreditoFiscalV4,
  comprobarCompra,
  conclusionDeCompra,
  dte03Request,
  dte07Request,
  DteError,
  identificarCompra,
  MONTO_DE_COMPRA,
  montoDeCompra,
  parseRequest,
  problemaDeEstructura,
  RECEPTOR_DE_COMPRA,
  signDte,
  type HechosDeCompra,
  type PoliticaCompras,
} from '../src';
import { CODIGO_GENERACION, context, contribuyente, emisor } from './support/fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SELLO = '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78';
/** The Archivo DTE a supplier sends: the document, its JWS and MH's sello ([MF] §XXIII). */
const archivoDe = (dte: object): Json =>
  structuredClone({ ...dte, firmaElectronica: signDte(dte, privateKey), selloRecibido: SELLO });
/** The receptor the fixtures' documents are for: this emisor, in MH's test environment as they are. */
const esteEmisor = { nit: contribuyente.nit, nrc: contribuyente.nrc, ambiente: '00' };

// Prices exclude IVA. By hand:
//   3 × 10.25 − 0.75 = 30.00 gravada ; 1 × 5.00 = 5.00 exenta
//   IVA = 13 % × 30.00 = 3.90 ; subTotal 35.00 ; montoTotalOperacion 38.90
//   ivaRete1 = 1 % × 30.00 = 0.30 ; totalPagar = 38.90 − 0.30 = 38.60
const ccfRequest = {
  receptor: contribuyente,
  condicionOperacion: 1,
  items: [
    { descripcion: 'Resma', cantidad: 3, precioUnitario: 10.25, montoDescu: 0.75 },
    { descripcion: 'Libro', cantidad: 1, precioUnitario: 5, tipoImpuesto: 'EXENTO' },
  ],
  isRetenIva: true,
};
const ccfV3 = buildCreditoFiscalV3(context('03'), parseRequest(dte03Request, ccfRequest));
const ccfV4 = buildCreditoFiscalV4(context('03'), parseRequest(dte03Request, ccfRequest));

describe('a received Archivo DTE', () => {
  it('is identified by its codigoGeneracion, kind, version, fecEmi and supplier', () => {
    const archivo = archivoDe(ccfV3);
    archivo.identificacion.codigoGeneracion = CODIGO_GENERACION.toLowerCase();
    expect(identificarCompra(archivo)).toEqual({
      codigoGeneracion: CODIGO_GENERACION,
      tipoDte: '03',
      version: 3,
      numeroControl: ccfV3.identificacion.numeroControl,
      fecEmi: '2026-11-20',
      proveedor: { nit: emisor.nit, nrc: emisor.nrc, nombre: emisor.nombre },
    });
  });

  it('is refused when it cannot be keyed, naming each field, or when it is no purchase (FSE)', () => {
    const refusal = (archivo: unknown) => {
      try {
        identificarCompra(archivo);
      } catch (err) {
        expect(err).toBeInstanceOf(DteError);
        return [(err as DteError).code, ((err as DteError).details.errors as { field: string }[]).map((e) => e.field)];
      }
      throw new Error('not refused');
    };
    expect(
      refusal({ identificacion: { codigoGeneracion: 'x', version: 3, tipoDte: '03', fecEmi: '2026-13-01' } }),
    ).toEqual(['ARCHIVO_DTE_INVALID', ['identificacion.codigoGeneracion', 'identificacion.fecEmi', 'emisor']]);
    const fse = archivoDe(ccfV3);
    fse.identificacion.tipoDte = '14';
    expect(refusal(fse)).toEqual(['ARCHIVO_DTE_INVALID', ['identificacion.tipoDte']]);
    expect(refusal([])).toEqual(['ARCHIVO_DTE_INVALID', ['body']]);
  });

  it('passes every check without MH when it is real and for this emisor, in either generation', () => {
    for (const dte of [ccfV3, ccfV4])
      expect(comprobarCompra(archivoDe(dte), identificarCompra(dte), esteEmisor)).toEqual({
        estado: null,
        motivos: [],
      });
  });

  it('is NO_ES_PARA_ESTE_EMISOR when its receptor is another NIT or NRC (hyphens aside)', () => {
    const conGuiones = { nit: '0614-010190-101-5', nrc: '900000-9', ambiente: '00' };
    expect(comprobarCompra(archivoDe(ccfV3), identificarCompra(ccfV3), conGuiones).estado).toBeNull();
    expect(
      comprobarCompra(archivoDe(ccfV3), identificarCompra(ccfV3), { nit: '06140101901013', nrc: '1', ambiente: '00' }),
    ).toEqual({
      estado: 'NO_ES_PARA_ESTE_EMISOR',
      motivos: [
        expect.objectContaining({ codigo: 'RECEPTOR_NIT', campo: 'receptor.nit' }),
        expect.objectContaining({ codigo: 'RECEPTOR_NRC', campo: 'receptor.nrc' }),
      ],
    });
  });

  it('names the receptor of a CR by its document of type 36', () => {
    const cr = buildComprobanteRetencionV2(
      context('07'),
      parseRequest(dte07Request, {
        receptor: { ...contribuyente, tipoDocumento: '36' },
        cuerpoDocumento: [
          {
            numItem: 1,
            tipoDte: '03',
            tipoGeneracion: 1,
            numDocumento: 'A1',
            fechaEmision: '2026-11-20',
            montoSujetoGrav: 200,
            codigoRetencionMH: '22',
            ivaRetenido: 2,
            descripcion: 'Retención',
          },
        ],
      }),
    );
    expect(comprobarCompra(archivoDe(cr), identificarCompra(cr), esteEmisor)).toEqual({ estado: null, motivos: [] });
    const otro = structuredClone(cr) as Json;
    otro.receptor.numDocumento = '06140101901013';
    expect(comprobarCompra(archivoDe(otro), identificarCompra(otro), esteEmisor).motivos[0]).toMatchObject({
      codigo: 'RECEPTOR_NIT',
      campo: 'receptor.numDocumento',
    });
  });

  it('is INCONSISTENTE when a figure was changed after signing, even with its totals changed to match', () => {
    const archivo = archivoDe(ccfV3);
    // The first line 30.00 → 20.00, and every total after it, so the arithmetic holds:
    //   totalGravada 20.00 ; IVA 2.60 ; subTotal 25.00 ; montoTotalOperacion 27.60 ; ivaRete1 0.20 ; totalPagar 27.40
    Object.assign(archivo.cuerpoDocumento[0], { precioUni: 7, montoDescu: 1, ventaGravada: 20 });
    Object.assign(archivo.resumen, {
      totalDescu: 1,
      totalGravada: 20,
      subTotalVentas: 25,
      subTotal: 25,
      tributos: [{ ...archivo.resumen.tributos[0], valor: 2.6 }],
      montoTotalOperacion: 27.6,
      ivaRete1: 0.2,
      totalPagar: 27.4,
    });
    // 3 × 7 − 1 = 20.00 ; the amounts add up, so only the signature tells
    expect(aritmeticaDeCompra('03', 3, archivo)).toEqual([]);
    const { estado, motivos } = comprobarCompra(archivo, identificarCompra(archivo), esteEmisor);
    expect(estado).toBe('INCONSISTENTE');
    expect(motivos.every((m) => m.codigo === 'DIFIERE_DE_LO_FIRMADO')).toBe(true);
    expect(motivos.map((m) => m.campo)).toEqual(
      expect.arrayContaining(['cuerpoDocumento[0].precioUni', 'resumen.totalGravada', 'resumen.montoTotalOperacion']),
    );
  });
});

describe('the arithmetic of a received document (our builders’ rules, MH’s cent of holgura)', () => {
  it('finds a changed total, and takes a cent of difference', () => {
    const ccf = structuredClone(ccfV3) as Json;
    ccf.resumen.totalPagar = 38.61; // 38.60 by hand, a cent off: MH takes it
    expect(aritmeticaDeCompra('03', 3, ccf)).toEqual([]);
    ccf.resumen.totalPagar = 40; // 38.60 by hand
    expect(aritmeticaDeCompra('03', 3, ccf)).toEqual([
      { codigo: 'CALCULO_INCORRECTO', campo: 'resumen.totalPagar', mensaje: expect.stringContaining('38.60') },
    ]);
  });

  it('finds a line whose amount is not its quantity by its price, and the IVA of the 2026 generation', () => {
    const ccf = structuredClone(ccfV4) as Json;
    ccf.cuerpoDocumento[0].precioUni = 11; // 3 × 11 − 0.75 = 32.25, declared 30.00
    const tributo = ccf.resumen.tributos.findIndex((t: Json) => t.codigo === '20');
    ccf.resumen.tributos[tributo].valor = 4.9; // 13 % of 30.00 = 3.90
    expect(aritmeticaDeCompra('03', 4, ccf).map((m) => m.campo)).toEqual([
      'cuerpoDocumento[0].ventaGravada',
      `resumen.tributos[${tributo}].valor`,
      // 35.00 + the declared 4.90 = 39.90, declared 38.90
      'resumen.montoTotalOperacion',
    ]);
  });

  it('checks a CR’s retention at its CAT-006 rate', () => {
    // 22: 1 % of 200.00 = 2.00, declared 3.00 ; totalIvaRetenido 2.00 ≠ 3.00 summed
    const cr = {
      cuerpoDocumento: [{ montoSujetoGrav: 200, codigoRetencionMH: '22', ivaRetenido: 3 }],
      // totalIva: 13 % of 200.00 = 26.00
      resumen: { totalSujetoRetencion: 200, totalIvaRetenido: 2, totalIva: 26 },
    };
    expect(aritmeticaDeCompra('07', 2, cr).map((m) => m.campo)).toEqual([
      'cuerpoDocumento[0].ivaRetenido',
      'resumen.totalIvaRetenido',
    ]);
  });

  it('checks a Factura’s IVA inside its prices', () => {
    // 1 × 11.30 gravada ; ivaItem = 11.30 × 13 / 113 = 1.30 ; totalIva 1.30 ; total 11.30
    const fe = {
      cuerpoDocumento: [
        {
          cantidad: 1,
          precioUni: 11.3,
          montoDescu: 0,
          ventaNoSuj: 0,
          ventaExenta: 0,
          ventaGravada: 11.3,
          ivaItem: 1.3,
          noGravado: 0,
        },
      ],
      resumen: {
        totalNoSuj: 0,
        totalExenta: 0,
        totalGravada: 11.3,
        subTotalVentas: 11.3,
        descuNoSuj: 0,
        descuExenta: 0,
        descuGravada: 0,
        totalDescu: 0,
        subTotal: 11.3,
        tributos: null,
        montoTotalOperacion: 11.3,
        totalNoGravado: 0,
        totalPagar: 11.3,
        totalIva: 1.3,
        ivaRete: 0,
        reteRenta: 0,
      },
    };
    expect(aritmeticaDeCompra('01', 2, fe)).toEqual([]);
    fe.resumen.totalIva = 1.5;
    expect(aritmeticaDeCompra('01', 2, fe).map((m) => m.campo)).toEqual(['resumen.totalIva']);
  });
});

describe('MH’s answer to the receptor’s consultadte, and what it proves', () => {
  const respuesta = (estado: string, selloRecibido: string | null, codigoMsg = '001') => ({
    estado,
    selloRecibido,
    codigoMsg,
    descripcionMsg: estado === 'RECHAZADO' ? 'NO EXISTE UN REGISTRO CON ESTE DATO' : 'RECIBIDO',
  });
  /** The fixture CCF (montoTotalOperacion 38.90), signed, sealed as the file says, of a known supplier. */
  const hechos = (cambio: Partial<HechosDeCompra> = {}): HechosDeCompra => ({
    tipoDte: '03',
    documento: ccfV4 as unknown as Json,
    selloDelArchivo: SELLO,
    firmado: true,
    proveedorNuevo: false,
    confirmadoPorPersona: false,
    ...cambio,
  });
  const politica = (cambio: Partial<PoliticaCompras> = {}): PoliticaCompras => ({
    montoConfirmacion: '1000.00',
    primeroDelProveedor: false,
    ...cambio,
  });
  const codigos = (c: { motivos: { codigo: string }[] }) => c.motivos.map((m) => m.codigo);

  it('verifies a signed, sealed document below the amount, stating what MH confirmed', () => {
    expect(conclusionDeCompra(respuesta('PROCESADO', SELLO), hechos(), politica())).toEqual({
      estado: 'VERIFICADO',
      motivos: [],
      confirmadoPorMh: ['codigoGeneracion', 'selloRecibido', 'emisor', 'receptor', 'ambiente', 'vigente'],
    });
    expect(
      conclusionDeCompra(respuesta('PROCESADO', SELLO), hechos({ selloDelArchivo: null }), politica()).estado,
    ).toBe('VERIFICADO');
  });

  it('never verifies an unsigned file: it waits for a person, whatever its amount', () => {
    const c = conclusionDeCompra(respuesta('PROCESADO', SELLO), hechos({ firmado: false }), politica());
    expect([c.estado, codigos(c)]).toEqual(['POR_CONFIRMAR', ['SIN_FIRMA']]);
  });

  it('has a document above the emisor’s amount, or a new supplier’s where the emisor chose, wait', () => {
    // 38.90 > 38.89, not > 38.90
    const encima = conclusionDeCompra(
      respuesta('PROCESADO', SELLO),
      hechos(),
      politica({ montoConfirmacion: '38.89' }),
    );
    expect([encima.estado, encima.motivos]).toEqual([
      'POR_CONFIRMAR',
      [expect.objectContaining({ codigo: 'MONTO_SOBRE_UMBRAL', campo: 'resumen.montoTotalOperacion' })],
    ]);
    expect(encima.motivos[0]!.mensaje).toContain('38.90 supera 38.89');
    const igual = conclusionDeCompra(respuesta('PROCESADO', SELLO), hechos(), politica({ montoConfirmacion: '38.9' }));
    expect(igual.estado).toBe('VERIFICADO');
    const nuevo = hechos({ proveedorNuevo: true });
    expect(conclusionDeCompra(respuesta('PROCESADO', SELLO), nuevo, politica()).estado).toBe('VERIFICADO');
    const elegido = conclusionDeCompra(respuesta('PROCESADO', SELLO), nuevo, politica({ primeroDelProveedor: true }));
    expect([elegido.estado, codigos(elegido)]).toEqual(['POR_CONFIRMAR', ['PROVEEDOR_NUEVO']]);
  });

  it('keeps a person’s confirmation: CONFIRMADO while MH holds it', () => {
    const c = conclusionDeCompra(
      respuesta('PROCESADO', SELLO),
      hechos({ firmado: false, confirmadoPorPersona: true }),
      politica(),
    );
    expect([c.estado, codigos(c)]).toEqual(['CONFIRMADO', ['SIN_FIRMA']]);
  });

  it('tells an invalidated, an unknown, and a document whose file carries another sello, confirming nothing', () => {
    const invalidado = conclusionDeCompra(respuesta('INVALIDADO', SELLO), hechos(), politica());
    expect([invalidado.estado, invalidado.confirmadoPorMh]).toEqual(['INVALIDADO_EN_MH', []]);
    expect(conclusionDeCompra(respuesta('RECHAZADO', null, '014'), hechos(), politica())).toEqual({
      estado: 'NO_ENCONTRADO',
      motivos: [expect.objectContaining({ codigo: 'MH_014', campo: 'identificacion.codigoGeneracion' })],
      confirmadoPorMh: [],
    });
    const otroSello = conclusionDeCompra(
      respuesta('PROCESADO', SELLO),
      hechos({ selloDelArchivo: 'X'.repeat(40) }),
      politica(),
    );
    expect([otroSello.estado, codigos(otroSello)]).toEqual(['INCONSISTENTE', ['SELLO_DIFIERE']]);
  });

  it('reads the amount of every kind received where its schema states it', () => {
    expect(Object.keys(MONTO_DE_COMPRA).sort()).toEqual(Object.keys(RECEPTOR_DE_COMPRA).sort());
    expect(montoDeCompra('03', ccfV4 as unknown as Json).toFixed(2)).toBe('38.90');
    expect(montoDeCompra('07', { resumen: { totalSujetoRetencion: 200 } }).toFixed(2)).toBe('200.00');
    expect(montoDeCompra('09', { cuerpoDocumento: { valorOperaciones: 12.5 } }).toFixed(2)).toBe('12.50');
  });
});

describe('what no MH document looks like, refused at the door', () => {
  /** `levels` objects nested, built without recursion: as deep as a body of that nesting. */
  const anidado = (levels: number) => {
    let v: Json = { fin: 1 };
    for (let i = 0; i < levels; i++) v = { a: v };
    return v;
  };
  const refusal = (archivo: unknown) => {
    try {
      identificarCompra(archivo);
    } catch (err) {
      const e = err as DteError;
      return [e.code, (e.details.errors as { field: string }[]).map((x) => x.field)];
    }
    throw new Error('not refused');
  };

  it('an array inside an array, nesting beyond 32 levels (5,000 and 1,000,000 too), a key that is no word', () => {
    expect(refusal({ ...archivoDe(ccfV4), bomba: [[0]] })).toEqual(['ARCHIVO_DTE_INVALID', ['bomba[0]']]);
    expect(problemaDeEstructura(anidado(30))).toBeNull();
    expect(refusal(anidado(32))[0]).toBe('ARCHIVO_DTE_INVALID');
    expect(refusal(anidado(5000))[0]).toBe('ARCHIVO_DTE_INVALID');
    expect(refusal(anidado(1_000_000))[0]).toBe('ARCHIVO_DTE_INVALID');
    expect(refusal({ ...archivoDe(ccfV4), $where: 1 })).toEqual(['ARCHIVO_DTE_INVALID', ['$where']]);
    expect(refusal({ ...archivoDe(ccfV4), extra: { 'a.b': 1 } })).toEqual(['ARCHIVO_DTE_INVALID', ['extra.a.b']]);
    expect(refusal({ ...archivoDe(ccfV4), muchos: Array(200_001).fill(0) })).toEqual(['ARCHIVO_DTE_INVALID', ['body']]);
    // A real document passes, deep as MH's go.
    expect(problemaDeEstructura(archivoDe(ccfV4))).toBeNull();
  });

  it('an emission date no period reaches: before MH’s first DTEs or after tomorrow', () => {
    for (const fecEmi of ['0001-01-01', '2020-12-31', '9999-12-31']) {
      const archivo = archivoDe(ccfV4);
      archivo.identificacion.fecEmi = fecEmi;
      expect([fecEmi, refusal(archivo)]).toEqual([fecEmi, ['ARCHIVO_DTE_INVALID', ['identificacion.fecEmi']]]);
    }
  });
});

describe('a received document of the other ambiente', () => {
  it('is not for this emisor: a test document has no fiscal effect in production', () => {
    const { estado, motivos } = comprobarCompra(archivoDe(ccfV4), identificarCompra(ccfV4), {
      ...esteEmisor,
      ambiente: '01',
    });
    expect([estado, motivos]).toEqual([
      'NO_ES_PARA_ESTE_EMISOR',
      [
        {
          codigo: 'AMBIENTE',
          campo: 'identificacion.ambiente',
          mensaje: 'El documento es del ambiente de pruebas (00); el emisor está en el de producción (01)',
        },
      ],
    ]);
  });
});

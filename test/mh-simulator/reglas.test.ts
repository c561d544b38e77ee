import { envio, nuevoEmisor, type Emisor } from './cliente';
import {
  contableLiquidacionV2,
  contingencia,
  creditoFiscalV4,
  donacionV2,
  exportacionV1,
  exportacionV3,
  factura,
  facturaV2,
  fechaHora,
  invalidacionV3,
  liquidacionV2,
  notaV4,
  remisionV4,
  retencionV2,
  retorno,
  uuid,
  type Json,
} from './documentos';

/**
 * Every clear MH rule the service blocks before it sends, refused by the simulator too: one case per rule,
 * the violating document (or event) signed and sent straight to the simulator, answered with MH's code and
 * observation. The 2026 generation unless a case says otherwise; where a rule differs by generation both
 * are here. The rules, their sources and where the service blocks each: the simulator's
 * `recepcion/catalogos.ts`, `condiciones.ts`, `relacionados.ts`, `tributos.ts`, `calculo.ts` and `eventos/`.
 */

/** MH's texts (Manual Técnico v1.0 p.25) of the codes these rules answer. */
const TEXTO: Record<string, string> = {
  '003': 'VALOR NO VALIDO',
  '005': 'DEBE PROPORCIONAR UN VALOR',
  '006': 'FORMATO NO VALIDO',
  '007': 'VALOR NO ES PERMITIDO',
  '012': 'NO EXISTE EVENTO DE CONTINGENCIA',
  '014': 'NO EXISTE UN REGISTRO CON ESTE DATO',
  '015': 'DOCUMENTO SE ENCUENTA ANULADO',
  '020': 'CALCULO INCORRECTO',
  '024': 'VALOR EN CAMPO NO APLICA',
  '025': 'VALORES REPETIDOS',
  '026': 'NO SE PERMITEN VALORES DIFERENTES',
  '027': 'DATO NO COINCIDE CON DTE',
};
const obs = (codigo: string, campo: string) => `[${campo}] ${TEXTO[codigo]}`;

type Servicio = 'recepciondte' | 'anulardte' | 'contingencia';

interface Regla {
  regla: string;
  /** The violating document, built (after sending what it relates to, when it must be at MH) and broken. */
  violar: (e: Emisor) => Json | Promise<Json>;
  servicio?: Servicio;
  /** The code of MH's first finding, which the answer carries. */
  codigoMsg: string;
  /**
   * MH's observations, `[campo] TEXTO` each: the violation's alone, or with what a document breaking the rule
   * cannot help breaking too (a matcher for a schema violation's).
   */
  observaciones: unknown;
}

const enviar = (e: Emisor, servicio: Servicio, documento: Json) => {
  if (servicio === 'recepciondte') return envio(e, documento);
  if (servicio === 'anulardte')
    return e.post('/fesv/anulardte', { ambiente: '00', idEnvio: 1, version: 3, documento: e.firmar(documento) });
  return e.post('/fesv/contingencia', { nit: e.nit, documento: e.firmar(documento) });
};

/** Sends a DTE MH must accept, returning its sello. */
async function aceptado(e: Emisor, documento: Json): Promise<string> {
  const res = await envio(e, documento);
  expect([res.data.estado, res.data.observaciones]).toEqual(['PROCESADO', []]);
  return res.data.selloRecibido;
}

/** A document of `construir`, changed by `cambio`. */
const con =
  (construir: (nit: string) => Json, cambio: (d: Json) => void) =>
  (e: Emisor): Json => {
    const d = construir(e.nit);
    cambio(d);
    return d;
  };

/**
 * A Factura of `monto` (IVA included, a multiple of 113 so its IVA is exact: 1,243.00 → 143.00, 1,130.00 →
 * 130.00) to a consumer who is not named.
 */
function facturaAnonima(construir: (nit: string) => Json, monto: number) {
  return con(construir, (d) => {
    const iva = (monto / 113) * 13;
    d.cuerpoDocumento = [{ ...d.cuerpoDocumento[0], cantidad: 1, precioUni: monto, ventaGravada: monto, ivaItem: iva }];
    Object.assign(d.resumen, {
      totalGravada: monto,
      subTotalVentas: monto,
      subTotal: monto,
      montoTotalOperacion: monto,
      totalPagar: monto,
      totalIva: iva,
      [d.identificacion.version === 1 ? 'ivaRete1' : 'ivaRete']: 0,
    });
    d.resumen.pagos[0].montoPago = monto;
    Object.assign(d.receptor, { tipoDocumento: null, numDocumento: null, nombre: null });
  });
}

/** A CCF v4 of one line of 1 × `precio`, taxed, without retention; `tributos` its resumen's. */
function ccfDe(precio: number, tributos: Json[] | null) {
  return con(creditoFiscalV4, (d) => {
    d.cuerpoDocumento = [{ ...d.cuerpoDocumento[0], cantidad: 1, precioUni: precio, ventaGravada: precio }];
    Object.assign(d.resumen, {
      totalGravada: precio,
      subTotalVentas: precio,
      subTotal: precio,
      totalDescu: 0,
      tributos,
      ivaRete: 0,
      montoTotalOperacion: precio,
      totalPagar: precio,
    });
    d.resumen.pagos[0].montoPago = precio;
  });
}
const IVA_CERO = [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 0 }];

/** An invalidation v3 of a Factura v2 MH accepted first. */
async function invalidacionDeFactura(e: Emisor, cambio: (evento: Json) => void): Promise<Json> {
  const fe = facturaV2(e.nit);
  const evento = invalidacionV3(e.nit, fe, await aceptado(e, fe), { tipoAnulacion: 2 });
  cambio(evento);
  return evento;
}

const reglas: Regla[] = [
  // ── Factura de Exportación: its catalogs (CAT-027, 028, 031, 033, 020, 029) and what an export is.
  {
    regla: 'FEX v3: the recinto fiscal is a code of CAT-027',
    violar: con(exportacionV3, (d) => (d.emisor.recintoFiscal = '13')),
    codigoMsg: '007',
    observaciones: [obs('007', 'emisor.recintoFiscal')],
  },
  {
    regla: 'FEX v1 (2023): the recinto is of CAT-027 v1.2, without the 2026 workbook’s 42',
    violar: con(exportacionV1, (d) => (d.emisor.recintoFiscal = '42')),
    codigoMsg: '007',
    observaciones: [obs('007', 'emisor.recintoFiscal')],
  },
  {
    regla: 'FEX v3: the régimen is a CAT-028 code of July 2026 (1000.000), not v1.2’s writing',
    violar: con(exportacionV3, (d) => (d.emisor.regimen = 'EX-1.1000.000')),
    codigoMsg: '007',
    observaciones: [obs('007', 'emisor.regimen')],
  },
  {
    regla: 'FEX v1 (2023): the régimen is a CAT-028 code of v1.2 (EX-1.1000.000)',
    violar: con(exportacionV1, (d) => (d.emisor.regimen = '1000.000')),
    codigoMsg: '007',
    observaciones: [obs('007', 'emisor.regimen')],
  },
  {
    regla: 'FEX v3: tipoRegimen is a type of CAT-033',
    violar: con(exportacionV3, (d) => (d.emisor.tipoRegimen = 'EX-4')),
    codigoMsg: '007',
    observaciones: [obs('007', 'emisor.tipoRegimen')],
  },
  {
    regla: 'FEX v3: the incoterm is a code of CAT-031',
    violar: con(exportacionV3, (d) => (d.resumen.codIncoterms = '12')),
    codigoMsg: '007',
    observaciones: [obs('007', 'resumen.codIncoterms')],
  },
  {
    regla: 'FEX v1 (2023): the incoterm is a code of CAT-031',
    violar: con(exportacionV1, (d) => (d.resumen.codIncoterms = '12')),
    codigoMsg: '007',
    observaciones: [obs('007', 'resumen.codIncoterms')],
  },
  {
    regla: 'FEX v3: tipoItemExpor is 1 goods, 2 services or 3 both (fe-fex-v1’s enum)',
    violar: con(exportacionV3, (d) => (d.emisor.tipoItemExpor = 4)),
    codigoMsg: '007',
    observaciones: [obs('007', 'emisor.tipoItemExpor')],
  },
  {
    regla: 'FEX v3: the buyer’s country is an ISO code of CAT-020',
    violar: con(exportacionV3, (d) => (d.receptor.codPais = 'XX')),
    codigoMsg: '007',
    observaciones: [obs('007', 'receptor.codPais')],
  },
  {
    regla: 'FEX v3: tipoPersona is of CAT-029',
    violar: con(exportacionV3, (d) => (d.receptor.tipoPersona = 3)),
    codigoMsg: '007',
    observaciones: [obs('007', 'receptor.tipoPersona')],
  },
  {
    regla: 'FEX v3: a services export has no recinto fiscal (fe-fex-v1’s emisor if/then)',
    violar: con(exportacionV3, (d) =>
      Object.assign(d.emisor, { tipoItemExpor: 2, tipoRegimen: null, regimen: null, recintoFiscal: '02' }),
    ),
    codigoMsg: '024',
    observaciones: [obs('024', 'emisor.recintoFiscal')],
  },
  {
    regla: 'FEX v3: the resumen details tributo C3 even at $0.00 (Manual Funcional §XIII, note)',
    violar: con(exportacionV3, (d) => (d.resumen.tributos = null)),
    codigoMsg: '020',
    observaciones: [obs('020', 'resumen.tributos')],
  },
  {
    regla: 'FEX v3: an exported line lists C3 (§XIII: each item carries its tributo)',
    violar: con(exportacionV3, (d) => (d.cuerpoDocumento[0].tributos = null)),
    codigoMsg: '005',
    observaciones: [obs('005', 'cuerpoDocumento[0].tributos')],
  },
  {
    regla: 'FEX v1 (2023): an exported line lists C3',
    violar: con(exportacionV1, (d) => (d.cuerpoDocumento[0].tributos = null)),
    codigoMsg: '005',
    observaciones: [obs('005', 'cuerpoDocumento[0].tributos')],
  },

  // ── What a note, a remisión and a retorno relate (Manual Funcional §XIV).
  {
    regla: 'NC v4 relates a CCF or a CR (fe-nc-v3’s enum), not a Factura',
    violar: con(
      (nit) => notaV4('05', nit),
      (d) => (d.documentoRelacionado[0].tipoDocumento = '01'),
    ),
    codigoMsg: '007',
    observaciones: [obs('007', 'documentoRelacionado[0].tipoDocumento')],
  },
  {
    regla: 'NC v4: tipoGeneracion is of CAT-007 (1 physical, 2 electronic)',
    violar: con(
      (nit) => notaV4('05', nit),
      (d) => (d.documentoRelacionado[0].tipoGeneracion = 3),
    ),
    codigoMsg: '007',
    observaciones: [obs('007', 'documentoRelacionado[0].tipoGeneracion')],
  },
  {
    regla: 'NC v4: an electronic related document is named by its codigoGeneracion',
    violar: con(
      (nit) => notaV4('05', nit),
      (d) => (d.documentoRelacionado[0].tipoGeneracion = 2),
    ),
    codigoMsg: '006',
    observaciones: [obs('006', 'documentoRelacionado[0].numeroDocumento')],
  },
  {
    regla: 'NC v4: its electronic CCF is one MH holds for the emisor',
    violar: (e) => notaV4('05', e.nit, uuid()),
    codigoMsg: '014',
    observaciones: [obs('014', 'documentoRelacionado[0].numeroDocumento')],
  },
  {
    regla: 'NC v4: its electronic CCF is active (§XIV note 1)',
    violar: async (e) => {
      const ccf = creditoFiscalV4(e.nit);
      const evento = invalidacionV3(e.nit, ccf, await aceptado(e, ccf), { tipoAnulacion: 2 });
      expect((await enviar(e, 'anulardte', evento)).data.estado).toBe('PROCESADO');
      return notaV4('05', e.nit, ccf.identificacion.codigoGeneracion);
    },
    codigoMsg: '015',
    observaciones: [obs('015', 'documentoRelacionado[0].numeroDocumento')],
  },
  {
    regla: 'NC v4: the related document is of the kind the section says (a Factura named as a CCF)',
    violar: async (e) => {
      const fe = facturaV2(e.nit);
      await aceptado(e, fe);
      return notaV4('05', e.nit, fe.identificacion.codigoGeneracion);
    },
    codigoMsg: '027',
    observaciones: [obs('027', 'documentoRelacionado[0].tipoDocumento')],
  },
  {
    regla: 'NC v4: its related documents are all of one type',
    violar: con(
      (nit) => notaV4('05', nit),
      (d) =>
        d.documentoRelacionado.push({
          tipoDocumento: '07',
          tipoGeneracion: 1,
          numeroDocumento: 'CR0001',
          fechaEmision: fechaHora().fecha,
        }),
    ),
    codigoMsg: '026',
    observaciones: [obs('026', 'documentoRelacionado[1].tipoDocumento')],
  },
  {
    regla: 'NC v4: a line adjusts one of its related documents',
    violar: con(
      (nit) => notaV4('05', nit),
      (d) => (d.cuerpoDocumento[0].numeroDocumento = 'S999999999'),
    ),
    codigoMsg: '027',
    observaciones: [obs('027', 'cuerpoDocumento[0].numeroDocumento')],
  },
  {
    regla: 'NR v4 relates Facturas or CCFs (fe-nr-v3’s enum)',
    violar: con(remisionV4, (d) => (d.documentoRelacionado[0].tipoDocumento = '05')),
    codigoMsg: '007',
    observaciones: [obs('007', 'documentoRelacionado[0].tipoDocumento')],
  },
  {
    regla: 'NR v4: bienTitulo is of CAT-025',
    violar: con(remisionV4, (d) => (d.receptor.bienTitulo = '07')),
    codigoMsg: '007',
    observaciones: [obs('007', 'receptor.bienTitulo')],
  },
  {
    regla: 'Retorno: it returns a Factura or an FSE',
    violar: con(
      (nit) => retorno(nit, facturaV2(nit)),
      (d) => (d.documentoRelacionado[0].tipoDocumento = '03'),
    ),
    codigoMsg: '007',
    observaciones: [obs('007', 'documentoRelacionado[0].tipoDocumento')],
  },
  {
    regla: 'Retorno: its Factura is one MH holds for the emisor',
    violar: (e) => retorno(e.nit, facturaV2(e.nit)),
    codigoMsg: '014',
    observaciones: [obs('014', 'documentoRelacionado[0].codigoGeneracion')],
  },
  {
    regla: 'Retorno: its Factura is active',
    violar: async (e) => {
      const fe = facturaV2(e.nit);
      const evento = invalidacionV3(e.nit, fe, await aceptado(e, fe), { tipoAnulacion: 2 });
      expect((await enviar(e, 'anulardte', evento)).data.estado).toBe('PROCESADO');
      return retorno(e.nit, fe);
    },
    codigoMsg: '015',
    observaciones: [obs('015', 'documentoRelacionado[0].codigoGeneracion')],
  },
  {
    regla: 'CR v2: a line relates a Factura, CCF or FSE (fe-cr-v1’s enum)',
    violar: con(retencionV2, (d) => (d.cuerpoDocumento[0].tipoDte = '05')),
    codigoMsg: '007',
    observaciones: [obs('007', 'cuerpoDocumento[0].tipoDte')],
  },
  {
    regla: 'CR v2: an electronic related document is named by its codigoGeneracion',
    violar: con(retencionV2, (d) => (d.cuerpoDocumento[0].numeroDocumento = 'A0001')),
    codigoMsg: '006',
    observaciones: [obs('006', 'cuerpoDocumento[0].numeroDocumento')],
  },
  {
    regla: 'CL v2: a line liquidates a Factura, CCF, NC, ND or FEX (fe-cl-v1’s enum)',
    violar: con(liquidacionV2, (d) => (d.cuerpoDocumento[0].tipoDte = '07')),
    codigoMsg: '007',
    observaciones: [obs('007', 'cuerpoDocumento[0].tipoDte')],
  },
  {
    regla: 'CL v2: an electronic document is named by its codigoGeneracion',
    violar: con(liquidacionV2, (d) => (d.cuerpoDocumento[0].numeroDocumento = 'F0001234')),
    codigoMsg: '006',
    observaciones: [obs('006', 'cuerpoDocumento[0].numeroDocumento')],
  },
  {
    regla: 'CL v2: a liquidation of total 0 is contado (fe-cl-v1’s resumen if/then)',
    violar: con(liquidacionV2, (d) => {
      Object.assign(d.cuerpoDocumento[0], { ventaGravada: 0, tributos: null, ivaItem: 0 });
      Object.assign(d.resumen, {
        totalGravada: 0,
        subTotalVentas: 0,
        tributos: null,
        montoTotalOperacion: 0,
        total: 0,
        condicionOperacion: 2,
      });
    }),
    codigoMsg: '007',
    observaciones: [obs('007', 'resumen.condicionOperacion')],
  },
  {
    regla: 'DCL v2: the afiliado’s establishment is of CAT-009',
    violar: con(contableLiquidacionV2, (d) => (d.receptor.tipoEstablecimiento = '20')),
    codigoMsg: '007',
    observaciones: [obs('007', 'receptor.tipoEstablecimiento')],
  },

  // ── The Factura's identified consumer: three minimum wages ($1,226.40 since June 2025; fe-fc-v1: $1,095.00).
  {
    regla: 'FE v2: from $1,226.40 the consumer is named',
    violar: facturaAnonima(facturaV2, 1243),
    codigoMsg: '005',
    observaciones: ['tipoDocumento', 'numDocumento', 'nombre'].map((f) => obs('005', `receptor.${f}`)),
  },
  {
    regla: 'FE v1 (2023): from $1,095.00 the consumer is named (its schema’s allOf)',
    violar: facturaAnonima(factura, 1130),
    codigoMsg: '096',
    observaciones: expect.arrayContaining([expect.stringContaining('#/receptor/tipoDocumento')]),
  },
  {
    regla: 'FE v2: a DUI is 9 digits (fe-fc-v1’s receptor patterns)',
    violar: con(facturaV2, (d) => (d.receptor.numDocumento = '1234567')),
    codigoMsg: '006',
    observaciones: [obs('006', 'receptor.numDocumento')],
  },
  {
    regla: 'NC v4: a NIT is 14 or 9 digits',
    violar: con(
      (nit) => notaV4('05', nit),
      (d) => (d.receptor.numDocumento = '0614'),
    ),
    codigoMsg: '006',
    observaciones: [obs('006', 'receptor.numDocumento')],
  },

  // ── Tributos (Manual Funcional §XIII) and the lines that are tributos.
  {
    regla: 'CCF v4 of $0.02: its line lists tributo 20, so its resumen does, even at 0.00',
    violar: ccfDe(0.02, null),
    codigoMsg: '020',
    observaciones: [obs('020', 'resumen.tributos')],
  },
  {
    regla: 'CCF v4: the resumen lists only the codes its lines apply',
    violar: con(creditoFiscalV4, (d) =>
      d.resumen.tributos.push({ codigo: 'D5', descripcion: 'Otras tasas casos especiales', valor: 0 }),
    ),
    codigoMsg: '024',
    observaciones: [obs('024', 'resumen.tributos[1].codigo')],
  },
  {
    regla: 'CCF v4: the resumen lists each code once',
    violar: con(creditoFiscalV4, (d) => d.resumen.tributos.push({ codigo: '20', descripcion: 'IVA', valor: 0 })),
    codigoMsg: '025',
    observaciones: [obs('025', 'resumen.tributos[1].codigo')],
  },
  {
    regla: 'CCF v4: a taxed line lists tributo 20 (fe-ccf-v3’s item if/then)',
    violar: con(creditoFiscalV4, (d) => (d.cuerpoDocumento[1].tributos = null)),
    codigoMsg: '005',
    observaciones: [obs('005', 'cuerpoDocumento[1].tributos')],
  },
  {
    regla: 'FE v2: tributo 20 does not apply to a Factura (§XIII’s table)',
    violar: con(facturaV2, (d) => (d.cuerpoDocumento[0].tributos = ['20'])),
    codigoMsg: '007',
    // A code a line lists is also one its resumen must consolidate.
    observaciones: [obs('007', 'cuerpoDocumento[0].tributos[0]'), obs('020', 'resumen.tributos')],
  },
  {
    regla: 'CCF v4: a tributo line (tipoItem 4) names its CAT-015 §2 tributo',
    violar: con(creditoFiscalV4, (d) => Object.assign(d.cuerpoDocumento[1], { tipoItem: 4, uniMedida: 99 })),
    codigoMsg: '005',
    observaciones: [obs('005', 'cuerpoDocumento[1].codTributo')],
  },
  {
    regla: 'CCF v4: only a tributo line has codTributo',
    violar: con(creditoFiscalV4, (d) => (d.cuerpoDocumento[0].codTributo = '57')),
    codigoMsg: '024',
    observaciones: [obs('024', 'cuerpoDocumento[0].codTributo')],
  },
  {
    regla: 'CCF v4: a tributo line is in the unit 99',
    violar: con(creditoFiscalV4, (d) => Object.assign(d.cuerpoDocumento[1], { tipoItem: 4, codTributo: '57' })),
    codigoMsg: '007',
    observaciones: [obs('007', 'cuerpoDocumento[1].uniMedida')],
  },

  // ── Payments and contingency.
  {
    regla: 'CCF v4 on credit: each payment has its plazo (the 2023 schemas’ resumen if/then)',
    violar: con(creditoFiscalV4, (d) => {
      d.resumen.condicionOperacion = 2;
      Object.assign(d.resumen.pagos[0], { plazo: null, periodo: 30 });
    }),
    codigoMsg: '005',
    observaciones: [obs('005', 'resumen.pagos[0].plazo')],
  },
  {
    regla: 'FE v2 in contingency of type 5 ("Otro") says why',
    violar: con(facturaV2, (d) =>
      Object.assign(d.identificacion, { tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 5, motivoContin: null }),
    ),
    // A deferred document needs its event too (012), checked first.
    codigoMsg: '012',
    observaciones: [obs('012', 'identificacion.codigoGeneracion'), obs('005', 'identificacion.motivoContin')],
  },
  {
    regla: 'Evento de Contingencia v4 of type 5 says why (contingencia-schema-v3’s if/then)',
    servicio: 'contingencia',
    violar: (e) => {
      const hace = (minutos: number) => new Date(Date.now() - minutos * 60000);
      const evento = contingencia(e.nit, [{ codigoGeneracion: uuid(), tipoDoc: '01' }], hace(120), hace(60), 4);
      Object.assign(evento.motivo, { tipoContingencia: 5, motivoContingencia: null });
      return evento;
    },
    codigoMsg: '005',
    observaciones: [obs('005', 'motivo.motivoContingencia')],
  },

  // ── The Comprobante de Donación (Manual Funcional §XX, §XV; fe-cd-v1’s if/then).
  {
    regla: 'CD v2: a cash donation is one unit',
    violar: con(donacionV2, (d) => Object.assign(d.cuerpoDocumento[0], { cantidad: 2, valorUni: 150 })),
    codigoMsg: '003',
    observaciones: [obs('003', 'cuerpoDocumento[0].cantidad')],
  },
  {
    regla: 'CD v2: a donated service is in the unit 99',
    violar: con(donacionV2, (d) => Object.assign(d.cuerpoDocumento[0], { tipoDonacion: 3, uniMedida: 59 })),
    codigoMsg: '007',
    observaciones: [obs('007', 'cuerpoDocumento[0].uniMedida')],
  },
  {
    regla: 'CD v2: a domiciled donor has its address',
    violar: con(donacionV2, (d) => (d.receptor.direccion = null)),
    codigoMsg: '005',
    observaciones: [obs('005', 'receptor.direccion')],
  },
  {
    regla: 'CD v2: a donor not domiciled has no address of El Salvador',
    violar: con(donacionV2, (d) =>
      Object.assign(d.receptor, { codDomiciliado: 2, codPais: 'US', codActividad: null, descActividad: null }),
    ),
    codigoMsg: '024',
    observaciones: [obs('024', 'receptor.direccion')],
  },
  {
    regla: 'CD v2: its associated documents are the donatario’s (1) or the donor’s (2)',
    violar: con(donacionV2, (d) => d.otrosDocumentos.push({ ...d.otrosDocumentos[0], codDocAsociado: 3 })),
    codigoMsg: '007',
    observaciones: [obs('007', 'otrosDocumentos[1].codDocAsociado')],
  },
  {
    regla: 'CD v2: one of them is the donatario’s qualification',
    violar: con(donacionV2, (d) => (d.otrosDocumentos[0].codDocAsociado = 2)),
    codigoMsg: '005',
    observaciones: [obs('005', 'otrosDocumentos')],
  },

  // ── The invalidation event v3 (anulacion-schema-v2’s rules, kept).
  {
    regla: 'Invalidación v3 of type 2 (rescindir) names no replacement',
    servicio: 'anulardte',
    violar: (e) => invalidacionDeFactura(e, (ev) => (ev.documento.codigoGeneracionR = uuid())),
    codigoMsg: '024',
    observaciones: [obs('024', 'documento.codigoGeneracionR')],
  },
  {
    regla: 'Invalidación v3 of type 3 (otro) says why',
    servicio: 'anulardte',
    violar: async (e) => {
      const reemplazo = facturaV2(e.nit);
      await aceptado(e, reemplazo);
      return invalidacionDeFactura(e, (ev) => {
        Object.assign(ev.motivo, { tipoAnulacion: 3, motivoAnulacion: null });
        ev.documento.codigoGeneracionR = reemplazo.identificacion.codigoGeneracion;
      });
    },
    codigoMsg: '005',
    observaciones: [obs('005', 'motivo.motivoAnulacion')],
  },
  {
    regla: 'Invalidación v3: the responsible person’s DUI is 9 digits',
    servicio: 'anulardte',
    violar: (e) => invalidacionDeFactura(e, (ev) => (ev.motivo.numDocResponsable = '1234')),
    codigoMsg: '006',
    observaciones: [obs('006', 'motivo.numDocResponsable')],
  },
];

/** Documents at the edge of those rules that MH takes, where the service relies on it. */
const aceptados: { caso: string; construir: (e: Emisor) => Json | Promise<Json> }[] = [
  { caso: 'FEX v3 with July 2026’s régimen (1000.000, EX-1)', construir: (e) => exportacionV3(e.nit) },
  {
    caso: 'FEX v3 in transit (0000.000, TA-1) through the 2026 workbook’s recinto 42',
    construir: con(exportacionV3, (d) =>
      Object.assign(d.emisor, { recintoFiscal: '42', tipoRegimen: 'TA-1', regimen: '0000.000' }),
    ),
  },
  { caso: 'FEX v1 with v1.2’s régimen (EX-1.1000.000)', construir: (e) => exportacionV1(e.nit) },
  {
    caso: 'FEX v3 exporting services, without recinto nor régimen',
    construir: con(exportacionV3, (d) =>
      Object.assign(d.emisor, { tipoItemExpor: 2, recintoFiscal: null, tipoRegimen: null, regimen: null }),
    ),
  },
  { caso: 'CCF v4 of $0.02 with tributo 20 at 0.00', construir: ccfDe(0.02, IVA_CERO) },
  {
    caso: 'CR v2 with totalIva 0, the other reading of the field',
    construir: con(retencionV2, (d) => (d.resumen.totalIva = 0)),
  },
  { caso: 'FE v2 of $1,130.00 to a consumer who is not named', construir: facturaAnonima(facturaV2, 1130) },
  {
    caso: 'NC v4 on a CCF MH accepted',
    construir: async (e) => {
      const ccf = creditoFiscalV4(e.nit);
      await aceptado(e, ccf);
      return notaV4('05', e.nit, ccf.identificacion.codigoGeneracion);
    },
  },
  { caso: 'NR v4 for a paper Factura', construir: (e) => remisionV4(e.nit) },
  { caso: 'CD v2 in cash', construir: (e) => donacionV2(e.nit) },
  { caso: 'CL v2 of a CCF', construir: (e) => liquidacionV2(e.nit) },
  { caso: 'DCL v2', construir: (e) => contableLiquidacionV2(e.nit) },
];

let emisor: Emisor;
beforeAll(async () => {
  emisor = await nuevoEmisor();
});

describe('MH rules the service blocks, refused by the simulator', () => {
  it.each(reglas.map((r) => [r.regla, r] as const))('%s', async (_, r) => {
    const servicio = r.servicio ?? 'recepciondte';
    const res = await enviar(emisor, servicio, await r.violar(emisor));
    expect([res.status, res.data.estado, res.data.selloRecibido]).toEqual([400, 'RECHAZADO', null]);
    // The contingency service answers without codes (Manual Técnico §4.6): its observations say it.
    if (servicio !== 'contingencia') expect(res.data.codigoMsg).toBe(r.codigoMsg);
    expect(res.data.observaciones).toEqual(r.observaciones);
  });
});

describe('documents at the edge of those rules, accepted', () => {
  it.each(aceptados.map((a) => [a.caso, a] as const))('%s', async (_, a) => {
    const res = await envio(emisor, await a.construir(emisor));
    expect([res.status, res.data.estado, res.data.codigoMsg, res.data.observaciones]).toEqual([
      200,
      'PROCESADO',
      '001',
      [],
    ]);
  });
});

import { randomInt, randomUUID } from 'node:crypto';

/**
 * Minimal valid documents per MH schema, with every figure worked out by hand (not by the simulator's
 * own arithmetic): they are what the simulator must accept. Independent of the service's builders.
 */
/** Documents are built and then broken field by field, so they stay loosely typed. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const uuid = () => randomUUID().toUpperCase();

/** Local El Salvador date and time (UTC−6) of an instant, as DTEs carry them. */
export function fechaHora(instant = new Date()): { fecha: string; hora: string } {
  const iso = new Date(instant.getTime() - 6 * 3600 * 1000).toISOString();
  return { fecha: iso.slice(0, 10), hora: iso.slice(11, 19) };
}

export function identificacion(tipoDte: string, version: number, instant = new Date()): Json {
  const { fecha, hora } = fechaHora(instant);
  return {
    version,
    ambiente: '00',
    tipoDte,
    numeroControl: `DTE-${tipoDte}-M001P001-${String(randomInt(1, 1e9)).padStart(15, '0')}`,
    codigoGeneracion: uuid(),
    tipoModelo: 1,
    tipoOperacion: 1,
    tipoContingencia: null,
    motivoContin: null,
    fecEmi: fecha,
    horEmi: hora,
    tipoMoneda: 'USD',
  };
}

const direccion = { departamento: '06', municipio: '23', complemento: 'Colonia Escalón, San Salvador' };
const emisorBase = (nit: string) => ({
  nit,
  nrc: '1234567',
  nombre: 'EMPRESA DE PRUEBA, S.A. DE C.V.',
  codActividad: '62010',
  descActividad: 'Programación informática',
  direccion: { ...direccion },
  telefono: '22223333',
  correo: 'facturacion@example.com',
});
/** Every emisor block but FSE's carries these two. */
const comercial = { nombreComercial: 'EMPRESA PRUEBA', tipoEstablecimiento: '02' };
const establecimiento = { codEstableMH: 'M001', codEstable: 'M001', codPuntoVentaMH: 'P001', codPuntoVenta: 'P001' };

/** A registered IVA taxpayer, receptor of CCF/NC/ND/CR. */
export const RECEPTOR_NIT = '06140101001017';
export const RECEPTOR_NRC = '765432';
const receptorContribuyente = () => ({
  nit: RECEPTOR_NIT,
  nrc: RECEPTOR_NRC,
  nombre: 'CLIENTE CONTRIBUYENTE, S.A. DE C.V.',
  codActividad: '46900',
  descActividad: 'Venta al por mayor de otros productos',
  nombreComercial: null,
  direccion: { departamento: '05', municipio: '24', complemento: 'Santa Tecla, La Libertad' },
  telefono: '22334455',
  correo: 'compras@cliente.example.com',
});

const itemVenta = (numItem: number, cantidad: number, precioUni: number, montoDescu: number, ventaGravada: number) => ({
  numItem,
  tipoItem: 1,
  numeroDocumento: null,
  codigo: `P00${numItem}`,
  codTributo: null,
  descripcion: `Producto ${numItem}`,
  cantidad,
  uniMedida: 59,
  precioUni,
  montoDescu,
  ventaNoSuj: 0,
  ventaExenta: 0,
  ventaGravada,
});

const contado = (monto: number) => [{ codigo: '01', montoPago: monto, referencia: null, plazo: null, periodo: null }];

/** FE v1: prices include IVA. 2 × 11.30 + 1 × 5.65 = 28.25; IVA 13/113: 2.60 + 0.65 = 3.25. */
export function factura(nit: string): Json {
  return {
    identificacion: identificacion('01', 1),
    documentoRelacionado: null,
    emisor: { ...emisorBase(nit), ...comercial, ...establecimiento },
    receptor: {
      tipoDocumento: '13',
      numDocumento: '01234567-8',
      nrc: null,
      nombre: 'Cliente de prueba',
      codActividad: null,
      descActividad: null,
      direccion: null,
      telefono: null,
      correo: 'cliente@example.com',
    },
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: [
      { ...itemVenta(1, 2, 11.3, 0, 22.6), tributos: null, psv: 0, noGravado: 0, ivaItem: 2.6 },
      { ...itemVenta(2, 1, 5.65, 0, 5.65), tributos: null, psv: 0, noGravado: 0, ivaItem: 0.65 },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 28.25,
      subTotalVentas: 28.25,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      porcentajeDescuento: 0,
      totalDescu: 0,
      tributos: null,
      subTotal: 28.25,
      ivaRete1: 0,
      reteRenta: 0,
      montoTotalOperacion: 28.25,
      totalNoGravado: 0,
      totalPagar: 28.25,
      totalLetras: 'VEINTIOCHO 25/100 DÓLARES',
      totalIva: 3.25,
      saldoFavor: 0,
      condicionOperacion: 1,
      pagos: contado(28.25),
      numPagoElectronico: null,
    },
    extension: null,
    apendice: null,
  };
}

const IVA = (valor: number) => [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor }];

/** CCF v3: prices exclude IVA. 10 × 20 + (3 × 1.50 − 0.50) = 204.00; IVA 13% 26.52; total 230.52. */
export function creditoFiscal(nit: string): Json {
  return {
    identificacion: identificacion('03', 3),
    documentoRelacionado: null,
    emisor: { ...emisorBase(nit), ...comercial, ...establecimiento },
    receptor: receptorContribuyente(),
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: [
      { ...itemVenta(1, 10, 20, 0, 200), tributos: ['20'], psv: 0, noGravado: 0 },
      { ...itemVenta(2, 3, 1.5, 0.5, 4), tributos: ['20'], psv: 0, noGravado: 0 },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 204,
      subTotalVentas: 204,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      porcentajeDescuento: 0,
      totalDescu: 0.5,
      tributos: IVA(26.52),
      subTotal: 204,
      ivaPerci1: 0,
      ivaRete1: 0,
      reteRenta: 0,
      montoTotalOperacion: 230.52,
      totalNoGravado: 0,
      totalPagar: 230.52,
      totalLetras: 'DOSCIENTOS TREINTA 52/100 DÓLARES',
      saldoFavor: 0,
      condicionOperacion: 1,
      pagos: contado(230.52),
      numPagoElectronico: null,
    },
    extension: null,
    apendice: null,
  };
}

/**
 * The CCF a note adjusts: one MH accepted, by its codigoGeneracion, or without one a paper CCF (MH looks up
 * the electronic ones only), numbered as Manual Funcional §XIV's example.
 */
function ccfDeNota(ccf: string | undefined) {
  const relacionado = ccf
    ? { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: ccf }
    : { tipoDocumento: '03', tipoGeneracion: 1, numeroDocumento: 'S221001345' };
  return { ...relacionado, fechaEmision: fechaHora().fecha };
}

/** NC v3 (05) or ND v3 (06) on a CCF: 1 × 50.00 + IVA 6.50 = 56.50. */
export function nota(tipoDte: '05' | '06', nit: string, ccf?: string): Json {
  const relacionado = ccfDeNota(ccf);
  const resumen: Json = {
    totalNoSuj: 0,
    totalExenta: 0,
    totalGravada: 50,
    subTotalVentas: 50,
    descuNoSuj: 0,
    descuExenta: 0,
    descuGravada: 0,
    totalDescu: 0,
    tributos: IVA(6.5),
    subTotal: 50,
    ivaPerci1: 0,
    ivaRete1: 0,
    reteRenta: 0,
    montoTotalOperacion: 56.5,
    totalLetras: 'CINCUENTA Y SEIS 50/100 DÓLARES',
    condicionOperacion: 1,
  };
  if (tipoDte === '06') resumen.numPagoElectronico = null;
  return {
    identificacion: identificacion(tipoDte, 3),
    documentoRelacionado: [relacionado],
    emisor: { ...emisorBase(nit), ...comercial },
    receptor: receptorContribuyente(),
    ventaTercero: null,
    cuerpoDocumento: [
      { ...itemVenta(1, 1, 50, 0, 50), numeroDocumento: relacionado.numeroDocumento, tributos: ['20'] },
    ],
    resumen,
    extension: null,
    apendice: null,
  };
}

/** CR v1: 1% (CAT-006 "22") of 1,000.00 and of 250.50 → 10.00 + 2.51 (2.505 rounded half-up) = 12.51. */
export function retencion(nit: string): Json {
  return {
    identificacion: identificacion('07', 1),
    emisor: {
      ...emisorBase(nit),
      ...comercial,
      codigoMH: 'M001',
      codigo: 'M001',
      puntoVentaMH: 'P001',
      puntoVenta: 'P001',
    },
    receptor: (({ nit: numDocumento, ...r }) => ({ tipoDocumento: '36', numDocumento, ...r }))(receptorContribuyente()),
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoDte: '03',
        tipoDoc: 2,
        numDocumento: uuid(),
        fechaEmision: fechaHora().fecha,
        montoSujetoGrav: 1000,
        codigoRetencionMH: '22',
        ivaRetenido: 10,
        descripcion: 'Retención IVA 1%',
      },
      {
        numItem: 2,
        tipoDte: '03',
        tipoDoc: 1,
        numDocumento: 'A0001234',
        fechaEmision: fechaHora().fecha,
        montoSujetoGrav: 250.5,
        codigoRetencionMH: '22',
        ivaRetenido: 2.51,
        descripcion: 'Retención IVA 1%',
      },
    ],
    resumen: { totalSujetoRetencion: 1250.5, totalIVAretenido: 12.51, totalIVAretenidoLetras: 'DOCE 51/100 DÓLARES' },
    extension: null,
    apendice: null,
  };
}

/** FSE v1: 1 × 300.00 + (4 × 12.50 − 5.00) = 345.00; renta 10% 34.50; to pay 310.50. */
export function sujetoExcluido(nit: string): Json {
  return {
    identificacion: identificacion('14', 1),
    emisor: { ...emisorBase(nit), ...establecimiento },
    sujetoExcluido: {
      tipoDocumento: '13',
      numDocumento: '012345678',
      nombre: 'Proveedor sin IVA',
      codActividad: null,
      descActividad: null,
      direccion: { departamento: '01', municipio: '14', complemento: 'Ahuachapán centro' },
      telefono: null,
      correo: null,
    },
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoItem: 2,
        cantidad: 1,
        codigo: null,
        uniMedida: 59,
        descripcion: 'Consultoría',
        precioUni: 300,
        montoDescu: 0,
        compra: 300,
      },
      {
        numItem: 2,
        tipoItem: 1,
        cantidad: 4,
        codigo: null,
        uniMedida: 59,
        descripcion: 'Insumos',
        precioUni: 12.5,
        montoDescu: 5,
        compra: 45,
      },
    ],
    resumen: {
      totalCompra: 345,
      descu: 0,
      totalDescu: 5,
      subTotal: 345,
      ivaRete1: 0,
      reteRenta: 34.5,
      totalPagar: 310.5,
      totalLetras: 'TRESCIENTOS DIEZ 50/100 DÓLARES',
      condicionOperacion: 1,
      pagos: contado(310.5),
      observaciones: null,
    },
    apendice: null,
  };
}

/** Evento de invalidación v2 for an accepted document. */
export function invalidacion(
  nit: string,
  dte: Json,
  selloRecibido: string,
  motivo: { tipoAnulacion: 1 | 2 | 3; codigoGeneracionR?: string | null },
): Json {
  const { fecha, hora } = fechaHora();
  return {
    identificacion: { version: 2, ambiente: '00', codigoGeneracion: uuid(), fecAnula: fecha, horAnula: hora },
    emisor: {
      nit,
      nombre: 'EMPRESA DE PRUEBA, S.A. DE C.V.',
      tipoEstablecimiento: '02',
      nomEstablecimiento: 'Casa matriz',
      ...establecimiento,
      telefono: '22223333',
      correo: 'facturacion@example.com',
    },
    documento: {
      tipoDte: dte.identificacion.tipoDte,
      codigoGeneracion: dte.identificacion.codigoGeneracion,
      selloRecibido,
      numeroControl: dte.identificacion.numeroControl,
      fecEmi: dte.identificacion.fecEmi,
      montoIva: null,
      codigoGeneracionR: motivo.codigoGeneracionR ?? null,
      tipoDocumento: '13',
      numDocumento: '012345678',
      nombre: 'Cliente de prueba',
      telefono: null,
      correo: 'cliente@example.com',
    },
    motivo: {
      tipoAnulacion: motivo.tipoAnulacion,
      motivoAnulacion: 'Error en los datos del documento',
      nombreResponsable: 'Juan Pérez',
      tipDocResponsable: '13',
      numDocResponsable: '012345678',
      nombreSolicita: 'Cliente de prueba',
      tipDocSolicita: '13',
      numDocSolicita: '012345678',
    },
  };
}

/**
 * Evento de contingencia v3 (2023) or v4 (2026) listing documents issued between `inicio` and `fin`; v4
 * names the point of sale by MH's code.
 */
export function contingencia(
  nit: string,
  documentos: { codigoGeneracion: string; tipoDoc: string }[],
  inicio: Date,
  fin: Date,
  version: 3 | 4 = 3,
): Json {
  const transmision = fechaHora();
  const desde = fechaHora(inicio);
  const hasta = fechaHora(fin);
  return {
    identificacion: {
      version,
      ambiente: '00',
      codigoGeneracion: uuid(),
      fTransmision: transmision.fecha,
      hTransmision: transmision.hora,
    },
    emisor: {
      nit,
      nombre: 'EMPRESA DE PRUEBA, S.A. DE C.V.',
      nombreResponsable: 'Juan Pérez',
      tipoDocResponsable: '13',
      numeroDocResponsable: '012345678',
      tipoEstablecimiento: '02',
      codEstableMH: 'M001',
      ...(version === 4 ? { codPuntoVentaMH: 'P001' } : { codPuntoVenta: 'P001' }),
      telefono: '22223333',
      correo: 'facturacion@example.com',
    },
    detalleDTE: documentos.map((d, i) => ({ noItem: i + 1, ...d })),
    motivo: {
      fInicio: desde.fecha,
      fFin: hasta.fecha,
      hInicio: desde.hora,
      hFin: hasta.hora,
      tipoContingencia: 1,
      motivoContingencia: null,
    },
  };
}

/** Turns a document into one issued in contingency (tipoModelo 2) at `instant`. */
export function enContingencia(dte: Json, instant: Date): Json {
  const { fecha, hora } = fechaHora(instant);
  Object.assign(dte.identificacion, {
    tipoModelo: 2,
    tipoOperacion: 2,
    tipoContingencia: 1,
    fecEmi: fecha,
    horEmi: hora,
  });
  return dte;
}

/**
 * Normativa DTE 2.0 (2026 schemas). Every address carries its distrito (CAT-008, numbered within its
 * departamento): San Salvador (06/14) in San Salvador Centro, Santa Tecla (05/11) in La Libertad Sur,
 * Ahuachapán (01/01) in Ahuachapán Centro. The DTEs' emisor has no tipoEstablecimiento nor MH codes.
 */
const direccion2026 = { ...direccion, distrito: '14' };
const direccionReceptor2026 = { departamento: '05', municipio: '28', distrito: '11', complemento: 'Santa Tecla' };
const emisor2026 = (nit: string) => ({ ...emisorBase(nit), direccion: { ...direccion2026 } });
const puntoDeVenta = { codEstable: 'M001', codPuntoVenta: 'P001' };
const receptorContribuyente2026 = () => ({ ...receptorContribuyente(), direccion: { ...direccionReceptor2026 } });
/** NC/ND v4 and CR v2 name the taxpayer receptor by document type 36 (NIT). */
const receptorPorNit2026 = () =>
  (({ nit: numDocumento, ...r }) => ({ tipoDocumento: '36', numDocumento, ...r }))(receptorContribuyente2026());

/**
 * FE v2: v1's figures (28.25, IVA 3.25) with the 1% retention of an agente de retención, which v2 calls
 * ivaRete: 1% of 28.25 / 1.13 = 25.00 → 0.25; to pay 28.25 − 0.25 = 28.00.
 */
export function facturaV2(nit: string): Json {
  return {
    identificacion: identificacion('01', 2),
    documentoRelacionado: null,
    emisor: { ...emisor2026(nit), nombreComercial: 'EMPRESA PRUEBA', ...puntoDeVenta },
    receptor: {
      tipoDocumento: '13',
      numDocumento: '012345678',
      nrc: null,
      nombre: 'Cliente de prueba',
      codActividad: null,
      descActividad: null,
      direccion: { ...direccionReceptor2026 },
      telefono: null,
      correo: 'cliente@example.com',
    },
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: [
      { ...itemVenta(1, 2, 11.3, 0, 22.6), tributos: null, psv: 0, noGravado: 0, ivaItem: 2.6 },
      { ...itemVenta(2, 1, 5.65, 0, 5.65), tributos: null, psv: 0, noGravado: 0, ivaItem: 0.65 },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 28.25,
      subTotalVentas: 28.25,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      porcentajeDescuento: 0,
      totalDescu: 0,
      tributos: null,
      subTotal: 28.25,
      ivaRete: 0.25,
      montoTotalOperacion: 28.25,
      totalNoGravado: 0,
      totalPagar: 28,
      totalLetras: 'VEINTIOCHO 00/100 DÓLARES',
      totalIva: 3.25,
      saldoFavor: 0,
      condicionOperacion: 1,
      pagos: contado(28),
      numPagoElectronico: null,
      observaciones: null,
    },
    apendice: null,
  };
}

/** CCF v4: v3's 204.00 + IVA 26.52 = 230.52, less ivaRete 1% of 204.00 = 2.04: to pay 228.48. */
export function creditoFiscalV4(nit: string): Json {
  return {
    identificacion: identificacion('03', 4),
    documentoRelacionado: null,
    emisor: { ...emisor2026(nit), nombreComercial: 'EMPRESA PRUEBA', ...puntoDeVenta },
    receptor: receptorContribuyente2026(),
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: [
      { ...itemVenta(1, 10, 20, 0, 200), tributos: ['20'], psv: 0, noGravado: 0 },
      { ...itemVenta(2, 3, 1.5, 0.5, 4), tributos: ['20'], psv: 0, noGravado: 0 },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 204,
      subTotalVentas: 204,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      porcentajeDescuento: 0,
      totalDescu: 0.5,
      tributos: IVA(26.52),
      subTotal: 204,
      ivaPerci: 0,
      ivaRete: 2.04,
      montoTotalOperacion: 230.52,
      totalNoGravado: 0,
      totalPagar: 228.48,
      totalLetras: 'DOSCIENTOS VEINTIOCHO 48/100 DÓLARES',
      saldoFavor: 0,
      condicionOperacion: 1,
      pagos: contado(228.48),
      numPagoElectronico: null,
      observaciones: null,
    },
    apendice: null,
  };
}

/**
 * NC v4 (05) or ND v4 (06) on a CCF: 1 × 50.00 + IVA (tributo 20) 6.50 = 56.50 to pay; `totalIva` stays 0
 * (the IVA is the tributo's), there are no global discounts nor subTotal.
 */
export function notaV4(tipoDte: '05' | '06', nit: string, ccf?: string): Json {
  const relacionado = ccfDeNota(ccf);
  const resumen: Json = {
    totalNoSuj: 0,
    totalExenta: 0,
    totalGravada: 50,
    subTotalVentas: 50,
    totalDescu: 0,
    tributos: IVA(6.5),
    montoTotalOperacion: 56.5,
    ivaPerci: 0,
    totalIva: 0,
    ivaRete: 0,
    totalNoGravado: 0,
    totalPagar: 56.5,
    totalLetras: 'CINCUENTA Y SEIS 50/100 DÓLARES',
    condicionOperacion: 1,
    observaciones: null,
    codigoRetencionMH: null,
  };
  if (tipoDte === '06') resumen.numPagoElectronico = null;
  return {
    identificacion: { ...identificacion(tipoDte, 4), fusion: null },
    documentoRelacionado: [relacionado],
    emisor: { ...emisor2026(nit), nombreComercial: 'EMPRESA PRUEBA' },
    receptor: receptorPorNit2026(),
    ventaTercero: null,
    cuerpoDocumento: [
      {
        ...itemVenta(1, 1, 50, 0, 50),
        numeroDocumento: relacionado.numeroDocumento,
        tributos: ['20'],
        noGravado: 0,
        ivaPerci: 0,
        totalIva: 0,
        ivaRete: 0,
      },
    ],
    resumen,
    apendice: null,
  };
}

/**
 * CR v2: v1's retentions (1% of 1,000.00 and of 250.50 → 10.00 + 2.51 = 12.51) and `totalIva`, 13% of the
 * 1,250.50 subject to retention: 162.565 → 162.57 (half-up).
 */
export function retencionV2(nit: string): Json {
  const item = (numItem: number, tipoGeneracion: number, numeroDocumento: string, monto: number, iva: number) => ({
    numItem,
    tipoDte: '03',
    tipoGeneracion,
    numeroDocumento,
    fechaEmision: fechaHora().fecha,
    montoSujetoGrav: monto,
    codigoRetencionMH: '22',
    ivaRetenido: iva,
    descripcion: 'Retención IVA 1%',
  });
  return {
    identificacion: identificacion('07', 2),
    emisor: { ...emisor2026(nit), nombreComercial: 'EMPRESA PRUEBA', ...puntoDeVenta },
    receptor: receptorPorNit2026(),
    cuerpoDocumento: [item(1, 2, uuid(), 1000, 10), item(2, 1, 'A0001234', 250.5, 2.51)],
    resumen: {
      totalSujetoRetencion: 1250.5,
      totalIva: 162.57,
      totalIvaRetenido: 12.51,
      totalLetras: 'DOCE 51/100 DÓLARES',
      observaciones: null,
    },
    apendice: null,
  };
}

/** FSE v2: v1's 345.00, renta 10% 34.50, to pay 310.50; the seller is `receptor` and there is no ivaRete1. */
export function sujetoExcluidoV2(nit: string): Json {
  const { cuerpoDocumento, resumen } = sujetoExcluido(nit);
  const { ivaRete1: _sinRetencionIva, ...resumenV2 } = resumen;
  return {
    identificacion: identificacion('14', 2),
    emisor: { ...emisor2026(nit), ...puntoDeVenta },
    receptor: {
      tipoDocumento: '13',
      numDocumento: '012345678',
      nombre: 'Proveedor sin IVA',
      codActividad: null,
      descActividad: null,
      direccion: { departamento: '01', municipio: '14', distrito: '01', complemento: 'Ahuachapán centro' },
      telefono: null,
      correo: null,
    },
    cuerpoDocumento,
    resumen: resumenV2,
    apendice: null,
  };
}

/**
 * Evento de Retorno (fe-eret-v1, tipoEvento 18, no numeroControl) on a Factura of either generation: one
 * of the two 11.30 units of its item 1 comes back, IVA included (13/113 = 1.30).
 */
export function retorno(nit: string, fe: Json): Json {
  const { codigoGeneracion, fecEmi } = fe.identificacion;
  const { tipoDte: _tipoDte, numeroControl: _numeroControl, ...propia } = identificacion('18', 1);
  return {
    identificacion: { ...propia, tipoEvento: '18', fusion: null },
    documentoRelacionado: [{ tipoDocumento: '01', codigoGeneracion, fechaEmision: fecEmi }],
    emisor: {
      nit,
      nombre: 'EMPRESA DE PRUEBA, S.A. DE C.V.',
      ...establecimiento,
      recintoFiscal: null,
      tipoRegimen: null,
      regimen: null,
      tipoItemExpor: null,
    },
    documento: {
      tipoDocumento: '13',
      numDocumento: '012345678',
      nombre: 'Cliente de prueba',
      codPais: null,
      nombrePais: null,
      telefono: null,
      correo: 'cliente@example.com',
    },
    ventaTercero: null,
    compraTercero: null,
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoItem: 1,
        codigoGeneracion,
        cantidad: 1,
        precioUni: 11.3,
        descripcion: 'Producto 1',
        codigo: 'P001',
        uniMedida: 59,
        montoDescu: 0,
        codTributo: null,
        ventaNoSuj: 0,
        ventaExenta: 0,
        ventaGravada: 11.3,
        compra: 0,
        tributos: null,
        psv: 0,
        ivaItem: 1.3,
        noGravado: 0,
        seguro: 0,
        flete: 0,
        ivaRete: 0,
        reteRenta: 0,
      },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 11.3,
      totalCompraExcluidos: 0,
      subTotalVentas: 11.3,
      tributos: null,
      totalSeguro: null,
      totalFlete: null,
      montoTotalOperacion: 11.3,
      ivaRete: 0,
      reteRenta: 0,
      totalNoGravado: 0,
      totalPagar: 11.3,
      totalLetras: 'ONCE 30/100 DÓLARES',
      totalNoOnerosas: 0,
      totalIva: 1.3,
      saldoFavor: 0,
    },
    apendice: [{ campo: 'motivoRetorno', etiqueta: 'Motivo del retorno', valor: 'Producto defectuoso' }],
  };
}

/**
 * Evento de invalidación v3 (2026) for an accepted document of either generation (a Retorno has no
 * numeroControl). Its `identificacion.fecEmi` is the invalidated DTE's, which MH requires but for FE, FEX
 * and FSE.
 */
export function invalidacionV3(
  nit: string,
  dte: Json,
  selloRecibido: string,
  motivo: { tipoAnulacion: 1 | 2 | 3; codigoGeneracionR?: string | null },
): Json {
  const { identificacion: id, emisor, documento, motivo: motivoV2 } = invalidacion(nit, dte, selloRecibido, motivo);
  const { tipoEstablecimiento: _tipo, nomEstablecimiento: _nombre, ...emisorV3 } = emisor;
  const { montoIva: _montoIva, ...documentoV3 } = documento;
  return {
    identificacion: {
      version: 3,
      ambiente: id.ambiente,
      codigoGeneracion: id.codigoGeneracion,
      fecEmi: dte.identificacion.fecEmi,
      horEmi: id.horAnula,
      fusion: null,
    },
    emisor: emisorV3,
    documento: {
      ...documentoV3,
      tipoDte: dte.identificacion.tipoDte ?? dte.identificacion.tipoEvento,
      numeroControl: dte.identificacion.numeroControl ?? null,
    },
    motivo: motivoV2,
  };
}

/** What a Factura de Exportación v1 and v3 share: 10 × 185.50 = 1,855.00 at 0 % (C3). */
const lineaExportada = (tributos: string[] | null = ['C3']) => ({
  numItem: 1,
  cantidad: 10,
  codigo: null,
  uniMedida: 59,
  descripcion: 'Café oro lavado (qq)',
  precioUni: 185.5,
  montoDescu: 0,
  ventaGravada: 1855,
  tributos,
  noGravado: 0,
});
const receptorExterior = (codPais: string) => ({
  nombre: 'COFFEE IMPORTERS INC.',
  tipoDocumento: '37',
  numDocumento: 'EIN 12-3456789',
  nombreComercial: null,
  codPais,
  nombrePais: 'Estados Unidos',
  complemento: '100 Harbor Blvd, Long Beach, CA 90802',
  tipoPersona: 2,
  descActividad: 'Importación de café',
  telefono: null,
  correo: 'compras@coffee.example',
});
/** 1,855.00 − 0 + seguro 25.00 + flete 100.00 = 1,980.00, paid in cash. */
const resumenExportacion = {
  totalGravada: 1855,
  porcentajeDescuento: 0,
  totalDescu: 0,
  seguro: 25,
  flete: 100,
  montoTotalOperacion: 1980,
  totalNoGravado: 0,
  totalPagar: 1980,
  totalLetras: 'MIL NOVECIENTOS OCHENTA 00/100 DÓLARES',
  condicionOperacion: 1,
  pagos: contado(1980),
  codIncoterms: '11',
  descIncoterms: 'CIF- Costo seguro y flete',
  numPagoElectronico: null,
  observaciones: null,
};

/**
 * FEX v3 (2026): goods (tipoItemExpor 1) through Acajutla (CAT-027 02) under definitive export, written as
 * MH's July 2026 catalogs write it (CAT-028 1000.000, its class EX-1 in CAT-033); the resumen lists C3 at
 * $0.00; the buyer's country is CAT-020's ISO code.
 */
export function exportacionV3(nit: string): Json {
  return {
    identificacion: identificacion('11', 3),
    documentoRelacionado: null,
    emisor: {
      ...emisor2026(nit),
      nombreComercial: 'EMPRESA PRUEBA',
      ...puntoDeVenta,
      tipoItemExpor: 1,
      recintoFiscal: '02',
      tipoRegimen: 'EX-1',
      regimen: '1000.000',
    },
    receptor: receptorExterior('US'),
    otrosDocumentos: null,
    ventaTercero: null,
    compraTercero: null,
    cuerpoDocumento: [{ ...lineaExportada(), tipoItem: 1, numeroDocumento: null, codTributo: null }],
    resumen: {
      ...resumenExportacion,
      descuGravada: 0,
      tributos: [{ codigo: 'C3', descripcion: 'Impuesto al Valor Agregado (exportaciones) 0%', valor: 0 }],
      totalNoOnerosas: 0,
      saldoFavor: 0,
    },
    apendice: null,
  };
}

/** FEX v1 (2023): v3's sale with v1.2's régimen EX-1.1000.000 and the country's old code (9450, US). */
export function exportacionV1(nit: string): Json {
  const { motivoContin, ...id } = identificacion('11', 1);
  return {
    identificacion: { ...id, motivoContigencia: motivoContin },
    emisor: {
      ...emisorBase(nit),
      ...comercial,
      ...establecimiento,
      tipoItemExpor: 1,
      recintoFiscal: '02',
      regimen: 'EX-1.1000.000',
    },
    receptor: receptorExterior('9450'),
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: [lineaExportada()],
    resumen: { ...resumenExportacion, descuento: 0 },
    apendice: null,
  };
}

/**
 * NR v4 (2026): 10 bags × 12.50 = 125.00 gravada moved on consignment (CAT-025 03) for a paper Factura;
 * IVA 13 % = 16.25; 141.25.
 */
export function remisionV4(nit: string): Json {
  const factura = {
    tipoDocumento: '01',
    tipoGeneracion: 1,
    numeroDocumento: 'F0001234',
    fechaEmision: fechaHora().fecha,
  };
  return {
    identificacion: identificacion('04', 4),
    documentoRelacionado: [factura],
    emisor: { ...emisor2026(nit), nombreComercial: 'EMPRESA PRUEBA', ...puntoDeVenta },
    receptor: { ...receptorPorNit2026(), bienTitulo: '03' },
    ventaTercero: null,
    cuerpoDocumento: [
      { ...itemVenta(1, 10, 12.5, 0, 125), numeroDocumento: factura.numeroDocumento, tributos: ['20'] },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 125,
      subTotalVentas: 125,
      descuNoSuj: 0,
      descuExenta: 0,
      descuGravada: 0,
      porcentajeDescuento: 0,
      totalDescu: 0,
      tributos: IVA(16.25),
      subTotal: 125,
      montoTotalOperacion: 141.25,
      totalLetras: 'CIENTO CUARENTA Y UNO 25/100 DÓLARES',
      observaciones: null,
    },
    apendice: null,
  };
}

/**
 * CD v2 (2026): a domiciled donor (CAT-032 1) gives $300.00 in cash, one unit of 99 without depreciation,
 * by transfer; the donatario's qualification is the associated document (CAT-021 1).
 */
export function donacionV2(nit: string): Json {
  const { tipoContingencia: _t, motivoContin: _m, ...id } = identificacion('15', 2);
  return {
    identificacion: id,
    emisor: (({ nit: numDocumento, ...e }) => ({
      tipoDocumento: '36',
      numDocumento,
      ...e,
      nombreComercial: 'EMPRESA PRUEBA',
      ...puntoDeVenta,
    }))(emisor2026(nit)),
    receptor: {
      ...(({ nombreComercial: _n, ...r }) => r)(receptorPorNit2026()),
      codDomiciliado: 1,
      codPais: 'SV',
    },
    otrosDocumentos: [
      { codDocAsociado: 1, descDocumento: 'Resolución 12345-2025', detalleDocumento: 'Calificación de donataria' },
    ],
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoDonacion: 1,
        cantidad: 1,
        codigo: null,
        uniMedida: 99,
        descripcion: 'Aporte para becas',
        tipoDepreciacion: 0,
        valorUni: 300,
        valor: 300,
      },
    ],
    resumen: {
      valorTotal: 300,
      totalLetras: 'TRESCIENTOS 00/100 DÓLARES',
      pagos: [{ codigo: '05', montoPago: 300, referencia: 'TRF-88812' }],
    },
    apendice: null,
  };
}

/**
 * CL v2 (2026): one CCF sold on the mandante's account, 1,000.00 gravada with its 13 % IVA 130.00 (tributo
 * 20); montoTotalOperacion and total 1,130.00.
 */
export function liquidacionV2(nit: string, ccf = uuid()): Json {
  const { tipoContingencia: _t, motivoContin: _m, ...id } = identificacion('08', 2);
  return {
    identificacion: { ...id, fusion: null },
    emisor: { ...emisor2026(nit), nombreComercial: 'EMPRESA PRUEBA', ...puntoDeVenta },
    receptor: (({ tipoDocumento, numDocumento, ...r }) => ({ tipoDocumento, numDocumento, codDomiciliado: 1, ...r }))(
      receptorPorNit2026(),
    ),
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoDte: '03',
        tipoGeneracion: 2,
        numeroDocumento: ccf,
        fechaEmision: fechaHora().fecha,
        ventaNoSuj: 0,
        ventaExenta: 0,
        ventaGravada: 1000,
        exportaciones: 0,
        tributos: ['20'],
        ivaItem: 130,
        observaciones: null,
      },
    ],
    resumen: {
      totalNoSuj: 0,
      totalExenta: 0,
      totalGravada: 1000,
      exportacion: 0,
      subTotalVentas: 1000,
      tributos: IVA(130),
      montoTotalOperacion: 1130,
      ivaPerci: 0,
      total: 1130,
      totalLetras: 'MIL CIENTO TREINTA 00/100 DÓLARES',
      condicionOperacion: 1,
      observaciones: null,
    },
    apendice: null,
  };
}

/**
 * DCL v2 (2026), a card operator's liquidation of a fortnight: operations 5,763.00 less 113.00 not subject to
 * perception = subTotal 5,650.00; its IVA 5,650 × 13/113 = 650.00; subject to perception 5,000.00, 2 %
 * perceived 100.00; commission 172.89 and its 13 % IVA 22.4757 → 22.48; the afiliado is paid
 * 5,763.00 − 100.00 − 172.89 − 22.48 = 5,467.63.
 */
export function contableLiquidacionV2(nit: string): Json {
  const { tipoContingencia: _t, motivoContin: _m, ...id } = identificacion('09', 2);
  return {
    identificacion: id,
    emisor: { ...emisor2026(nit), nombreComercial: 'EMPRESA PRUEBA', ...puntoDeVenta },
    receptor: { ...receptorContribuyente2026(), nombreComercial: 'Cliente', tipoEstablecimiento: '01' },
    cuerpoDocumento: {
      periodoLiquidacionFechaInicio: '2026-11-01',
      periodoLiquidacionFechaFin: '2026-11-15',
      codLiquidacion: 'LIQ-2026-11-A',
      cantidadDoc: 48,
      valorOperaciones: 5763,
      montoSinPercepcion: 113,
      descripSinPercepcion: 'Propinas',
      subTotal: 5650,
      iva: 650,
      montoSujetoPercepcion: 5000,
      ivaPercibido: 100,
      comision: 172.89,
      porcentComision: 3,
      ivaComision: 22.48,
      liquidoApagar: 5467.63,
      totalLetras: 'CINCO MIL CUATROCIENTOS SESENTA Y SIETE 63/100 DÓLARES',
      observaciones: null,
    },
    extension: { nombEntrega: 'Ana María López', docuEntrega: '01234567-8', codEmpleado: null },
    apendice: null,
  };
}

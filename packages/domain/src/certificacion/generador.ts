import { lineaVenta } from '../dte/bloques/cuerpo';
import { conNoGravado } from '../dte/bloques/resumen';
import { totalesCreditoFiscal } from '../dte/credito-fiscal/totales';
import { totalesFactura } from '../dte/factura/totales';
import { ivaRetenidoEsperado, type CodigoRetencionMH } from '../dte/retencion/tasas';
import type { Generacion } from '../mh/schemas';
import { money, type Money } from '../money';
import type { TipoImpuesto } from '../requests/common';
import { Azar } from './azar';
import {
  ARTICULOS,
  contribuyente,
  correo,
  direccion,
  dui,
  empresa,
  nit,
  persona,
  telefono,
  type Contribuyente,
} from './datos';
import type { ContribuyenteRegistrado } from './contribuyentes';
import type { TipoCertificable } from './plan';

/** The JSON body of a POST /dte/dteXX request. */
export type CuerpoSolicitud = Record<string, unknown>;

/** A CCF of the campaign that MH accepted: its place among the campaign's CCFs and its codigoGeneracion. */
export interface CcfAceptado {
  indice: number;
  codigoGeneracion: string;
}

export interface OpcionesGenerador {
  /** The campaign's seed: the same seed, kind and index give the same request. */
  semilla: string;
  /** The emisor's schema generation: where the requests of the two differ (notes' discounts and charges). */
  generacion: Generacion;
  /** The campaign's day (YYYY-MM-DD, El Salvador): related documents and liquidated periods precede it. */
  fecha: string;
  /** The campaign's accepted CCFs, which the notes (05, 06) adjust. */
  ccfs?: readonly CcfAceptado[];
  /**
   * Taxpayers for DTE 03/05/06/07/08/09 instead of invented ones: MH's test environment checks a
   * receptor's NIT and NRC against its registry (009, 008), so a real campaign may need registered ones.
   */
  contribuyentes?: readonly (Contribuyente | ContribuyenteRegistrado)[];
}

type Item = {
  descripcion: string;
  cantidad: number;
  precioUnitario: number;
  montoDescu: number;
  codigo: string;
  uniMedida: number;
  tipoItem: 1 | 2;
};

/** A line: an article, a quantity and price within its range, sometimes a discount of a few percent. */
function item(az: Azar, factorPrecio = 1): Item {
  const a = az.de(ARTICULOS);
  const cantidad = a.tipoItem === 2 ? az.entero(1, 3) : az.de([1, 2, 3, 5, 10, 12, 2.5]);
  const precioUnitario = az.monto(a.precio[0] * factorPrecio, a.precio[1] * factorPrecio);
  const bruto = Math.round(cantidad * precioUnitario * 100);
  const montoDescu = az.si(0.25) ? Math.floor((bruto * az.entero(2, 10)) / 100) / 100 : 0;
  return {
    descripcion: a.descripcion,
    cantidad,
    precioUnitario,
    montoDescu,
    codigo: `ART-${String(ARTICULOS.indexOf(a) + 1).padStart(3, '0')}`,
    uniMedida: a.uniMedida,
    tipoItem: a.tipoItem,
  };
}

/** Mostly gravada, with exenta and no sujeta lines among them. */
const impuesto = (az: Azar): TipoImpuesto => az.de(['GRAVADO', 'GRAVADO', 'GRAVADO', 'EXENTO', 'NO_SUJETO']);

/** A sale line of a Factura or CCF, sometimes with a charge outside the taxable base (a deposit). */
function itemVenta(az: Azar, factorPrecio = 1) {
  return { ...item(az, factorPrecio), tipoImpuesto: impuesto(az), noGravado: az.si(0.1) ? az.monto(0.5, 5) : 0 };
}

const dias = (fecha: string, n: number) => {
  const d = new Date(`${fecha}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A day of the campaign's month up to the campaign's day. */
const diaDelMes = (az: Azar, fecha: string) =>
  `${fecha.slice(0, 8)}${String(az.entero(1, Number(fecha.slice(8)))).padStart(2, '0')}`;

const TARJETAS = ['02', '03'] as const;

/**
 * How a sale is paid (CAT-016/017/018): cash, by card with its reference, split among several forms
 * (which must add up to what is paid, so the amount is needed), on credit with its term, or "otro".
 */
function pago(az: Azar, aPagar: () => Money): CuerpoSolicitud {
  const forma = az.entero(1, 10);
  if (forma <= 3) return { condicionOperacion: 1 };
  if (forma <= 5)
    return { condicionOperacion: 1, pago: { codigo: az.de(TARJETAS), referencia: `AUT-${az.digitos(6)}` } };
  if (forma <= 7) {
    const total = Math.round(aPagar().toNumber() * 100);
    if (total >= 2) {
      const primero = az.entero(1, total - 1);
      return {
        condicionOperacion: 1,
        pagos: [
          { codigo: '01', montoPago: primero / 100 },
          { codigo: az.de(TARJETAS), montoPago: (total - primero) / 100, referencia: `AUT-${az.digitos(6)}` },
        ],
      };
    }
  }
  if (forma <= 9)
    return {
      condicionOperacion: 2,
      pago: { codigo: az.de(['05', '13']), plazo: '01', periodo: az.de([8, 15, 30, 45, 60]) },
    };
  return { condicionOperacion: 3, pago: { codigo: '99', referencia: 'Compensación de saldos' } };
}

const observaciones = (az: Azar) =>
  az.si(0.3) ? { observaciones: az.de(['Entrega en bodega central', 'Pedido telefónico', 'Cliente frecuente']) } : {};
const apendice = (az: Azar) =>
  az.si(0.2) ? { apendice: [{ campo: 'pedido', etiqueta: 'Número de pedido', valor: `PED-${az.digitos(5)}` }] } : {};
const descuento = (az: Azar) => (az.si(0.2) ? { descuento: { porcentaje: az.de([2, 5, 7.5, 10]) } } : {});

function factura(az: Azar, opciones: OpcionesGenerador): CuerpoSolicitud {
  const items = Array.from({ length: az.entero(1, 5) }, () => itemVenta(az));
  const desc = descuento(az);
  const total = () =>
    conNoGravado(items, totalesFactura(items.map(lineaVenta), desc.descuento).montoTotalOperacion).totalPagar;
  // Below MH's identification threshold (more than $1,000 in every version) a consumer may stay anonymous;
  // not in 2023, whose invalidation event (anulacion-schema-v2) must name the receptor of the Factura the
  // campaign invalidates.
  const anonimo = opciones.generacion === '2026' && az.si(0.3) && total().lt(money(1000));
  const nombre = persona(az);
  const receptor = anonimo
    ? { correo: correo(az, nombre) }
    : az.si(0.7)
      ? { tipoDocumento: '13', numDocumento: dui(az), nombre, correo: correo(az, nombre), telefono: telefono(az) }
      : {
          tipoDocumento: '36',
          numDocumento: nit(az),
          nombre: empresa(az),
          direccion: direccion(az),
          correo: correo(az, nombre),
        };
  return { receptor, items, ...desc, ...pago(az, total), ...observaciones(az), ...apendice(az) };
}

const elContribuyente = (az: Azar, opciones: OpcionesGenerador) =>
  opciones.contribuyentes?.length ? az.de(opciones.contribuyentes) : contribuyente(az);

/**
 * A CCF. Its first line is gravada for $100 or more and its discount at most 10 %, so its
 * montoTotalOperacion is at least 90 × 1.13 = $101.70: what the notes of the campaign share (`nota`).
 * A third withhold 1 % IVA, as a gran contribuyente receptor does.
 */
function creditoFiscal(az: Azar, opciones: OpcionesGenerador): CuerpoSolicitud {
  const primera = { ...itemVenta(az), tipoImpuesto: 'GRAVADO' as const, cantidad: 1, montoDescu: 0 };
  primera.precioUnitario = az.monto(100, 900);
  const items = [primera, ...Array.from({ length: az.entero(0, 4) }, () => itemVenta(az))];
  const isRetenIva = az.si(1 / 3);
  const desc = descuento(az);
  const total = () =>
    conNoGravado(items, totalesCreditoFiscal(items.map(lineaVenta), isRetenIva, desc.descuento).totalPagar).totalPagar;
  return {
    receptor: elContribuyente(az, opciones),
    items,
    isRetenIva,
    ...desc,
    ...pago(az, total),
    ...observaciones(az),
    ...apendice(az),
  };
}

/** What a CCF is worth to its notes before IVA: 88 × 1.13 = $99.44, below the $101.70 a CCF has at least. */
const CREDITO_MINIMO_CCF = 88;

/**
 * A note adjusting one of the campaign's accepted CCFs, the i-th note going to CCF i mod n. A credit note
 * on its k-th pass over the CCFs (from 0) credits gravada lines for at most 88 / ((k+1)(k+2)) dollars
 * before IVA; as 1/(1·2) + 1/(2·3) + … < 1, the credit notes of one CCF together stay below $88 + IVA,
 * never more than the CCF (`creditoFiscal`). A note carries the CCF's retention (the builder requires
 * it), a discount only in the 2023 generation (the 2026 notes dropped it) and a charge outside the
 * taxable base only in the 2026 one.
 */
function nota(az: Azar, opciones: OpcionesGenerador, indice: number, credito: boolean): CuerpoSolicitud {
  const ccfs = opciones.ccfs ?? [];
  if (ccfs.length === 0) throw new Error('A note needs the campaign’s accepted CCFs (opciones.ccfs)');
  const ccf = ccfs[indice % ccfs.length]!;
  const original = creditoFiscal(new Azar(opciones.semilla, 'CREDITO_FISCAL', ccf.indice), opciones);
  const pasada = Math.floor(indice / ccfs.length);
  const lineas = az.entero(1, 3);
  const items = credito
    ? Array.from({ length: lineas }, () => {
        const tope = Math.floor((CREDITO_MINIMO_CCF * 100 * az.monto(0.3, 1)) / ((pasada + 1) * (pasada + 2)) / lineas);
        const cantidad = tope >= 300 ? az.entero(1, 3) : 1;
        const precio = Math.floor(tope / cantidad);
        if (precio < 1)
          throw new Error(`Too many credit notes for ${ccfs.length} CCFs: the ${indice + 1}th would credit nothing`);
        return { ...item(az), cantidad, precioUnitario: precio / 100, montoDescu: 0, tipoImpuesto: 'GRAVADO' };
      })
    : Array.from({ length: lineas }, () => ({
        ...item(az),
        tipoImpuesto: az.de(['GRAVADO', 'GRAVADO', 'EXENTO'] as const),
        ...(opciones.generacion === '2026' && az.si(0.2) ? { noGravado: az.monto(1, 10) } : {}),
      }));
  return {
    codigoGeneracion: ccf.codigoGeneracion,
    items,
    condicionOperacion: az.de([1, 1, 2]),
    isRetenIva: original['isRetenIva'],
    ...(opciones.generacion === '2023' && az.si(0.2) ? { descuento: { porcentaje: az.de([2, 5]) } } : {}),
    ...observaciones(az),
  };
}

/** Goods moved without a sale (CAT-025 título), sometimes naming the paper Factura they come from. */
function remision(az: Azar, opciones: OpcionesGenerador): CuerpoSolicitud {
  const receptor = { ...elContribuyente(az, opciones), bienTitulo: az.de(['01', '02', '03', '04', '05']) };
  const relacionado = az.si(0.4)
    ? {
        tipoDocumento: az.de(['01', '03']),
        tipoGeneracion: 1,
        numeroDocumento: `F${az.digitos(7)}`,
        fechaEmision: diaDelMes(az, opciones.fecha),
      }
    : undefined;
  const items = Array.from({ length: az.entero(1, 4) }, () => ({
    ...item(az),
    tipoItem: 1,
    tipoImpuesto: impuesto(az),
    ...(relacionado && az.si(0.5) ? { numeroDocumento: relacionado.numeroDocumento } : {}),
  }));
  return { receptor, items, ...(relacionado ? { documentosRelacionados: [relacionado] } : {}), ...observaciones(az) };
}

/** CAT-006: 1 % on a CCF or Factura bought, 13 % on a sujeto excluido. */
const RETENCION_POR_TIPO: Record<'01' | '03' | '14', CodigoRetencionMH> = { '01': '22', '03': '22', '14': 'C4' };

/** IVA withheld on documents bought this month, on paper (the seller's own DTEs are not the emisor's). */
function retencion(az: Azar, opciones: OpcionesGenerador): CuerpoSolicitud {
  const cuerpoDocumento = Array.from({ length: az.entero(1, 4) }, (_, i) => {
    const tipoDte = az.de(['03', '03', '01', '14'] as const);
    const montoSujetoGrav = az.monto(100, 5000);
    const codigoRetencionMH = RETENCION_POR_TIPO[tipoDte];
    return {
      numItem: i + 1,
      tipoDte,
      tipoGeneracion: 1,
      numDocumento: `${az.de(['A', 'B', 'CF'])}${az.digitos(8)}`,
      fechaEmision: diaDelMes(az, opciones.fecha),
      montoSujetoGrav,
      codigoRetencionMH,
      ivaRetenido: ivaRetenidoEsperado(codigoRetencionMH, money(montoSujetoGrav))!.toNumber(),
      descripcion: `Retención de IVA, ${az.de(['compra de insumos', 'servicios de transporte', 'mantenimiento'])}`,
    };
  });
  return { receptor: elContribuyente(az, opciones), cuerpoDocumento, ...observaciones(az) };
}

/** Sales made on the mandante's account this month, each with its resumen's figures. */
function liquidacion(az: Azar, opciones: OpcionesGenerador): CuerpoSolicitud {
  const cuerpoDocumento = Array.from({ length: az.entero(1, 4) }, () => {
    const tipoDte = az.de(['01', '03', '03', '06', '11'] as const);
    const base = {
      tipoDte,
      tipoGeneracion: 1,
      numeroDocumento: `L${az.digitos(9)}`,
      fechaEmision: diaDelMes(az, opciones.fecha),
    };
    if (tipoDte === '11') return { ...base, exportaciones: az.monto(200, 8000) };
    return {
      ...base,
      ventaGravada: az.monto(50, 5000),
      ...(az.si(0.3) ? { ventaExenta: az.monto(10, 500) } : {}),
      ...(az.si(0.2) ? { ventaNoSuj: az.monto(10, 300) } : {}),
    };
  });
  return {
    receptor: { ...elContribuyente(az, opciones), codDomiciliado: 1 },
    cuerpoDocumento,
    condicionOperacion: az.de([1, 2]),
    ...observaciones(az),
  };
}

/** A card acquirer's liquidation of the first or second half of the previous month. */
function documentoContable(az: Azar, opciones: OpcionesGenerador): CuerpoSolicitud {
  const mesAnterior = dias(`${opciones.fecha.slice(0, 8)}01`, -1);
  const primeraQuincena = az.si(0.5);
  const valorOperaciones = az.monto(500, 25000);
  const porcentComision = az.de([1.5, 2, 2.5, 3, 3.5, 4.5]);
  const responsable = persona(az);
  return {
    receptor: { ...elContribuyente(az, opciones), tipoEstablecimiento: az.de(['01', '02', '04', '07']) },
    cuerpoDocumento: {
      periodoLiquidacionFechaInicio: `${mesAnterior.slice(0, 8)}${primeraQuincena ? '01' : '16'}`,
      periodoLiquidacionFechaFin: primeraQuincena ? `${mesAnterior.slice(0, 8)}15` : mesAnterior,
      codLiquidacion: `LIQ-${az.digitos(8)}`,
      cantidadDoc: az.entero(5, 400),
      valorOperaciones,
      ...(az.si(0.3)
        ? {
            montoSinPercepcion: az.monto(10, valorOperaciones / 4),
            descripSinPercepcion: 'Ventas exentas de percepción',
          }
        : {}),
      comision: Math.floor(valorOperaciones * porcentComision) / 100,
      porcentComision,
    },
    extension: {
      nombEntrega: responsable,
      docuEntrega: dui(az),
      ...(az.si(0.5) ? { codEmpleado: `E${az.digitos(4)}` } : {}),
    },
  };
}

const PAISES = [
  ['US', 'Miami, Florida, 1200 Brickell Ave'],
  ['GT', 'Ciudad de Guatemala, zona 10, 4a avenida'],
  ['HN', 'Tegucigalpa, colonia Palmira'],
  ['MX', 'Monterrey, Nuevo León, av. Constitución 300'],
  ['CR', 'San José, Sabana Norte'],
  ['PA', 'Ciudad de Panamá, calle 50'],
  ['ES', 'Madrid, calle de Alcalá 45'],
  ['CA', 'Toronto, Ontario, 100 King St W'],
  ['CO', 'Bogotá, carrera 7 # 71-21'],
  ['NI', 'Managua, km 5 carretera a Masaya'],
] as const;

/**
 * An export: goods (leaving through a CAT-027 recinto under a CAT-028 régimen, often with a CAT-031
 * incoterm and its freight and insurance), services, or both, to buyers in other countries.
 */
function exportacion(az: Azar): CuerpoSolicitud {
  const [codPais, complemento] = az.de(PAISES);
  const nombre = `${az.de(['Global', 'Andes', 'Maya', 'Atlantic', 'Pacific'])} ${az.de(['Trading', 'Foods', 'Imports', 'Supply'])} ${az.de(['Inc.', 'LLC', 'S.A.', 'Ltd.'])}`;
  const tipoItemExpor = az.de([1, 1, 2, 3] as const);
  const bienes = tipoItemExpor !== 2;
  const incoterm = bienes && az.si(0.7) ? az.de(['01', '02', '04', '07', '09', '11']) : undefined;
  const items = Array.from({ length: az.entero(1, 4) }, () => {
    const i = item(az, 3);
    return {
      ...i,
      tipoItem: tipoItemExpor === 3 ? i.tipoItem : tipoItemExpor,
      ...(az.si(0.1) ? { noGravado: az.monto(5, 50) } : {}),
    };
  });
  const pagoExportacion = az.si(0.4)
    ? { condicionOperacion: 2, pago: { codigo: '05', plazo: az.de(['01', '02']), periodo: az.de([1, 2, 30, 60]) } }
    : {
        condicionOperacion: 1,
        ...(az.si(0.5) ? { pago: { codigo: '05', referencia: `SWIFT-${az.digitos(8)}` } } : {}),
      };
  return {
    receptor: {
      nombre,
      tipoDocumento: az.de(['37', '37', '03']),
      numDocumento: `${az.de(['EIN', 'RUC', 'TAX'])}-${az.digitos(9)}`,
      codPais,
      complemento,
      tipoPersona: 2,
      descActividad: az.de(['Importación y distribución', 'Comercio al por mayor', 'Servicios empresariales']),
      telefono: `+${az.digitos(10)}`,
      correo: correo(az, nombre),
    },
    exportacion: {
      tipoItemExpor,
      ...(bienes ? { recintoFiscal: az.de(['01', '02', '03', '04', '05', '10']), regimen: 'EX-1.1000.000' } : {}),
      ...(incoterm ? { codIncoterms: incoterm } : {}),
      ...(incoterm && ['04', '07', '11'].includes(incoterm)
        ? { flete: az.monto(50, 900), seguro: az.monto(10, 200) }
        : {}),
    },
    items,
    ...(az.si(0.15) ? { descuento: { porcentaje: az.de([3, 5]) } } : {}),
    ...pagoExportacion,
    ...observaciones(az),
  };
}

const COMPRAS_SUJETO_EXCLUIDO = [
  { descripcion: 'Maíz blanco en grano, quintal', tipoItem: 1, uniMedida: 59, precio: [18, 35] },
  { descripcion: 'Frijol rojo de seda, quintal', tipoItem: 1, uniMedida: 59, precio: [60, 110] },
  { descripcion: 'Huevos de gallina, cartón de 30', tipoItem: 1, uniMedida: 59, precio: [3.5, 6] },
  { descripcion: 'Servicio de jardinería', tipoItem: 2, uniMedida: 99, precio: [15, 120] },
  { descripcion: 'Servicio de fontanería', tipoItem: 2, uniMedida: 99, precio: [20, 200] },
  { descripcion: 'Servicios profesionales de diseño gráfico', tipoItem: 2, uniMedida: 99, precio: [50, 500] },
] as const;

/** A purchase from a person not registered for IVA; services withhold 10 % renta. */
function sujetoExcluido(az: Azar): CuerpoSolicitud {
  const nombre = persona(az);
  const items = Array.from({ length: az.entero(1, 3) }, () => {
    const c = az.de(COMPRAS_SUJETO_EXCLUIDO);
    const cantidad = c.tipoItem === 2 ? 1 : az.entero(1, 20);
    const precioUnitario = az.monto(c.precio[0], c.precio[1]);
    return { descripcion: c.descripcion, cantidad, precioUnitario, uniMedida: c.uniMedida, tipoItem: c.tipoItem };
  });
  const servicios = items.some((i) => i.tipoItem === 2);
  return {
    sujetoExcluido: {
      tipoDocumento: '13',
      numDocumento: dui(az),
      nombre,
      ...(az.si(0.5) ? { codActividad: '01111', descActividad: 'Cultivo de cereales' } : {}),
      direccion: direccion(az),
      telefono: telefono(az),
      ...(az.si(0.6) ? { correo: correo(az, nombre) } : {}),
    },
    items,
    applyrent: servicios,
    ...(az.si(0.15) ? { descuento: { porcentaje: 5 } } : {}),
    ...(az.si(0.3)
      ? { condicionOperacion: 2, pago: { codigo: '05', plazo: '01', periodo: 15 } }
      : { condicionOperacion: 1 }),
    ...observaciones(az),
  };
}

/** A donation in cash, goods or services, from a domiciled taxpayer or a donor abroad. */
function donacion(az: Azar, opciones: OpcionesGenerador): CuerpoSolicitud {
  const extranjero = az.si(0.2);
  const nombre = extranjero ? `${az.de(['Fundación', 'Foundation'])} ${az.de(['Esperanza', 'Hope', 'Futuro'])}` : '';
  const donante = extranjero
    ? {
        tipoDocumento: '37',
        numDocumento: `FGN-${az.digitos(8)}`,
        nombre,
        codDomiciliado: 2,
        codPais: az.de(['US', 'ES', 'CA']),
        correo: correo(az, nombre),
      }
    : (({ nit: _nit, ...c }) => c)(elContribuyente(az, opciones));
  const items = Array.from({ length: az.entero(1, 3) }, (_, i) => {
    const tipoDonacion = i === 0 ? az.de([1, 2, 3]) : az.de([2, 3]);
    if (tipoDonacion === 1)
      return { tipoDonacion, cantidad: 1, descripcion: 'Donación en efectivo', valorUnitario: az.monto(50, 5000) };
    if (tipoDonacion === 3)
      return {
        tipoDonacion,
        cantidad: 1,
        descripcion: 'Horas de servicio médico voluntario',
        valorUnitario: az.monto(100, 1500),
      };
    const cantidad = az.entero(1, 20);
    const valorUnitario = az.monto(5, 300);
    return {
      tipoDonacion,
      cantidad,
      descripcion: az.de(['Computadora portátil usada', 'Sacos de arroz de 25 lb', 'Pupitres escolares']),
      valorUnitario,
      uniMedida: 59,
      ...(az.si(0.4) ? { depreciacion: Math.floor(cantidad * valorUnitario * 10) / 100 } : {}),
    };
  });
  const efectivo = items.find((i) => i.tipoDonacion === 1)?.valorUnitario;
  const cobro =
    efectivo === undefined || az.si(0.3)
      ? {}
      : az.si(0.5)
        ? { pago: { codigo: '05', referencia: `TRF-${az.digitos(8)}` } }
        : (() => {
            const centavos = Math.round(efectivo * 100);
            const primero = az.entero(1, centavos - 1);
            return {
              pagos: [
                { codigo: '01', montoPago: primero / 100 },
                { codigo: '04', montoPago: (centavos - primero) / 100, referencia: `CHQ-${az.digitos(6)}` },
              ],
            };
          })();
  return {
    donante,
    items,
    otrosDocumentos: [
      {
        codDocAsociado: 1,
        descDocumento: 'Resolución de calificación',
        detalleDocumento: `Acuerdo DGII ${az.digitos(4)}-${opciones.fecha.slice(0, 4)}`,
      },
      ...(az.si(0.4)
        ? [{ codDocAsociado: 2, descDocumento: 'Carta de donación', detalleDocumento: `Carta ${az.digitos(5)}` }]
        : []),
    ],
    ...cobro,
  };
}

/**
 * The request body of the `indice`-th document (from 0) of a kind in a campaign, as POST /dte/dteXX
 * takes it. Deterministic: it depends on (semilla, tipo, indice) and, for notes, on the CCF it adjusts.
 */
export function generarSolicitud(tipo: TipoCertificable, indice: number, opciones: OpcionesGenerador): CuerpoSolicitud {
  const az = new Azar(opciones.semilla, tipo, indice);
  switch (tipo) {
    case 'FACTURA_CONSUMIDOR_FINAL':
      return factura(az, opciones);
    case 'CREDITO_FISCAL':
      return creditoFiscal(az, opciones);
    case 'NOTA_REMISION':
      return remision(az, opciones);
    case 'NOTA_CREDITO':
      return nota(az, opciones, indice, true);
    case 'NOTA_DEBITO':
      return nota(az, opciones, indice, false);
    case 'COMPROBANTE_RETENCION':
      return retencion(az, opciones);
    case 'COMPROBANTE_LIQUIDACION':
      return liquidacion(az, opciones);
    case 'DOCUMENTO_CONTABLE_LIQUIDACION':
      return documentoContable(az, opciones);
    case 'FACTURA_EXPORTACION':
      return exportacion(az);
    case 'SUJETO_EXCLUIDO':
      return sujetoExcluido(az);
    case 'COMPROBANTE_DONACION':
      return donacion(az, opciones);
  }
}

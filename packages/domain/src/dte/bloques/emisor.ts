import type { EmisorDte } from '../../emisor';
import { direccionEmisor2026, direccionV1 } from './direccion';

/**
 * The emisor block in each schema's shape. All come from the same `EmisorDte`; the schemas differ in
 * which establishment fields they carry and what they call them, and refuse any field they don't list.
 */

function identidad(e: EmisorDte) {
  return { nit: e.nit, nrc: e.nrc, nombre: e.nombre, codActividad: e.codActividad, descActividad: e.descActividad };
}

function contacto(e: EmisorDte) {
  return { direccion: direccionV1(e.direccion), telefono: e.telefono, correo: e.correo };
}

function establecimiento(e: EmisorDte) {
  return {
    codEstableMH: e.codEstableMH,
    codEstable: e.codEstable,
    codPuntoVentaMH: e.codPuntoVentaMH,
    codPuntoVenta: e.codPuntoVenta,
  };
}

/** NC v3 / ND v3: no establishment codes. */
export function emisorNota(e: EmisorDte) {
  return {
    ...identidad(e),
    nombreComercial: e.nombreComercial,
    tipoEstablecimiento: e.tipoEstablecimiento,
    ...contacto(e),
  };
}

/** FE v1, CCF v3 (and the retorno): the establishment and point of sale by MH's and the taxpayer's codes. */
export function emisorConEstablecimiento(e: EmisorDte) {
  return { ...emisorNota(e), ...establecimiento(e) };
}

/** CR v1 names the codes codigoMH/codigo/puntoVentaMH/puntoVenta and wants a telephone of [A-Z0-9] only. */
export function emisorRetencion(e: EmisorDte) {
  return {
    ...emisorNota(e),
    telefono: e.telefono.replace(/[^A-Z0-9]/gi, '').toUpperCase(),
    codigoMH: e.codEstableMH,
    codigo: e.codEstable,
    puntoVentaMH: e.codPuntoVentaMH,
    puntoVenta: e.codPuntoVenta,
  };
}

/** FSE v1: no nombreComercial nor tipoEstablecimiento. */
export function emisorSujetoExcluido(e: EmisorDte) {
  return { ...identidad(e), ...contacto(e), ...establecimiento(e) };
}

/**
 * The 2026 schemas drop tipoEstablecimiento and MH's establishment codes from DTEs (the events keep
 * them) and require the establishment's distrito.
 */
function contacto2026(e: EmisorDte) {
  return { direccion: direccionEmisor2026(e.direccion, e.codEstable), telefono: e.telefono, correo: e.correo };
}

/** NC v4 / ND v4: no establishment codes. */
export function emisorNota2026(e: EmisorDte) {
  return { ...identidad(e), nombreComercial: e.nombreComercial, ...contacto2026(e) };
}

/** FE v2, CCF v4 and CR v2: the establishment and point of sale by the taxpayer's codes. */
export function emisor2026(e: EmisorDte) {
  return { ...emisorNota2026(e), codEstable: e.codEstable, codPuntoVenta: e.codPuntoVenta };
}

/** FSE v2: no nombreComercial. */
export function emisorSujetoExcluido2026(e: EmisorDte) {
  return { ...identidad(e), ...contacto2026(e), codEstable: e.codEstable, codPuntoVenta: e.codPuntoVenta };
}

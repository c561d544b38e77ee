import type { EmisorDte } from '../../emisor';
import { validationError } from '../../errors';
import type { FieldError } from '../../requests/parse';
import type { ReceptorContribuyenteRequest } from '../../requests/dte03';
import type { Dte08Request } from '../../requests/dte08';
import type { Dte09Request } from '../../requests/dte09';
import { direccion2026, direccionV1 } from '../bloques/direccion';
import { emisorRetencion } from '../bloques/emisor';
import { receptorContribuyente, receptorContribuyente2026 } from '../bloques/receptor';

/**
 * What the 2023 schemas require beyond the request's bounds (fe-cl-v1 receptor, fe-dcl-v1 receptor):
 * nombreComercial and the address complement of 5 characters at least. The 2026 ones take 1.
 */
function checkMinimos2023(r: ReceptorContribuyenteRequest, esquema: string): void {
  const errores: FieldError[] = [];
  if (r.nombreComercial && r.nombreComercial.length < 5)
    errores.push({ field: 'receptor.nombreComercial', message: `${esquema} exige al menos 5 caracteres` });
  if (direccionV1(r.direccion).complemento.length < 5)
    errores.push({ field: 'receptor.direccion.complemento', message: `${esquema} exige al menos 5 caracteres` });
  if (errores.length) throw validationError(`El receptor no cumple el esquema ${esquema} de MH`, errores);
}

// ─── Comprobante de Liquidación ───────────────────────────────────────────────────────────────────────

/** fe-cl-v1 `receptor` (the mandante): a CCF v3 receptor, by NIT. */
export function receptorMandanteV1(r: Dte08Request['receptor']) {
  checkMinimos2023(r, 'fe-cl-v1');
  return receptorContribuyente(r);
}

/**
 * fe-cl-v2 `receptor`: the mandante by its identity document (as NC v4), with its domicilio fiscal
 * (CAT-032) and the distrito of its address.
 */
export function receptorMandante2026(r: Dte08Request['receptor']) {
  const { nit: _nit, ...resto } = receptorContribuyente2026(r);
  return { tipoDocumento: r.tipoDocumento, numDocumento: r.numDocumento, codDomiciliado: r.codDomiciliado, ...resto };
}

// ─── Documento Contable de Liquidación ────────────────────────────────────────────────────────────────

/**
 * fe-dcl-v1 takes a telephone of exactly 8 characters of [0-9+;], for emisor and receptor. A number
 * written with El Salvador's country code (503) is written without it, which leaves the 8 digits of the
 * local number; any other is refused, naming `campo`.
 */
export function telefonoDclV1(telefono: string, campo: string): string {
  const digitos = telefono.replace(/[^0-9]/g, '');
  const local = digitos.length === 11 && digitos.startsWith('503') ? digitos.slice(3) : digitos;
  if (/^[0-9]{8}$/.test(local)) return local;
  throw validationError('El Documento Contable de Liquidación v1 admite un teléfono de 8 dígitos', [
    { field: campo, message: `fe-dcl-v1 exige 8 dígitos; "${telefono}" no lo es ni sin el código de país 503` },
  ]);
}

/**
 * fe-dcl-v1 `emisor` (the agente perceptor): CR v1's establishment codes (codigoMH, codigo, puntoVentaMH)
 * except that the taxpayer's point of sale is `puntoVentaContri`, and an 8-digit telephone.
 */
export function emisorDocumentoContableV1(e: EmisorDte) {
  const { puntoVenta, ...resto } = emisorRetencion(e);
  return {
    ...resto,
    telefono: telefonoDclV1(e.telefono, 'emisor.telefono'),
    puntoVentaContri: puntoVenta,
  };
}

type Afiliado = Dte09Request['receptor'];

function afiliado(r: Afiliado) {
  return {
    nit: r.nit,
    nrc: r.nrc,
    nombre: r.nombre,
    codActividad: r.codActividad,
    descActividad: r.descActividad,
    nombreComercial: r.nombreComercial ?? null,
    tipoEstablecimiento: r.tipoEstablecimiento,
  };
}

/** fe-dcl-v1 `receptor` (the afiliado), with MH's codes of its establishment and point of sale. */
export function receptorAfiliadoV1(r: Afiliado) {
  checkMinimos2023(r, 'fe-dcl-v1');
  return {
    ...afiliado(r),
    direccion: direccionV1(r.direccion),
    telefono: r.telefono ? telefonoDclV1(r.telefono, 'receptor.telefono') : null,
    correo: r.correo,
    codigoMH: r.codigoMH ?? null,
    puntoVentaMH: r.puntoVentaMH ?? null,
  };
}

/** fe-dcl-v2 `receptor`: v1's without MH's codes, its address with the distrito. */
export function receptorAfiliado2026(r: Afiliado) {
  return {
    ...afiliado(r),
    direccion: direccion2026(r.direccion, 'receptor.direccion'),
    telefono: r.telefono ?? null,
    correo: r.correo,
  };
}

/** MH's DCL `extension`: who generates the liquidation. */
export function extensionDocumentoContable(request: Dte09Request) {
  const { nombEntrega, docuEntrega, codEmpleado } = request.extension;
  return { nombEntrega, docuEntrega, codEmpleado: codEmpleado ?? null };
}

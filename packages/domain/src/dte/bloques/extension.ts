/**
 * `extension` is where FE, CCF, NC, ND and CR print the request's observaciones; the delivery and
 * reception names are not collected by the API. Without observaciones the section is null.
 * FE and CCF also have placaVehiculo.
 */
export function extension(observaciones: string | null | undefined) {
  if (!observaciones) return null;
  return { nombEntrega: null, docuEntrega: null, nombRecibe: null, docuRecibe: null, observaciones };
}

export function extensionConPlaca(observaciones: string | null | undefined) {
  const base = extension(observaciones);
  return base && { ...base, placaVehiculo: null };
}

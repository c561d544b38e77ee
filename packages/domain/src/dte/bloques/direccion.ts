import type { Direccion } from '../../emisor';

export interface DireccionV1 {
  departamento: string;
  municipio: string;
  complemento: string;
}

/**
 * v1/v3 schemas have no `distrito`: MH's CAT-013 §13.1 says the distrito (the pre-2024 municipio)
 * goes inside `complemento`.
 */
export function direccionV1(d: Direccion): DireccionV1 {
  const complemento = d.distrito ? `Distrito ${d.distrito}, ${d.complemento}` : d.complemento;
  return { departamento: d.departamento, municipio: d.municipio, complemento };
}

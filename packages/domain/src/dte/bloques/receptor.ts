import type { ReceptorContribuyenteRequest } from '../../requests/dte03';
import { direccion2026, direccionV1 } from './direccion';

/**
 * The receptor of CCF v3, NC v3 and ND v3: an IVA taxpayer identified by NIT and NRC. The request's
 * tipoDocumento/numDocumento are not part of these schemas.
 */
export function receptorContribuyente(r: ReceptorContribuyenteRequest) {
  return {
    nit: r.nit,
    nrc: r.nrc,
    nombre: r.nombre,
    codActividad: r.codActividad,
    descActividad: r.descActividad,
    nombreComercial: r.nombreComercial ?? null,
    direccion: direccionV1(r.direccion),
    telefono: r.telefono ?? null,
    correo: r.correo,
  };
}
export type ReceptorContribuyente = ReturnType<typeof receptorContribuyente>;

/** The CCF v4 receptor: v3's, with the distrito its address now requires. */
export function receptorContribuyente2026(r: ReceptorContribuyenteRequest) {
  return { ...receptorContribuyente(r), direccion: direccion2026(r.direccion, 'receptor.direccion') };
}

/** The NC v4 / ND v4 receptor: the taxpayer by its identity document (a CCF's by NIT), not by NIT alone. */
export function receptorNota2026(r: ReceptorContribuyenteRequest) {
  const { nit: _nit, ...resto } = receptorContribuyente2026(r);
  return { tipoDocumento: r.tipoDocumento, numDocumento: r.numDocumento, ...resto };
}

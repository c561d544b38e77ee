import type { ReceptorContribuyenteRequest } from '../../requests/dte03';
import { direccionV1 } from './direccion';

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

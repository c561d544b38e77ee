import type { EmisorDte } from '../../emisor';
import type { DonanteRequest } from '../../requests/dte15';
import { direccion2026, direccionV1 } from '../bloques/direccion';
import { emisor2026, emisorConEstablecimiento } from '../bloques/emisor';
import { codPaisV1 } from '../bloques/pais';

/**
 * The donatario (the entity that receives the donation and issues the receipt) is identified by a
 * document, not by `nit` as other emisores: fe-cd-v1 admits only tipoDocumento "36" (NIT) with 9 to 14
 * characters, and the service holds the emisor's NIT, so it is always its NIT (CAT-022 "36").
 */
const NIT = '36';

/** fe-cd-v1 `donatario`: FE v1's emisor (establishment type and MH's codes) by its NIT as a document. */
export function donatarioV1(e: EmisorDte) {
  const { nit, ...resto } = emisorConEstablecimiento(e);
  return { tipoDocumento: NIT, numDocumento: nit, ...resto };
}

/** fe-cd-v2 `emisor`: the 2026 emisor (taxpayer's codes only, distrito required), by its NIT as a document. */
export function emisorDonacion2026(e: EmisorDte) {
  const { nit, ...resto } = emisor2026(e);
  return { tipoDocumento: NIT, numDocumento: nit, ...resto };
}

function donante(d: DonanteRequest) {
  return {
    tipoDocumento: d.tipoDocumento,
    numDocumento: d.numDocumento,
    nrc: d.nrc ?? null,
    nombre: d.nombre,
    codActividad: d.codActividad ?? null,
    descActividad: d.descActividad ?? null,
  };
}

/**
 * fe-cd-v1 `donante`: a domiciled donante has an address (pre-2024 distrito inside complemento), one not
 * domiciled none; its country by the numeric CAT-020 codes fe-cd-v1 shares with fe-fex-v1.
 */
export function donanteV1(d: DonanteRequest) {
  return {
    ...donante(d),
    direccion: d.direccion ? direccionV1(d.direccion) : null,
    telefono: d.telefono ?? null,
    correo: d.correo ?? null,
    codDomiciliado: d.codDomiciliado,
    codPais: codPaisV1(d.codPais),
  };
}

/** fe-cd-v2 `receptor`: v1's donante, its address with the distrito the 2026 schemas require. */
export function receptorDonacion2026(d: DonanteRequest) {
  return {
    ...donante(d),
    direccion: d.direccion ? direccion2026(d.direccion, 'donante.direccion') : null,
    telefono: d.telefono ?? null,
    correo: d.correo ?? null,
    codDomiciliado: d.codDomiciliado,
    codPais: d.codPais,
  };
}

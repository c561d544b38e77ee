import type { EmisorDte } from '../../emisor';
import { validationError } from '../../errors';
import type { DonanteRequest } from '../../requests/dte15';
import { direccion2026, direccionV1 } from '../bloques/direccion';
import { emisor2026, emisorConEstablecimiento } from '../bloques/emisor';

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

/**
 * fe-cd-v1 enumerates the country codes of CAT-020 v1.0, numeric (El Salvador "9300"); catalog v1.1
 * replaced all 249 with ISO alpha-2, which the request takes and fe-cd-v2 carries. MH publishes no table
 * between the two editions (the v1.0 catalog is not among the documents kept), so a 2023 document can
 * only name El Salvador; another country needs the 2026 schema.
 */
const PAIS_CAT020_V10: Readonly<Record<string, string>> = { SV: '9300' };

function codPaisV1(codPais: string): string {
  const codigo = PAIS_CAT020_V10[codPais];
  if (!codigo)
    throw validationError('El Comprobante de Donación v1 solo admite El Salvador como país del donante', [
      {
        field: 'donante.codPais',
        message:
          `fe-cd-v1 enumera los códigos numéricos del CAT-020 anterior a la v1.1 y el servicio no tiene el de ${codPais}; ` +
          'un donante de otro país requiere la Normativa DTE 2.0 (fe-cd-v2)',
      },
    ]);
  return codigo;
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

/** fe-cd-v1 `donante`: a domiciled donante has an address (pre-2024 distrito inside complemento), one not domiciled none. */
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

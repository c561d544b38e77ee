import type { Direccion } from '../../emisor';
import { DteError, ErrorCode, validationError } from '../../errors';
import { isDistritoOfMunicipio, isMunicipioAnterior2024, municipioDelDistrito } from '../../mh/catalogs';

export interface DireccionV1 {
  departamento: string;
  municipio: string;
  complemento: string;
}

export interface Direccion2026 extends DireccionV1 {
  distrito: string;
}

/**
 * v1/v3 schemas have no `distrito`: MH's CAT-013 §13.1 says the distrito (the pre-2024 municipio)
 * goes inside `complemento`, which this service writes as "Distrito NN, …" (read back by `direccionDeV1`).
 */
export function direccionV1(d: Direccion): DireccionV1 {
  const complemento = d.distrito ? `${PREFIJO_DISTRITO}${d.distrito}, ${d.complemento}` : d.complemento;
  return { departamento: d.departamento, municipio: d.municipio, complemento };
}

const PREFIJO_DISTRITO = 'Distrito ';
const DISTRITO_EN_COMPLEMENTO = /^Distrito (\d{2}), (.+)$/s;

/** An address of a 2023 document this service built, with its distrito taken back out of `complemento`. */
export function direccionDeV1(d: DireccionV1 & { distrito?: string | null }): Direccion {
  if (d.distrito) return { ...d, distrito: d.distrito };
  const match = DISTRITO_EN_COMPLEMENTO.exec(d.complemento);
  return match
    ? { departamento: d.departamento, municipio: d.municipio, distrito: match[1]!, complemento: match[2]! }
    : { ...d, distrito: null };
}

/**
 * A counterpart's address in a 2026 document, which must carry its distrito (CAT-008): `campo` is the
 * request field that lacks it, e.g. `receptor.direccion`.
 */
export function direccion2026(d: Direccion, campo: string): Direccion2026 {
  if (isMunicipioAnterior2024(d.departamento, d.municipio)) {
    const suyo = municipioDelDistrito(d.departamento, d.municipio)!;
    throw validationError('La Normativa DTE 2.0 usa los municipios de la reforma de 2024', [
      {
        field: `${campo}.municipio`,
        message:
          `${d.municipio} es un municipio anterior a 2024: en los documentos de 2026 va como distrito (CAT-008), ` +
          `con el municipio de 2024 que lo contiene (CAT-013: ${suyo.codigo}, ${suyo.nombre})`,
      },
    ]);
  }
  if (!d.distrito)
    throw validationError('La Normativa DTE 2.0 exige el distrito de la dirección', [
      { field: `${campo}.distrito`, message: 'Requerido en los documentos de 2026 (CAT-008)' },
    ]);
  return { departamento: d.departamento, municipio: d.municipio, distrito: d.distrito, complemento: d.complemento };
}

/**
 * The issuing establishment's address in a 2026 document: without a distrito, or with one outside its
 * municipio (set before the admin CLI checked it), it is the tenant's set-up that is incomplete.
 */
export function direccionEmisor2026(d: Direccion, codEstable: string | null): Direccion2026 {
  if (!d.distrito)
    throw new DteError(
      ErrorCode.EMISOR_DISTRITO_MISSING,
      409,
      `El establecimiento ${codEstable ?? ''} del emisor no tiene distrito (CAT-008), que la Normativa DTE 2.0 exige; ` +
        'un administrador debe registrarlo (npm run admin -- establecimiento distrito)',
      { codEstable },
    );
  if (!isDistritoOfMunicipio(d.departamento, d.municipio, d.distrito))
    throw new DteError(
      ErrorCode.EMISOR_DISTRITO_MISSING,
      409,
      `El distrito ${d.distrito} del establecimiento ${codEstable ?? ''} no está en su municipio ${d.municipio} ` +
        `(departamento ${d.departamento}), como la Normativa DTE 2.0 exige; un administrador debe corregirlo ` +
        '(npm run admin -- establecimiento distrito)',
      { codEstable, departamento: d.departamento, municipio: d.municipio, distrito: d.distrito },
    );
  return { departamento: d.departamento, municipio: d.municipio, distrito: d.distrito, complemento: d.complemento };
}

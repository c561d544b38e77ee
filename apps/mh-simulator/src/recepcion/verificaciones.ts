import { validateMhSchema, verifyDteJws, type MhSchemaName } from '@dte/domain';
import { hallazgo, type Hallazgo } from '../respuesta';
import type { Emisor } from '../store';
import { esUltimoDiaDelPeriodo, instanteLocal } from '../tiempo';

/** Checks every MH service applies to a signed document, DTE or event, before its own rules. */

type Json = Record<string, unknown>;
type Abierto = { documento: Json; hallazgos?: undefined } | { documento?: undefined; hallazgos: Hallazgo[] };

/**
 * MH verifies the signature first, with the public key of the certificate the emisor loaded
 * (Manual Técnico §3); anything but RS512 over that key is "802 No valido".
 */
export function abrirFirmado(jws: string, emisor: Emisor): Abierto {
  const { valid, alg, payload } = verifyDteJws(jws, Buffer.from(emisor.publicKey, 'base64'));
  if (!valid) {
    const motivo =
      alg && alg !== 'RS512'
        ? `ALGORITMO ${alg} NO PERMITIDO, SE REQUIERE RS512`
        : 'FIRMA NO CORRESPONDE AL CERTIFICADO DEL EMISOR';
    return { hallazgos: [hallazgo('802', 'firma', `[firma] ${motivo}`)] };
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    return { hallazgos: [hallazgo('098', 'documento', 'DATOS NO CUMPLEN ESTANDAR JSON')] };
  }
  return { documento: payload as Json };
}

/** A JSON object, or an empty one: a payload's blocks are read before its schema is checked. */
export function objeto(valor: unknown): Json {
  return valor !== null && typeof valor === 'object' && !Array.isArray(valor) ? (valor as Json) : {};
}

/** A DTE names its type in `tipoDte`; an event MH receives as a DTE (the Retorno, 18) in `tipoEvento`. */
export function campoTipo(identificacion: Json): 'tipoDte' | 'tipoEvento' {
  return identificacion.tipoDte === undefined && identificacion.tipoEvento !== undefined ? 'tipoEvento' : 'tipoDte';
}

/** 096 with one observación per violation, naming its field path as MH does. */
export function verificarEsquema(esquema: MhSchemaName | undefined, documento: Json, sinEsquema: string): Hallazgo[] {
  if (!esquema) return [hallazgo('096', 'identificacion.version', sinEsquema)];
  return validateMhSchema(esquema, documento).map((v) =>
    hallazgo('096', v.path, `Campo ${v.path} no cumple el formato requerido (${v.message})`),
  );
}

/**
 * The emisor of the document must be the taxpayer who authenticated. The Comprobante de Donación names its
 * issuer (the donatario; `emisor` from v2) by a document of type 36, its NIT, instead of a `nit` field.
 */
export function emisorEsUsuario(emisor: Emisor, documento: Json): Hallazgo[] {
  const donatario = documento.donatario as Json | undefined;
  const seccion = donatario ? 'donatario' : 'emisor';
  const parte = (donatario ?? documento.emisor) as Json | undefined;
  if (parte?.nit === undefined && parte?.tipoDocumento === '36')
    return parte.numDocumento === emisor.nit ? [] : [hallazgo('008', `${seccion}.numDocumento`)];
  return parte?.nit === emisor.nit ? [] : [hallazgo('008', 'emisor.nit')];
}

const TOLERANCIA_MS = 24 * 3600 * 1000;
const TOLERANCIA_FIN_DE_PERIODO_MS = 30 * 60 * 1000;

/**
 * Manual Técnico §3.1: a document may be dated up to one day after MH's clock, except on the last day
 * of the tax period (the month), where only 30 minutes ahead are allowed.
 */
export function dentroDeHolguraDeFecha(fecha: string, hora: string, ahora: Date): boolean {
  const tolerancia = esUltimoDiaDelPeriodo(ahora) ? TOLERANCIA_FIN_DE_PERIODO_MS : TOLERANCIA_MS;
  return instanteLocal(fecha, hora).getTime() <= ahora.getTime() + tolerancia;
}

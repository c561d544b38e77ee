import { decodeDteJws } from '../firma/jws';
import type { MotivoCompra } from './motivos';

/** What an Archivo DTE adds to the document it carries ([MF] §XXIII): the supplier's JWS and MH's sello. */
export const AGREGADOS_DEL_ARCHIVO = ['firmaElectronica', 'selloRecibido'] as const;

/** The document an Archivo DTE carries: the JSON without what the Archivo adds. */
export function documentoDelArchivo(archivo: Record<string, unknown>): Record<string, unknown> {
  const documento = { ...archivo };
  for (const campo of AGREGADOS_DEL_ARCHIVO) delete documento[campo];
  return documento;
}

/** The paths at which two JSON values differ (at most `max`). */
function diferencias(a: unknown, b: unknown, ruta: string, out: string[], max: number): void {
  if (out.length >= max) return;
  if (a === b) return;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const claves = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of claves)
      diferencias(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        Array.isArray(a) ? `${ruta}[${k}]` : ruta ? `${ruta}.${k}` : k,
        out,
        max,
      );
    return;
  }
  out.push(ruta || '(documento)');
}

/** The Archivo carries its supplier's JWS (whether it is the JSON's is `difiereDeLoFirmado`'s to say). */
export const estaFirmado = (archivo: Record<string, unknown>) =>
  typeof archivo.firmaElectronica === 'string' && archivo.firmaElectronica !== '';

/**
 * The document must be the one its supplier signed: the JWS in `firmaElectronica` carries it as its
 * payload (MH keeps and seals that one), so a figure changed in the JSON after signing shows here even
 * when the totals were changed to match. The signature itself is checked by MH, which holds the
 * supplier's certificate. An Archivo without `firmaElectronica` has nothing to differ from, and nothing
 * binding its body to MH's sello either: it is never VERIFICADO (`conclusionDeCompra`).
 */
export function difiereDeLoFirmado(archivo: Record<string, unknown>): MotivoCompra[] {
  if (!estaFirmado(archivo)) return [];
  const jws = archivo.firmaElectronica as string;
  const firmado = decodeDteJws(jws);
  if (!firmado)
    return [
      { codigo: 'FIRMA_ILEGIBLE', campo: 'firmaElectronica', mensaje: 'La firma electrónica no es un JWS legible' },
    ];
  const rutas: string[] = [];
  diferencias(documentoDelArchivo(archivo), firmado.payload, '', rutas, 10);
  return rutas.map((campo) => ({
    codigo: 'DIFIERE_DE_LO_FIRMADO',
    campo,
    mensaje: `${campo} no es lo que el proveedor firmó (firmaElectronica)`,
  }));
}

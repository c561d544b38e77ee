import type { IdentificacionReceptor } from '../dte/document-kinds';
import type { MotivoCompra } from './motivos';
import { COMPRA_POR_TIPO } from './tipos';

/**
 * The kinds an emisor receives from its suppliers, and how each names its receptor (MH's schemas, both
 * generations; the kind registry's `compra.receptor`): the CCF by `receptor.nit`, its notes by `nit` in 2023
 * and by `tipoDocumento` + `numDocumento` in 2026; the Factura, the Nota de Remisión, the Comprobante de
 * Retención and the Comprobante de Liquidación (2026) by `tipoDocumento` + `numDocumento`, the DCL by `nit`.
 * Not here (NO_SE_RECIBE): the Factura de Exportación, the Factura de Sujeto Excluido, the Comprobante de
 * Donación and the Evento de Retorno.
 */
export const RECEPTOR_DE_COMPRA: Readonly<Record<string, (version: number) => IdentificacionReceptor>> =
  Object.fromEntries([...COMPRA_POR_TIPO].map(([tipoDte, compra]) => [tipoDte, compra.receptor]));

/**
 * CAT-022 documents that identify a taxpayer by its NIT: 36 (NIT) and 13 (DUI, which is the NIT of a
 * natural person since 2021, Decreto Legislativo 143).
 */
const DOCUMENTOS_NIT = new Set(['36', '13']);

const digitos = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : '');

/** Why the document's receptor is not this emisor (none: it is). */
export function receptorNoEsElEmisor(
  tipoDte: string,
  version: number,
  dte: { receptor?: unknown },
  emisor: { nit: string; nrc: string },
): MotivoCompra[] {
  const forma = RECEPTOR_DE_COMPRA[tipoDte]?.(version);
  const receptor = dte.receptor as Record<string, unknown> | null | undefined;
  if (!forma || !receptor || typeof receptor !== 'object')
    return [{ codigo: 'RECEPTOR_AUSENTE', campo: 'receptor', mensaje: 'El documento no identifica a su receptor' }];
  const motivos: MotivoCompra[] = [];
  if (forma === 'nit') {
    if (digitos(receptor.nit) !== digitos(emisor.nit))
      motivos.push({
        codigo: 'RECEPTOR_NIT',
        campo: 'receptor.nit',
        mensaje: `El receptor ${String(receptor.nit)} no es el NIT del emisor`,
      });
  } else if (
    !DOCUMENTOS_NIT.has(String(receptor.tipoDocumento)) ||
    digitos(receptor.numDocumento) !== digitos(emisor.nit)
  ) {
    motivos.push({
      codigo: 'RECEPTOR_NIT',
      campo: 'receptor.numDocumento',
      mensaje: `El receptor (${String(receptor.tipoDocumento)}) ${String(receptor.numDocumento)} no es el NIT del emisor`,
    });
  }
  // Where the document names an NRC it must be the emisor's; a Factura may omit it.
  if (receptor.nrc != null && digitos(receptor.nrc) !== digitos(emisor.nrc))
    motivos.push({
      codigo: 'RECEPTOR_NRC',
      campo: 'receptor.nrc',
      mensaje: `El NRC ${String(receptor.nrc)} no es el del emisor`,
    });
  return motivos;
}

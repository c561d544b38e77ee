import type { MotivoCompra } from './motivos';

/** Where a kind of document names its receptor: `nit` (CCF family until 2026) or `tipoDocumento`/`numDocumento`. */
type IdentificacionReceptor = 'nit' | 'documento';

/**
 * The kinds an emisor receives from its suppliers, and how each names its receptor (MH's schemas, both
 * generations): the CCF by `receptor.nit`, its notes by `nit` in 2023 and by `tipoDocumento` +
 * `numDocumento` in 2026; the Factura, the Nota de Remisión, the Comprobante de Retención and the
 * Comprobante de Liquidación (2026) by `tipoDocumento` + `numDocumento`, the DCL by `nit`. Not here: the
 * Factura de Exportación (its receptor is abroad), the Factura de Sujeto Excluido (issued by the buyer
 * itself: its purchases are its own FSEs) and the Comprobante de Donación (a donation, not a purchase).
 */
export const RECEPTOR_DE_COMPRA: Readonly<Record<string, (version: number) => IdentificacionReceptor>> = {
  '01': () => 'documento',
  '03': () => 'nit',
  '04': () => 'documento',
  '05': (v) => (v >= 4 ? 'documento' : 'nit'),
  '06': (v) => (v >= 4 ? 'documento' : 'nit'),
  '07': () => 'documento',
  '08': (v) => (v >= 2 ? 'documento' : 'nit'),
  '09': () => 'nit',
};

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

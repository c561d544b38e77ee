import { GLOBAL } from '../control/estado';
import { hallazgo, type Hallazgo } from '../respuesta';
import type { Store } from '../store';

type Json = Record<string, unknown>;

interface ReceptorContribuyente {
  nit: string;
  nrc: string | null;
  /** CCF/NC/ND are for IVA taxpayers only. */
  iva: boolean;
  /** The field that names the taxpayer, for MH's observación. */
  campoNit: string;
}

/**
 * Which receptor fields name a registered taxpayer, per tipoDte (FSE's sujeto excluido is by definition
 * not one). CCF and the v3 notes name it by `nit`; NC/ND v4, FE, NR and CR by a document of type 36 (NIT).
 */
function receptorContribuyente(tipoDte: string, dte: Json): ReceptorContribuyente | undefined {
  const receptor = dte.receptor as Json | null | undefined;
  if (!receptor) return undefined;
  const iva = tipoDte === '03' || tipoDte === '05' || tipoDte === '06';
  if (iva && typeof receptor.nit === 'string') {
    return { nit: receptor.nit, nrc: receptor.nrc as string | null, iva, campoNit: 'receptor.nit' };
  }
  // FE, NR and CR name a taxpayer only when the receptor is given an NRC.
  const nrc = typeof receptor.nrc === 'string' ? receptor.nrc : null;
  if (receptor.tipoDocumento === '36' && (iva || (['01', '04', '07'].includes(tipoDte) && nrc !== null))) {
    return { nit: String(receptor.numDocumento), nrc, iva, campoNit: 'receptor.numDocumento' };
  }
  return undefined;
}

/**
 * MH checks the receptor against its registry of taxpayers. The simulator only does so once the
 * registry has entries visible to the emisor (POST /__sim/contribuyentes), so tests that do not care
 * need not register anyone.
 */
export async function verificarContribuyentes(
  store: Store,
  nitEmisor: string,
  tipoDte: string,
  dte: Json,
): Promise<Hallazgo[]> {
  const receptor = receptorContribuyente(tipoDte, dte);
  const scopes = [GLOBAL, nitEmisor];
  if (!receptor || !(await store.contribuyentes.hayEn(scopes))) return [];
  // An entry registered for this emisor wins over the global one.
  const registros = await store.contribuyentes.deNit(scopes, receptor.nit);
  const registro = registros.find((r) => r.scope === nitEmisor) ?? registros[0];
  if (!registro) return [hallazgo('009', receptor.campoNit)];
  const hallazgos: Hallazgo[] = [];
  if (!registro.activo) hallazgos.push(hallazgo('010', receptor.campoNit));
  if (receptor.iva && !registro.contribuyenteIva) hallazgos.push(hallazgo('011', receptor.campoNit));
  if (receptor.nrc !== null && registro.nrc !== receptor.nrc) hallazgos.push(hallazgo('008', 'receptor.nrc'));
  return hallazgos;
}

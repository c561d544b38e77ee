import { GLOBAL } from '../control/estado';
import { hallazgo, type Hallazgo } from '../respuesta';
import type { Store } from '../store';

type Json = Record<string, unknown>;

/** Which receptor fields name a registered taxpayer, per tipoDte (FSE's sujeto excluido is by definition not one). */
function receptorContribuyente(
  tipoDte: string,
  dte: Json,
): { nit: string; nrc: string | null; iva: boolean } | undefined {
  const receptor = dte.receptor as Json | null | undefined;
  if (!receptor) return undefined;
  if (tipoDte === '03' || tipoDte === '05' || tipoDte === '06') {
    return { nit: String(receptor.nit), nrc: receptor.nrc as string, iva: true };
  }
  // FE and CR name a taxpayer only when the receptor is identified by NIT and given an NRC.
  if ((tipoDte === '01' || tipoDte === '07') && receptor.tipoDocumento === '36' && typeof receptor.nrc === 'string') {
    return { nit: String(receptor.numDocumento), nrc: receptor.nrc, iva: false };
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
  const scope = { $in: [GLOBAL, nitEmisor] };
  if (!receptor || !(await store.contribuyentes.exists({ scope }))) return [];
  const campoNit = tipoDte === '01' || tipoDte === '07' ? 'receptor.numDocumento' : 'receptor.nit';
  // An entry registered for this emisor wins over the global one.
  const registros = await store.contribuyentes.find({ scope, nit: receptor.nit }).lean();
  const registro = registros.find((r) => r.scope === nitEmisor) ?? registros[0];
  if (!registro) return [hallazgo('009', campoNit)];
  const hallazgos: Hallazgo[] = [];
  if (!registro.activo) hallazgos.push(hallazgo('010', campoNit));
  if (receptor.iva && !registro.contribuyenteIva) hallazgos.push(hallazgo('011', campoNit));
  if (receptor.nrc !== null && registro.nrc !== receptor.nrc) hallazgos.push(hallazgo('008', 'receptor.nrc'));
  return hallazgos;
}

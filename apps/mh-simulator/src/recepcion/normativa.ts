import { esquemaEn, generacionDe, mhSchemaFiles } from '@dte/domain';
import type { Controles } from '../control/estado';
import { hallazgo, type Hallazgo } from '../respuesta';
import { instanteLocal } from '../tiempo';

type Json = Record<string, unknown>;

/** MH's descripcionMsg for a document whose schema generation is no longer in force (096, section 98). */
export const NORMATIVA_NO_VIGENTE = 'DOCUMENTO NO CUMPLE CON NORMATIVA DE CUMPLIMIENTO';

/** Where each schema writes the instant it was emitted: DTEs, the invalidation v2, the contingency v3. */
const EMISION = [
  ['fecEmi', 'horEmi'],
  ['fecAnula', 'horAnula'],
  ['fTransmision', 'hTransmision'],
] as const;

function emitidoEn(identificacion: Json): Date | undefined {
  const campos = EMISION.find(
    ([f, h]) => typeof identificacion[f] === 'string' && typeof identificacion[h] === 'string',
  );
  return campos && instanteLocal(String(identificacion[campos[0]]), String(identificacion[campos[1]]));
}

const EVENTOS: Record<string, string> = {
  invalidacion: 'DEL EVENTO DE INVALIDACION',
  contingencia: 'DEL EVENTO DE CONTINGENCIA',
};

/**
 * Once MH stops taking the 2023 schemas (POST /__sim/normativa), a schema-valid document or event of that
 * generation emitted at or after the instant is refused; one emitted before it (issued in contingency and
 * sent later in a lote) is still taken. `de` is the DTE type or the event, as `generacionDe` names it.
 */
export async function normativaVigente(
  controles: Controles,
  nit: string,
  de: string,
  version: number,
  identificacion: Json,
): Promise<Hallazgo[]> {
  if (generacionDe(de, version) !== '2023') return [];
  const { rechazar2023Desde } = await controles.para(nit);
  const emitido = emitidoEn(identificacion);
  if (!rechazar2023Desde || !emitido || emitido < rechazar2023Desde) return [];
  // Every type of the 2023 set has its 2026 file.
  const requerida = mhSchemaFiles[esquemaEn(de, '2026')!].version;
  const documento = EVENTOS[de] ?? `DEL DTE ${de}`;
  const texto = `[identificacion.version] VERSION ${version} ${documento} NO VIGENTE; SE REQUIERE VERSION ${requerida}`;
  return [hallazgo('096', 'identificacion.version', texto)];
}

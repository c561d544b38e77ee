import type { Store } from '../store';

/**
 * MH's test environment ("00") is where a taxpayer passes the minimum accepted transmissions before MH
 * authorises it as an emisor (Manual Funcional v1.2 §X: so many documents per type, five invalidation and
 * five contingency events). Only what MH sealed counts, and once: a document is registered once per
 * codigoGeneracion (a resend is refused with 004), whether it came alone or in a lote, and stays counted
 * once invalidated, as it was accepted.
 */
const AMBIENTE_PRUEBAS = '00';

function contar<T>(filas: T[], clave: (fila: T) => string | number): Record<string, number> {
  const conteo: Record<string, number> = {};
  for (const fila of filas) {
    const valor = String(clave(fila));
    conteo[valor] = (conteo[valor] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(conteo).sort(([a], [b]) => a.localeCompare(b)));
}

/** What an emisor got accepted in the test environment: documents by tipoDte, events by their CAT-024/CAT-005 type. */
export async function conteoCertificacion(store: Store, nit: string) {
  const [documentos, invalidaciones, contingencias] = await Promise.all([
    store.documentos.delAmbiente(nit, AMBIENTE_PRUEBAS),
    store.invalidaciones.delAmbiente(nit, AMBIENTE_PRUEBAS),
    store.contingencias.delAmbiente(nit, AMBIENTE_PRUEBAS),
  ]);
  return {
    nit,
    ambiente: AMBIENTE_PRUEBAS,
    documentos: contar(documentos, (d) => d.tipoDte),
    invalidaciones: contar(invalidaciones, (i) => i.tipoAnulacion),
    contingencias: contar(contingencias, (c) => c.tipoContingencia),
  };
}

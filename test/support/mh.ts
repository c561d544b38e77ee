import { eventually } from './eventually';
import { stack } from './stack';

/** What MH (the simulator) holds of a document: each reception's answer and the registration it sealed. */
export async function enMh(codigoGeneracion: string) {
  const res = await fetch(`${stack().mhSimulator}/__sim/documentos?codigoGeneracion=${codigoGeneracion}`);
  const { data } = (await res.json()) as {
    data: {
      respuestas: { estado: string }[];
      registrado: { estado: string; selloRecibido: string; firmaSha256: string } | null;
    }[];
  };
  return data[0];
}

/** What MH's portal counts towards the emisor's certification, as the simulator answers it. */
export async function conteoCertificacion(nit: string) {
  const res = await fetch(`${stack().mhSimulator}/__sim/certificacion/${nit}`);
  return ((await res.json()) as { data: Record<string, Record<string, number>> }).data;
}

/** Every codigoGeneracion of the emisor MH saw (documents and events), each reception with its service and time. */
export async function recepcionesDe(nit: string) {
  const res = await fetch(`${stack().mhSimulator}/__sim/documentos?emisor=${nit}`);
  const { data } = (await res.json()) as {
    data: { codigoGeneracion: string; respuestas: { servicio: string; estado: string; en: string }[] }[];
  };
  return data;
}

/** The paths of the emisor's requests MH (the simulator, outage "hold") keeps waiting now. */
export async function retenidasEnMh(nit: string): Promise<string[]> {
  const res = await fetch(`${stack().mhSimulator}/__sim/held?emisor=${nit}`);
  return ((await res.json()) as { data: string[] }).data;
}

/**
 * Waits until MH keeps a request of the emisor waiting (`ruta`, or any), and answers the paths it keeps:
 * the request is at MH, and MH answers it only when the test sets another outage mode.
 */
export function retenidaEnMh(nit: string, ruta?: string): Promise<string[]> {
  return eventually(`MH to hold ${ruta ?? 'a request'} of ${nit}`, async () => {
    const retenidas = await retenidasEnMh(nit);
    return (ruta ? retenidas.includes(ruta) : retenidas.length > 0) && retenidas;
  });
}

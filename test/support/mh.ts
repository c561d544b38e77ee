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

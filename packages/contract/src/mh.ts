/** MH's answer to a reception, consult or invalidation (Manual Técnico §4), as it crosses workflows and records. */
export interface RespuestaMh {
  version: number;
  ambiente: string;
  versionApp: number;
  estado: string;
  codigoGeneracion: string;
  selloRecibido: string | null;
  fhProcesamiento: string;
  clasificaMsg: string;
  codigoMsg: string;
  descripcionMsg: string;
  observaciones: string[];
}

/** What sending a document under MH's policy came to: MH's verdict, or no answer at all. */
export type TransmitOutcome =
  { result: 'PROCESADO' | 'RECHAZADO'; respuesta: RespuestaMh } | { result: 'UNREACHABLE'; reason: string };

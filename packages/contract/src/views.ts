/** `respuestaMh` of a record, as the spec shows it (the anulación's result carries it too). */
export interface RespuestaMhView {
  estado: 'PROCESSED' | 'RECHAZADO';
  version: number;
  ambiente: string;
  codigoMsg: string;
  versionApp: number;
  clasificaMsg: string;
  observaciones: string[];
  selloRecibido: string | null;
  descripcionMsg: string;
  fhProcesamiento: string;
  codigoGeneracion: string;
}

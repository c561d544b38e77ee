/** Ambiente codes of CAT-001 and the names the API shows for them. */
export type AmbienteCode = '00' | '01';
export const ambienteName: Record<AmbienteCode, 'TEST' | 'PROD'> = { '00': 'TEST', '01': 'PROD' };

export interface Direccion {
  departamento: string;
  municipio: string;
  /** 2024 distrito (the old municipio); v1/v3 schemas carry it inside `complemento`. */
  distrito?: string | null;
  complemento: string;
}

/**
 * The emisor block as a DTE needs it: the taxpayer merged with the establishment and the point of sale
 * that issue the document (MH's codEstableMH/codEstable/codPuntoVentaMH/codPuntoVenta).
 */
export interface EmisorDte {
  nit: string;
  nrc: string;
  nombre: string;
  nombreComercial: string | null;
  codActividad: string;
  descActividad: string;
  tipoEstablecimiento: string;
  direccion: Direccion;
  telefono: string;
  correo: string;
  codEstableMH: string | null;
  codEstable: string | null;
  codPuntoVentaMH: string | null;
  codPuntoVenta: string | null;
}

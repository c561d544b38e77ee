/** Custom search attributes registered by the stack so operators can query stuck documents. */
export const SearchAttribute = {
  codigoGeneracion: 'DteCodigoGeneracion',
  numeroControl: 'DteNumeroControl',
  estado: 'DteEstado',
  tipo: 'DteTipo',
  emisor: 'DteEmisor',
} as const;

/** Each custom search attribute with the Temporal type it is registered as. */
export const searchAttributeTypes: Record<(typeof SearchAttribute)[keyof typeof SearchAttribute], 'Keyword'> = {
  DteCodigoGeneracion: 'Keyword',
  DteNumeroControl: 'Keyword',
  DteEstado: 'Keyword',
  DteTipo: 'Keyword',
  DteEmisor: 'Keyword',
};

/**
 * `DteEstado` of an `IssueDteWorkflow` whose request the service refused before anything was numbered
 * (the API's 4xx): no document exists, so it must not read as one waiting for MH (PENDIENTE, which it was
 * started with) nor as one MH rejected (REJECTED).
 */
export const RECHAZADO_EN_API = 'RECHAZADO_EN_API';

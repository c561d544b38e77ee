/**
 * Example parties in the shape the API takes: the API reference's examples show them, and the tests and
 * the bench send them, so there is one copy.
 */

/**
 * San Salvador Centro (CAT-012 06, CAT-013 23), distrito San Salvador (CAT-008 14), which the 2026
 * schemas require.
 */
export const direccion = {
  departamento: '06',
  municipio: '23',
  distrito: '14',
  complemento: 'Colonia Escalón, calle 1 #10',
};

/** A DTE 03/05/06/07 receptor: an IVA taxpayer identified by its NIT. */
export const contribuyente = {
  tipoDocumento: '36',
  numDocumento: '06140101901015',
  nit: '06140101901015',
  nrc: '9000009',
  nombre: 'SALVADOR CABAL',
  codActividad: '69100',
  descActividad: 'Actividades jurídicas',
  direccion,
  telefono: '2244-4444',
  correo: 'contribuyente@example.com',
};

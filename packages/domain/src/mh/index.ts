export * from './schemas';
export * from './schema-validator';
export * from './catalogs';
export * from './limites';
export * from './consulta-publica';
export * from './rechazos';

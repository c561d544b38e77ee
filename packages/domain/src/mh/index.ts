export * from './schemas';
export * from './schema-validator';

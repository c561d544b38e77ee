export * from './connection';
export * from './models';

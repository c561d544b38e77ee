export * from './connection';
export * from './insert-next';
export * from './models';
export * from './ledger';
export * from './tenant-cache';

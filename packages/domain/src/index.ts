export * from './errors';
export * from './workflow-contract';

export * from './errors';
export * from './workflow-contract';
export * from './mh';
export * from './emisor';

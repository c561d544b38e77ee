export * from './deliver';
export * from './issuer';
export * from './prepare';
export * from './record';
export * from './record-view';
export * from './storage-keys';
export * from './transmit';

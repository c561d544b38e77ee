export * from './db';
export * from './storage';
export * from './secrets';
export * from './logger';
export * from './dependencies';
export * from './create-activities';
export * from './pdf';
export * from './mail';

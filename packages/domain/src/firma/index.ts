export * from './certificado-mh';
export * from './jws';

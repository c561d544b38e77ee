export * from './errors';
export * from './workflow-contract';
export * from './mh';
export * from './emisor';
export * from './firma';
export { money, round2, round8, toAmountString, type Money } from './money';
export * from './letras';
export * from './requests';
export * from './dte';

export * from './errors';
export * from './mh';
export * from './emisor';
export * from './firma';
export { money, round2, round8, toAmountString, type Money } from './money';
export * from './letras';
export * from './requests';
export * from './dte';
export * from './normativa';
export { elSalvadorNow, instanteProcesamientoMh } from './fecha';
export { salarioMinimoComercio } from './salario-minimo';
export * from './destinos';
export * from './webhooks';
export * from './conciliacion';
export * from './libros';
export { campoCsv, celdaLeida, celdaSinFormula, leerCsv, textoDeCsv } from './csv';
export * from './certificacion';
export * from './identificacion';
export * from './compras';
export * from './importacion';
export * from './personas';
export * from './clientes';
export {
  consultaDeBusqueda,
  fichasDeBusqueda,
  mismoIdentificador,
  type Buscable,
  type ConsultaBusqueda,
} from './busqueda';
export { esPapel, PAPELES, type Papel } from './papel';
export { rutaEnlaceDocumento, telefonoWhatsapp, urlWhatsapp } from './enlace-documento';
export * from './remitente';

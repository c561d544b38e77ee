import { codigoDistrito } from '../mh/catalogs';
import distritosPorMunicipio from '../mh/catalogs/v2026/distritos-por-municipio.json';
import { catalogValue } from '../mh/catalogs';
import { Azar } from './azar';
import { digitoVerificadorDui, digitoVerificadorNit, digitoVerificadorNrc } from '../identificacion';

/**
 * The parties and goods the certification generator draws from: invented names, real catalog codes
 * (CAT-012/013/008 addresses of the 2024 reform with their 2026 distritos, CAT-019 activities), and
 * identification numbers whose check digits hold. E-mails are at the domains reserved for examples
 * (RFC 2606), as the service e-mails every receptor.
 */

const NOMBRES = [
  'María',
  'José',
  'Ana',
  'Carlos',
  'Rosa',
  'Luis',
  'Carmen',
  'Jorge',
  'Elena',
  'Mario',
  'Sofía',
  'Raúl',
];
const APELLIDOS = [
  'Hernández',
  'Martínez',
  'López',
  'Rivera',
  'Flores',
  'Ramírez',
  'Mejía',
  'Cruz',
  'Alvarado',
  'Portillo',
];
const EMPRESAS = [
  'Distribuidora',
  'Comercial',
  'Inversiones',
  'Servicios',
  'Agroindustrias',
  'Constructora',
  'Importadora',
];
const RUBROS = ['del Pacífico', 'Cuscatlán', 'Los Volcanes', 'Centroamericana', 'El Roble', 'La Ceiba', 'Santa Lucía'];
const SOCIEDADES = ['S.A. de C.V.', 'S.A.', 'S. de R.L.', 'S.A. de C.V.'];
const CALLES = [
  'Calle Arce',
  'Avenida Independencia',
  'Colonia Escalón, pasaje 3',
  'Barrio El Centro',
  'Residencial Las Flores',
];
const DOMINIOS = ['example.com', 'example.net', 'example.org'];

/** CAT-019 activities a receptor may have; each is checked against the catalog when used. */
const ACTIVIDADES = ['62010', '69100', '46900', '47190', '10711', '56101', '43300', '71101', '49231', '96020'];

const sinAcentos = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const persona = (az: Azar) => `${az.de(NOMBRES)} ${az.de(APELLIDOS)} ${az.de(APELLIDOS)}`;
export const empresa = (az: Azar) => `${az.de(EMPRESAS)} ${az.de(RUBROS)}, ${az.de(SOCIEDADES)}`;

export function correo(az: Azar, nombre: string): string {
  const local = sinAcentos(nombre)
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .join('.');
  return `${local}${az.entero(1, 99)}@${az.de(DOMINIOS)}`;
}

export const telefono = (az: Azar) => `${az.de(['2', '6', '7'])}${az.digitos(3)}-${az.digitos(4)}`;

export function dui(az: Azar): string {
  const ocho = az.digitos(8);
  return `${ocho}${digitoVerificadorDui(ocho)}`;
}

/** A NIT of a company: municipio of registration, a date DDMMYY, a correlativo past 100 and its check. */
export function nit(az: Azar): string {
  const dia = String(az.entero(1, 28)).padStart(2, '0');
  const mes = String(az.entero(1, 12)).padStart(2, '0');
  const trece = `${az.de(['0614', '0511', '0210', '1217', '0315', '0617'])}${dia}${mes}${az.digitos(2)}${az.entero(101, 999)}`;
  return `${trece}${digitoVerificadorNit(trece)}`;
}

/** An NRC as MH's registry writes it: no leading zero, its last digit the check. */
export function nrc(az: Azar): string {
  const cuerpo = `${az.entero(1, 9)}${az.digitos(az.entero(4, 5))}`;
  return `${cuerpo}${digitoVerificadorNrc(cuerpo)}`;
}

/** A real address: a 2024 municipio (CAT-013) of its departamento (CAT-012) and one of its distritos (CAT-008). */
export function direccion(az: Azar) {
  const municipio = az.de(distritosPorMunicipio.items);
  const distrito = az.de(municipio.distritos);
  return {
    departamento: municipio.departamento,
    municipio: municipio.municipio,
    distrito: codigoDistrito(distrito.codigo),
    complemento: `${az.de(CALLES)} #${az.entero(1, 120)}, ${distrito.nombre}`,
  };
}

function actividad(az: Azar) {
  const codActividad = az.de(ACTIVIDADES);
  const descActividad = catalogValue('CAT-019', codActividad);
  if (!descActividad) throw new Error(`CAT-019 has no ${codActividad}`);
  return { codActividad, descActividad: descActividad.slice(0, 150) };
}

/** An IVA taxpayer identified by its NIT, as DTE 03/05/06/07/08/09 take it. */
export function contribuyente(az: Azar) {
  const numero = nit(az);
  const nombre = empresa(az);
  return {
    tipoDocumento: '36',
    numDocumento: numero,
    nit: numero,
    nrc: nrc(az),
    nombre,
    ...actividad(az),
    ...(az.si(0.5) ? { nombreComercial: nombre.split(',')[0] } : {}),
    direccion: direccion(az),
    telefono: telefono(az),
    correo: correo(az, nombre),
  };
}
export type Contribuyente = ReturnType<typeof contribuyente>;

/** A line of goods or services: its description, CAT-011 tipoItem, CAT-014 unit and a price range in dollars. */
interface Articulo {
  descripcion: string;
  tipoItem: 1 | 2;
  uniMedida: number;
  precio: [number, number];
}

export const ARTICULOS: readonly Articulo[] = [
  { descripcion: 'Café molido de altura, bolsa 400 g', tipoItem: 1, uniMedida: 59, precio: [3, 9] },
  { descripcion: 'Aceite vegetal', tipoItem: 1, uniMedida: 23, precio: [2, 6] },
  { descripcion: 'Agua purificada, botella 600 ml', tipoItem: 1, uniMedida: 24, precio: [0.5, 1.5] },
  { descripcion: 'Cable eléctrico THHN calibre 12', tipoItem: 1, uniMedida: 1, precio: [0.6, 2] },
  { descripcion: 'Papel bond carta, resma 500 hojas', tipoItem: 1, uniMedida: 59, precio: [4, 8] },
  { descripcion: 'Tóner para impresora láser', tipoItem: 1, uniMedida: 59, precio: [40, 120] },
  { descripcion: 'Silla ergonómica de oficina', tipoItem: 1, uniMedida: 59, precio: [60, 250] },
  { descripcion: 'Servicio de mantenimiento preventivo de equipo', tipoItem: 2, uniMedida: 99, precio: [25, 300] },
  { descripcion: 'Asesoría contable mensual', tipoItem: 2, uniMedida: 99, precio: [80, 600] },
  { descripcion: 'Transporte de mercadería a domicilio', tipoItem: 2, uniMedida: 99, precio: [5, 60] },
  { descripcion: 'Licencia anual de software de gestión', tipoItem: 2, uniMedida: 99, precio: [120, 900] },
  { descripcion: 'Capacitación en seguridad industrial', tipoItem: 2, uniMedida: 99, precio: [150, 700] },
];

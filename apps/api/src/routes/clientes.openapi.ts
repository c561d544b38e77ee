import { z } from 'zod';
import { campoCsv, clienteRequest, encabezadoDe, filaDe, parseRequest, TABLA_CLIENTES } from '@dte/domain';
import { camposDeRegistro, FECHAS_EJEMPLO, operacionesDeLibreta } from '../libreta/openapi';
import { codigoGeneracionParam, example, json, type Operation } from '../openapi/operation';

const codigo = z.string();
const cliente = z
  .object({
    ...camposDeRegistro,
    nombre: z.string(),
    nombreComercial: z.string().optional(),
    tipoDocumento: z
      .enum(['36', '13', '37', '03', '02'])
      .describe('CAT-022: 36 NIT, 13 DUI, 37 otro, 03 pasaporte, 02 carnet de residente'),
    numDocumento: z.string().describe('A DUI or NIT as its digits'),
    nrc: z.string().optional().describe('Without leading zeros, as MH’s registry holds it'),
    codActividad: codigo.optional().describe('CAT-019'),
    descActividad: z.string().optional().describe('CAT-019’s description of codActividad unless given'),
    direccion: z
      .object({ departamento: codigo, municipio: codigo, distrito: codigo.optional(), complemento: z.string() })
      .optional()
      .describe('In El Salvador: CAT-012, CAT-013 (2024) and CAT-008 (2026) codes'),
    complemento: z.string().optional().describe('The address of a customer abroad (codPais other than SV)'),
    codPais: codigo.optional().describe('CAT-020 (ISO 3166-1 alpha-2); without it, El Salvador'),
    tipoPersona: z
      .union([z.literal(1), z.literal(2)])
      .optional()
      .describe('CAT-029: 1 natural, 2 jurídica'),
    telefono: z.string().optional().describe('Digits (and +)'),
    correo: z.string().optional(),
  })
  .meta({ id: 'Cliente' });

const EJEMPLO = {
  nombre: 'Distribuidora Peña, S.A. de C.V.',
  nombreComercial: 'La Peña',
  tipoDocumento: '36',
  numDocumento: '0614-030915-112-5',
  nrc: '123456-7',
  codActividad: '46900',
  direccion: { departamento: '06', municipio: '23', distrito: '14', complemento: 'Colonia Escalón, calle 1 #10' },
  telefono: '2222-3333',
  correo: 'compras@pena.example',
};
const VISTA = { id: 'cli_12_3', ...parseRequest(clienteRequest, EJEMPLO), ...FECHAS_EJEMPLO };
const OTRO = parseRequest(clienteRequest, {
  nombre: 'Juana Martínez',
  tipoDocumento: '13',
  numDocumento: '012345678',
  correo: 'juana@example.com',
});
const CSV = [
  encabezadoDe(TABLA_CLIENTES),
  filaDe(TABLA_CLIENTES, OTRO),
  filaDe(TABLA_CLIENTES, { ...OTRO, nombre: 'Carlos Ruiz', numDocumento: '000162975', correo: 'carlos@example.com' }),
]
  .map((fila) => `${fila.map(campoCsv).join(',')}\n`)
  .join('');

const respuesta = z.object({ status: z.literal('success'), data: cliente }).meta({ id: 'ClienteDesdeDte' });

export const clientesOperations: Operation[] = [
  {
    method: 'post',
    path: '/clientes/desde-dte/{codigoGeneracion}',
    operationId: 'createClienteFromDte',
    tag: 'Catalogs',
    summary: 'Save whom one of the emisor’s documents was issued to as a customer',
    description:
      'The receptor (the sujeto excluido of a DTE 14, the donante of a DTE 15) as its issuance request named ' +
      'it, or, for a note that named none, its CCF’s. A consumer known by no document cannot be saved (400, the ' +
      'section’s fields named); one the book has already is 409 CLIENTE_EXISTS with its id.',
    authenticated: true,
    permission: 'CATALOGOS',
    parameters: [codigoGeneracionParam],
    responses: {
      201: {
        description: 'The customer, with its id',
        content: json(respuesta, example('Saved', { status: 'success', data: VISTA })),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['DOCUMENT_NOT_FOUND'], 409: ['CLIENTE_EXISTS'] },
  },
  ...operacionesDeLibreta({
    ruta: '/clientes',
    singular: 'Cliente',
    plural: 'Clientes',
    nombre: 'customer',
    request: clienteRequest,
    vista: cliente,
    ejemplo: { request: EJEMPLO, vista: VISTA },
    csv: CSV,
    unico:
      'A customer is one per tipoDocumento and numDocumento (a DUI or NIT as its digits, another document ' +
      'without case or spaces): another with the same is 409 CLIENTE_EXISTS.',
    busqueda: 'nombre, nombreComercial, numDocumento (a NIT or DUI with or without hyphens) and nrc',
    errores: { noEncontrado: 'CLIENTE_NOT_FOUND', existe: 'CLIENTE_EXISTS' },
  }),
];

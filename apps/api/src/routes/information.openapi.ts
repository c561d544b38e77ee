import type { z } from 'zod';
import { example, json, type Operation } from '../openapi/operation';
import { information } from '../openapi/schemas';

const INFORMATION_EXAMPLE: z.input<typeof information> = {
  status: 'success',
  data: {
    emisor: {
      id: 1,
      nit: '06140101901015',
      nrc: '1234567',
      nombre: 'EMPRESA DEMO, S.A. DE C.V.',
      nombreComercial: 'Demo',
      codigoActividad: '62010',
      actividadEconomica: 'Programación informática',
      direccion: 'Colonia Escalón, calle 1 #10',
      tipoEstablecimiento: '01',
      departamento: '06',
      municipio: '23',
      distrito: '14',
      telefono: '22445566',
      logoUrl: null,
      colorPrincipal: '#1F3A93',
      colorSecundario: '#4A6FDC',
      colorFondo: '#FFFFFF',
      codEstableMH: 'M001',
      codEstable: 'M001',
      codPuntoVentaMH: 'P001',
      codPuntoVenta: 'P001',
      ambiente: 'TEST',
      clientId: 1,
      createdAt: '2025-11-01T14:00:00.000Z',
    },
    permissions: ['FACTURA_CONSUMIDOR_FINAL', 'CREDITO_FISCAL', 'ANULACION'],
    normativa: {
      generacion: '2026',
      corte: { generacion: '2026', desde: '2026-12-01T06:00:00.000Z', origen: 'SERVICIO' },
      documentos: [
        { tipo: 'FACTURA_CONSUMIDOR_FINAL', tipoDte: '01', version: 2, esquema: 'fe-f-v2' },
        { tipo: 'CREDITO_FISCAL', tipoDte: '03', version: 4, esquema: 'fe-ccf-v4' },
      ],
      eventos: {
        invalidacion: { version: 3, esquema: 'invalidacion-schema-v3' },
        contingencia: { version: 4, esquema: 'contingencia-schema-v4' },
      },
    },
  },
};

export const informationOperations: Operation[] = [
  {
    method: 'get',
    path: '/dte/information',
    operationId: 'getInformation',
    tag: 'Emisor',
    summary: 'The emisor, establishment and permissions of the token',
    description:
      'Also a way to check a token. No secret is ever read for this answer. `normativa` tells which generation ' +
      'of MH’s schemas (2023, or 2026: Normativa DTE 2.0) the emisor issues in now, its cut-over, and the ' +
      'schema version of the next document of each kind the token may issue.',
    authenticated: true,
    responses: {
      200: { description: 'The emisor', content: json(information, example('The demo emisor', INFORMATION_EXAMPLE)) },
    },
    errors: {},
  },
];

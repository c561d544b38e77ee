import type { z } from 'zod';
import { EMITIDO } from '../openapi/examples';
import { codigoGeneracionParam, example, json, type Operation } from '../openapi/operation';
import { enlaceCreado, enlacesRevocados } from '../openapi/schemas';

const TOKEN = 'q3Jx0bH6m1Yt8Zk2VfN4aS7dLw9PcE5uRgT0yXoIiQs';
const URL_EJEMPLO = `https://dte.example.com/d/${TOKEN}`;

const CREADO_EJEMPLO: z.input<typeof enlaceCreado> = {
  status: 'success',
  data: {
    codigoGeneracion: EMITIDO,
    url: URL_EJEMPLO,
    expiraEn: '2027-03-04T17:20:00.000Z',
    whatsapp:
      'https://wa.me/50377778888?text=' +
      encodeURIComponent(
        `Ferretería El Martillo: su Factura DTE-01-M001P001-000000000000001. Véalo y descárguelo aquí: ${URL_EJEMPLO}`,
      ),
  },
};

const PERMISO =
  'Any token of the emisor; a person’s token (the console’s) needs `REENVIO`, as a resend: a link hands the ' +
  'document to whoever gets it.';

export const enlaceOperations: Operation[] = [
  {
    method: 'post',
    path: '/dte/{codigoGeneracion}/enlace',
    operationId: 'createShareLink',
    tag: 'Documents',
    summary: 'Make a share link of a document',
    description:
      'A public page of the document for its receptor, opened without a token: the emisor’s name and logo, ' +
      'the document’s data, its PDF, its Archivo DTE (JSON) and MH’s verification link, and nothing else of ' +
      'the emisor; an invalidated document shows as invalidated. The link is 32 random bytes, shown in this ' +
      'answer only (the service keeps its SHA-256), and works for the emisor’s validity (admin CLI `emisor ' +
      'enlace-vigencia`, default 90 days) until it expires or the document’s links are revoked. Each call ' +
      'makes another link. Only a document with MH’s sello (PROCESSED or CANCELLED) has one. ' +
      PERMISO,
    authenticated: true,
    parameters: [codigoGeneracionParam],
    responses: {
      201: { description: 'The link', content: json(enlaceCreado, example('Created', CREADO_EJEMPLO)) },
    },
    errors: { 404: ['DOCUMENT_NOT_FOUND'], 409: ['DOCUMENT_REJECTED', 'DOCUMENT_NOT_PROCESSED'] },
  },
  {
    method: 'delete',
    path: '/dte/{codigoGeneracion}/enlace',
    operationId: 'revokeShareLinks',
    tag: 'Documents',
    summary: 'Revoke every share link of a document',
    description:
      'Every link of the document made until now stops working: its page answers 404 as an unknown one. ' +
      'A link made afterwards works. ' +
      PERMISO,
    authenticated: true,
    parameters: [codigoGeneracionParam],
    responses: {
      200: {
        description: 'Revoked',
        content: json(
          enlacesRevocados,
          example('Revoked', { status: 'success', data: { codigoGeneracion: EMITIDO, revocados: true } }),
        ),
      },
    },
    errors: { 404: ['DOCUMENT_NOT_FOUND'] },
  },
];

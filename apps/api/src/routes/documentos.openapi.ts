import type { z } from 'zod';
import { DTE_TIPOS } from '@dte/domain';
import { EMITIDO, recordExamples, REEMPLAZO } from '../openapi/examples';
import { codigoGeneracionParam, example, json, paginaParams, type Operation } from '../openapi/operation';
import { documentDetail, documentList, type documentRecord } from '../openapi/schemas';

/** A CCF accepted, e-mailed (one failed attempt, then a resend), and credited by a note. */
function documentDetailExample(): z.input<typeof documentDetail> {
  const record = recordExamples('CREDITO_FISCAL').processed.value as { data: z.input<typeof documentRecord> };
  return {
    status: 'success',
    data: {
      ...record.data,
      esperaSegundos: null,
      anulacion: null,
      importacion: null,
      correos: [
        { para: 'c***@example.com', fecha: '2025-11-22T16:15:33.870Z', enviado: true, error: null },
        { para: 'c***@example.com', fecha: '2025-11-23T09:02:11.415Z', enviado: false, error: 'Connection timeout' },
        { para: 'c***@example.com', fecha: '2025-11-23T09:04:40.102Z', enviado: true, error: null },
      ],
      relacionados: [
        {
          codigoGeneracion: REEMPLAZO,
          tipo: 'NOTA_CREDITO',
          numeroControl: 'DTE-05-M001P001-000000000000003',
          estado: 'PROCESSED',
          fecEmi: '2025-11-24',
        },
      ],
    },
  };
}

const DOCUMENT_LIST_EXAMPLE: z.input<typeof documentList> = {
  status: 'success',
  data: [
    {
      codigoGeneracion: EMITIDO,
      tipo: 'CREDITO_FISCAL',
      numeroControl: 'DTE-03-M001P001-000000000000001',
      estado: 'PROCESSED',
      fecEmi: '2025-11-22',
      total: '113.00',
      ambiente: 'TEST',
      selloRecibido: '2025A3F9C1E7B5D2469F8E0A1B2C3D4E5F6A7B',
      receptor: { nombre: 'CLIENTE EJEMPLO, S.A. DE C.V.', identificadores: ['06140101001015', '1234567'] },
      createdAt: '2025-11-22T16:15:31.204Z',
      esperaSegundos: null,
    },
  ],
  cursor: 'eyJuIjo0MX0',
};

// The list apart from one document's operations: the reference reads /dte/export and /dte/conciliacion between.
export const documentListOperations: Operation[] = [
  {
    method: 'get',
    path: '/dte',
    operationId: 'listDocuments',
    tag: 'Documents',
    summary: 'List the emisor’s documents, newest first',
    description:
      'Filters combine (all must hold). A page holds at most `limit` documents and may hold fewer when the ' +
      'filters are selective: go on while `cursor` is not null. Another emisor’s documents are never listed. ' +
      'A document is listed from the moment it is numbered: PENDIENTE while MH’s verdict is not known, with ' +
      '`esperaSegundos`, how long it has waited. ' +
      '`q` is the search box: a query with a space or without digits finds the receptor’s name by the ' +
      'beginnings of its words (without accents, any case: `ferre lop` finds “Ferretería López”; a word of 3 ' +
      'letters or more is needed); otherwise it finds a receptor’s NIT, NRC or document number with or ' +
      'without dashes (`01234567-8` and `012345678` are one DUI), a número de control by its ending in any ' +
      'case (`123`, `m001p001-000000000000123`, the whole of it), or a codigoGeneracion by its first 8 ' +
      'characters or more. A page of a search is read from the index of its query, so its `cursor` ' +
      'continues that query only.',
    authenticated: true,
    parameters: [
      { name: 'tipo', in: 'query', required: false, schema: { type: 'string', enum: [...DTE_TIPOS] } },
      {
        name: 'estado',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['PENDIENTE', 'PROCESSED', 'REJECTED', 'CONTINGENCIA', 'CANCELLED'] },
      },
      {
        name: 'desde',
        in: 'query',
        required: false,
        description: 'First emission date (fecEmi, El Salvador), inclusive; from 2021-01-01',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'hasta',
        in: 'query',
        required: false,
        description: 'Last emission date, inclusive; at most tomorrow in El Salvador',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'q',
        in: 'query',
        required: false,
        description:
          'Search: the receptor’s name (a fragment of its words), NIT, NRC or DUI (with or without dashes), ' +
          'a número de control’s ending or a codigoGeneracion’s beginning (8 characters or more); any case',
        schema: { type: 'string', minLength: 1, maxLength: 100 },
      },
      {
        name: 'receptor',
        in: 'query',
        required: false,
        description: 'The receptor’s NIT, NRC or document number, whole, with or without dashes',
        schema: { type: 'string' },
      },
      {
        name: 'numeroControl',
        in: 'query',
        required: false,
        description: 'A whole número de control, in any case (`q` finds one by its ending)',
        schema: { type: 'string' },
      },
      ...paginaParams,
    ],
    responses: {
      200: {
        description: 'A page of documents',
        content: json(documentList, example('A page', DOCUMENT_LIST_EXAMPLE)),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
];

export const documentOperations: Operation[] = [
  {
    method: 'get',
    path: '/dte/{codigoGeneracion}',
    operationId: 'getDocument',
    tag: 'Documents',
    summary: 'Read a document: its record now and what happened to it',
    description:
      'The record as it stands now (estado after contingencia or anulación, sello, `respuestaMh`, ' +
      '`analisisHacienda`), the accepted anulación, every e-mail attempt (addresses masked) and the notes and ' +
      'retornos issued referring to it. Another emisor’s document is 404, exactly as an unknown one. A document ' +
      'on its way to MH is PENDIENTE, with `esperaSegundos`.',
    authenticated: true,
    parameters: [codigoGeneracionParam],
    responses: {
      200: { description: 'The document', content: json(documentDetail, example('A CCF', documentDetailExample())) },
    },
    errors: { 404: ['DOCUMENT_NOT_FOUND'] },
  },
  {
    method: 'get',
    path: '/dte/{codigoGeneracion}/json',
    operationId: 'getArchivoDte',
    tag: 'Documents',
    summary: 'Get the Archivo DTE (the JSON the receptor gets)',
    description:
      'The DTE as signed, with `firmaElectronica` (the JWS) and `selloRecibido` appended: the file MH says the ' +
      'receptor gets, byte for byte the one stored and e-mailed. Documents issued in contingencia have it ' +
      'before their sello (`selloRecibido` null); PENDIENTE and REJECTED ones have none.',
    authenticated: true,
    parameters: [codigoGeneracionParam],
    responses: {
      200: {
        description: 'The Archivo DTE, as an attachment named `<codigoGeneracion>.json`',
        headers: {
          'Content-Disposition': {
            description: '`attachment; filename="<codigoGeneracion>.json"`',
            schema: { type: 'string' },
          },
        },
        content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
      },
    },
    errors: { 404: ['DOCUMENT_NOT_FOUND'], 409: ['DOCUMENT_NOT_PROCESSED'] },
  },
];

import type { Operation } from '../openapi/operation';

export const exportOperations: Operation[] = [
  {
    method: 'get',
    path: '/dte/export',
    operationId: 'exportDocuments',
    tag: 'Documents',
    summary: 'Export a period’s documents as CSV or as a ZIP of their files',
    description:
      'The documents emitted from `desde` to `hasta` (fecEmi, inclusive), oldest first, streamed. `csv`: one row ' +
      'per document, any estado, with the columns codigoGeneracion, numeroControl, tipo, fecEmi, estado, total, ' +
      'selloRecibido, receptorNombre, receptorIdentificadores, ambiente (UTF-8, comma-separated, CRLF, RFC 4180 ' +
      'quoting). `zip`: `<fecEmi>/<codigoGeneracion>.json` (the Archivo DTE) and `.pdf` of every document that has ' +
      'them (accepted, invalidated, issued in contingencia). At most 366 days, from 2021-01-01 to tomorrow in El ' +
      'Salvador. A cell a spreadsheet would run as a formula (starting with = + - @, a tab or CR) is written after ' +
      'an apostrophe.',
    authenticated: true,
    parameters: [
      { name: 'desde', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
      { name: 'hasta', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
      {
        name: 'formato',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['csv', 'zip'], default: 'csv' },
      },
    ],
    responses: {
      200: {
        description: 'The file, as an attachment named `dte-<desde>-<hasta>.<formato>`',
        headers: {
          'Content-Disposition': {
            description: '`attachment; filename="dte-<desde>-<hasta>.csv"`',
            schema: { type: 'string' },
          },
        },
        content: {
          'text/csv': { schema: { type: 'string' } },
          'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } },
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
];

import { example, json, type Operation } from '../openapi/operation';
import { conciliacion } from '../openapi/schemas';

export const conciliacionOperations: Operation[] = [
  {
    method: 'get',
    path: '/dte/conciliacion',
    operationId: 'getConciliacion',
    tag: 'Documents',
    summary: 'A day’s reconciliation with MH',
    description:
      'MH is asked (consultadte) for every document of the emisor’s day: those on record with that fecEmi, and ' +
      'the issuances the service started that day that left no record (from Temporal’s history, kept apart ' +
      'from the database). MH cannot list what it holds, so a document issued outside this service cannot be ' +
      'found. A Temporal Schedule reconciles every emisor’s previous day at CONCILIACION_HORA; ' +
      '`npm run admin -- conciliar --emisor <id> --fecha <día>` any day. A report with differences is also ' +
      'sent to the webhooks as `conciliacion.diferencias`.',
    authenticated: true,
    parameters: [
      {
        name: 'fecha',
        in: 'query',
        required: true,
        description: 'The emission date reconciled (El Salvador), from 2021-01-01 to tomorrow',
        schema: { type: 'string', format: 'date' },
      },
    ],
    responses: {
      200: {
        description: 'The latest reconciliation of that day',
        content: json(
          conciliacion,
          example('A document MH does not hold', {
            status: 'success',
            data: {
              fecha: '2026-11-23',
              generado: '2026-11-24T09:00:41.000Z',
              consultados: 214,
              diferencias: [
                {
                  tipo: 'NO_EN_MH',
                  codigoGeneracion: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
                  tipoDte: '01',
                  numeroControl: 'DTE-01-M001P001-000000000000214',
                  local: { estado: 'PROCESSED', selloRecibido: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78' },
                  mh: null,
                },
              ],
              sinRespuesta: [],
            },
          }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['CONCILIACION_NOT_FOUND'] },
  },
];

import type { JsonSchema, Operation } from '../openapi/operation';
import { sondeoRequest } from './operaciones';

const sondeo: JsonSchema = {
  type: 'object',
  properties: {
    en: { type: 'string', format: 'date-time', description: 'When MH was probed' },
    respondio: { type: 'boolean', description: 'Whether MH answered: the contingency then reports its documents' },
    proximoSondeo: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When MH is probed next by the backoff, if it did not answer',
    },
  },
  required: ['en', 'respondio', 'proximoSondeo'],
};

export const operacionesOperations: Operation[] = [
  {
    method: 'post',
    path: '/operaciones/sondeo',
    operationId: 'sondearMh',
    tag: 'Emisor',
    summary: 'Probe MH now during a contingency',
    description:
      'While the emisor’s contingency waits for MH to answer again (its probes back off up to ' +
      '`CONTINGENCIA_SONDEO_MAX_SEGUNDOS`), probes MH at once instead of at the next turn: the answer is that ' +
      'probe. If MH answered, the contingency goes on at once (the Evento de Contingencia, then the lotes); if ' +
      'not, the backoff goes on. The contingency workflow checks the token again, as the API does. Recorded in ' +
      'the audit log (`SONDEO_MH`). No body, or `{}`.',
    authenticated: true,
    permission: 'SONDEO_MH',
    request: {
      schema: sondeoRequest,
      required: false,
      examples: { default: { summary: 'No body is needed', value: {} } },
    },
    responses: {
      200: {
        description: 'MH was probed',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { status: { const: 'success' }, data: sondeo },
              required: ['status', 'data'],
            },
            examples: {
              default: {
                summary: 'MH still does not answer',
                value: {
                  status: 'success',
                  data: { en: '2026-11-23T20:03:12.000Z', respondio: false, proximoSondeo: '2026-11-23T20:13:12.000Z' },
                },
              },
            },
          },
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 409: ['MH_NOT_AWAITED'] },
  },
];

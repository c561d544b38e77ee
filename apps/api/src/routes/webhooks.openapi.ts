import { webhookRequest } from '@dte/domain';
import { example, json, paginaParams, type Operation } from '../openapi/operation';
import {
  entregaAhora,
  entregaList,
  webhookCreated,
  webhookDeleted,
  webhookList,
  webhookOne,
  webhookRotated,
} from '../openapi/schemas';

const endpointIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The endpoint’s id (`whk_…`)',
  schema: { type: 'string' },
};

const ENTREGA_EJEMPLO = {
  eventoId: 'msg_6f1c2b9e0a7d4c3b8e5f1a2d3c4b5a69',
  tipo: 'webhook.prueba' as const,
  estado: 'ENTREGADO' as const,
  motivo: null,
  ultimoIntento: {
    eventoId: 'msg_6f1c2b9e0a7d4c3b8e5f1a2d3c4b5a69',
    tipo: 'webhook.prueba' as const,
    intento: 1,
    fecha: '2026-11-24T15:04:05.000Z',
    status: 200,
    entregado: true,
    error: null,
    duracionMs: 84,
  },
};

const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const WEBHOOK_EXAMPLE = {
  id: 'whk_12_1',
  url: 'https://erp.example.com/dte-eventos',
  eventos: ['dte.procesado' as const, 'dte.rechazado' as const, 'dte.invalidado' as const],
  descripcion: 'ERP',
  activo: true,
  deshabilitado: null,
  creado: '2026-11-24T15:04:05.000Z',
};

export const webhooksOperations: Operation[] = [
  {
    method: 'post',
    path: '/webhooks',
    operationId: 'createWebhook',
    tag: 'Webhooks',
    summary: 'Add an endpoint that receives the emisor’s events',
    description:
      'Answers the endpoint with its signing secret (`whsec_…`), shown only here. Outside ambiente TEST the ' +
      'URL must be `https:`; unless the deployment allows it (`WEBHOOK_PERMITIR_DESTINOS_PRIVADOS`, for ' +
      'local development) the URL may not be or resolve to a private, loopback, link-local or other ' +
      'non-public address, in any IPv4 or IPv6 form. Control characters, and any character a URL may not ' +
      'carry raw (a space, `"`, `<`, `>`, a non-ASCII letter, a `%` without two hex digits: percent-encode ' +
      'them), are refused (422 WEBHOOK_URL_NOT_ALLOWED, `field` "url"). The URL is stored, called and ' +
      'answered in its normalized form (WHATWG URL `href`). Without `eventos` the endpoint receives every event.',
    authenticated: true,
    permission: 'WEBHOOKS',
    request: {
      schema: webhookRequest,
      required: true,
      examples: example('An ERP’s receiver', {
        url: 'https://erp.example.com/dte-eventos',
        eventos: ['dte.procesado', 'dte.rechazado', 'dte.invalidado'],
        descripcion: 'ERP',
      }),
    },
    responses: {
      201: {
        description: 'The endpoint and its secret',
        content: json(
          webhookCreated,
          example('Created', { status: 'success', data: { ...WEBHOOK_EXAMPLE, secreto: WHSEC } }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 409: ['WEBHOOK_LIMIT_REACHED'], 422: ['WEBHOOK_URL_NOT_ALLOWED'] },
  },
  {
    method: 'get',
    path: '/webhooks',
    operationId: 'listWebhooks',
    tag: 'Webhooks',
    summary: 'List the emisor’s endpoints',
    authenticated: true,
    permission: 'WEBHOOKS',
    responses: {
      200: {
        description: 'The endpoints',
        content: json(webhookList, example('One', { status: 'success', data: [WEBHOOK_EXAMPLE] })),
      },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/webhooks/{id}',
    operationId: 'getWebhook',
    tag: 'Webhooks',
    summary: 'Read an endpoint',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'The endpoint',
        content: json(webhookOne, example('One', { status: 'success', data: WEBHOOK_EXAMPLE })),
      },
    },
    errors: { 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'delete',
    path: '/webhooks/{id}',
    operationId: 'deleteWebhook',
    tag: 'Webhooks',
    summary: 'Delete an endpoint: it gets no more events, and deliveries in progress stop',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'Deleted',
        content: json(
          webhookDeleted,
          example('Deleted', { status: 'success', data: { id: WEBHOOK_EXAMPLE.id, eliminado: true } }),
        ),
      },
    },
    errors: { 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'post',
    path: '/webhooks/{id}/secreto',
    operationId: 'rotateWebhookSecret',
    tag: 'Webhooks',
    summary: 'Rotate an endpoint’s secret',
    description:
      'Answers the new secret, shown only here. The previous one keeps signing for 24 h: meanwhile each ' +
      'delivery carries two signatures, so the receiver can switch secrets without losing an event.',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'The endpoint and its new secret',
        content: json(
          webhookRotated,
          example('Rotated', {
            status: 'success',
            data: { ...WEBHOOK_EXAMPLE, secreto: WHSEC, anteriorVigenteHasta: '2026-11-25T15:04:05.000Z' },
          }),
        ),
      },
    },
    // It takes no body; one that is not JSON is refused like any other.
    errors: { 400: ['VALIDATION_ERROR'], 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'post',
    path: '/webhooks/{id}/habilitar',
    operationId: 'enableWebhook',
    tag: 'Webhooks',
    summary: 'Enable a disabled endpoint again',
    description:
      'An endpoint is disabled when its receiver answers 410 Gone, or answers no attempt 2xx for ' +
      '`WEBHOOK_DESHABILITAR_HORAS` (72 h by default): `activo` false and `deshabilitado` says when and why. ' +
      'Enabled again, it receives the events that happen from then on.',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'The endpoint, active',
        content: json(webhookOne, example('Enabled', { status: 'success', data: WEBHOOK_EXAMPLE })),
      },
    },
    // It takes no body; one that is not JSON is refused like any other.
    errors: { 400: ['VALIDATION_ERROR'], 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'get',
    path: '/webhooks/{id}/entregas',
    operationId: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'An endpoint’s delivery log: every attempt, newest first',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam, ...paginaParams],
    responses: {
      200: {
        description: 'A page of attempts',
        content: json(
          entregaList,
          example('A retried delivery', {
            status: 'success',
            data: [
              {
                eventoId: 'msg_6f1c2b9e0a7d4c3b8e5f1a2d3c4b5a69',
                tipo: 'dte.procesado',
                intento: 2,
                fecha: '2026-11-24T15:05:05.000Z',
                status: 200,
                entregado: true,
                error: null,
                duracionMs: 84,
              },
              {
                eventoId: 'msg_6f1c2b9e0a7d4c3b8e5f1a2d3c4b5a69',
                tipo: 'dte.procesado',
                intento: 1,
                fecha: '2026-11-24T15:04:05.000Z',
                status: 503,
                entregado: false,
                error: null,
                duracionMs: 51,
              },
            ],
            cursor: null,
          }),
        ),
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['WEBHOOK_NOT_FOUND'] },
  },
  {
    method: 'post',
    path: '/webhooks/{id}/prueba',
    operationId: 'testWebhook',
    tag: 'Webhooks',
    summary: 'Send the endpoint a test event now',
    description:
      'Sends a `webhook.prueba` event (whatever the endpoint subscribes to) the way every event goes: signed with ' +
      'Standard Webhooks and logged in the endpoint’s deliveries, but retried a few times only: 4 attempts in ' +
      'all, after `WEBHOOK_REINTENTO_SEGUNDOS` and doubling (30 s, 1 min, 2 min by default), then the delivery ' +
      'ends FALLIDO, every attempt in the log; it does not wait behind the endpoint’s other deliveries. Answers once the delivery ended, or once its first attempt’s deadline ' +
      '(`WEBHOOK_TIMEOUT_SECONDS`) passed (EN_CURSO), with its newest attempt. Each test is a new event (a new ' +
      '`webhook-id`).',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [endpointIdParam],
    responses: {
      200: {
        description: 'The test event’s delivery',
        content: json(entregaAhora, example('Delivered', { status: 'success', data: ENTREGA_EJEMPLO })),
      },
    },
    // It takes no body; one that is not JSON is refused like any other.
    errors: { 400: ['VALIDATION_ERROR'], 404: ['WEBHOOK_NOT_FOUND'], 409: ['WEBHOOK_DISABLED'] },
  },
  {
    method: 'post',
    path: '/webhooks/{id}/entregas/{entrega}/reenviar',
    operationId: 'redeliverWebhookEvent',
    tag: 'Webhooks',
    summary: 'Send one of the endpoint’s events again',
    description:
      'A new delivery of a logged event (`entrega` is its `eventoId` in the delivery log): the same `webhook-id`, ' +
      'type and data, signed anew with the endpoint’s secrets in force and logged as more attempts. Retried and ' +
      'answered as the test event is (4 attempts in all, within minutes).',
    authenticated: true,
    permission: 'WEBHOOKS',
    parameters: [
      endpointIdParam,
      {
        name: 'entrega',
        in: 'path',
        required: true,
        description: 'The event’s id (`msg_…`), as `eventoId` in the delivery log',
        schema: { type: 'string' },
      },
    ],
    responses: {
      200: {
        description: 'The redelivery',
        content: json(
          entregaAhora,
          example('Delivered again', {
            status: 'success',
            data: {
              ...ENTREGA_EJEMPLO,
              tipo: 'dte.procesado',
              ultimoIntento: { ...ENTREGA_EJEMPLO.ultimoIntento, tipo: 'dte.procesado', intento: 1 },
            },
          }),
        ),
      },
    },
    errors: {
      400: ['VALIDATION_ERROR'],
      404: ['WEBHOOK_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'],
      409: ['WEBHOOK_DISABLED'],
    },
  },
];

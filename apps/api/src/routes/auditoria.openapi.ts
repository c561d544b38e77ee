import { z } from 'zod';
import { ACCIONES_AUDITORIA } from '@dte/domain';
import { EMITIDO } from '../openapi/examples';
import { example, json, paginaParams, type Operation } from '../openapi/operation';

const actor = z
  .object({
    tipo: z
      .enum(['TOKEN', 'USUARIO', 'ANONIMO', 'OPERADOR'])
      .describe(
        'TOKEN: an API token (its id and name); USUARIO: a person of the console (id, e-mail); ANONIMO: a failed ' +
          'sign-in (the e-mail given); OPERADOR: the admin CLI on the server (the system user’s name)',
      ),
    id: z.union([z.number().int(), z.string()]).optional(),
    nombre: z.string().optional(),
    correo: z.string().optional(),
    clave: z
      .string()
      .describe('What the `actor` filter takes: `token:<id>`, `usuario:<id>`, `correo:<e-mail>`, `operador:<name>`'),
  })
  .meta({ id: 'AuditActor' });

const entrada = z
  .object({
    fecha: z.string().describe('When it was done (ISO 8601, UTC)'),
    actor,
    accion: z.enum(ACCIONES_AUDITORIA),
    codigoGeneracion: z.string().nullable().describe('The document acted on, when there is one'),
    endpoint: z
      .string()
      .nullable()
      .describe('The request’s method and path, the console’s form, or `admin <command>` for the admin CLI'),
    direccion: z.string().nullable().describe('The client’s address as the API saw it; null from the admin CLI'),
    requestId: z.string().nullable().describe('The request’s id (its `x-request-id`); null from the admin CLI'),
    detalles: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .describe('What else tells the action apart (the webhook’s id, the command…); never a secret'),
  })
  .meta({ id: 'AuditEntry' });

const auditList = z
  .object({
    status: z.literal('success'),
    data: z.array(entrada),
    cursor: z.string().nullable().describe('Where the next page starts; null: no more'),
  })
  .meta({ id: 'AuditList' });

const AUDIT_LIST_EXAMPLE: z.input<typeof auditList> = {
  status: 'success',
  data: [
    {
      fecha: '2026-12-03T20:41:07.318Z',
      actor: { tipo: 'TOKEN', id: 7, nombre: 'Caja 1', clave: 'token:7' },
      accion: 'DTE_ANULADO',
      codigoGeneracion: EMITIDO,
      endpoint: 'POST /dte/anulacion',
      direccion: '203.0.113.24',
      requestId: '0b6a3f0e-5c1d-4e36-9a8b-2f1e7d4c9a10',
      detalles: { tipoAnulacion: 2, operacion: '5C1E0B7A-93D2-4F8E-A1B6-2D7C9E4F0A35' },
    },
  ],
  cursor: 'eyJuIjo0MX0',
};

const limite = (name: 'desde' | 'hasta') => ({
  name,
  in: 'query',
  required: false,
  description:
    `${name === 'desde' ? 'The first' : 'The last'} instant, inclusive: a day (YYYY-MM-DD, El Salvador, ` +
    `from ${name === 'desde' ? 'its start' : 'its end'}) or an ISO 8601 instant with its offset`,
  schema: { type: 'string' },
});

export const auditoriaOperations: Operation[] = [
  {
    method: 'get',
    path: '/auditoria',
    operationId: 'listAuditLog',
    tag: 'Emisor',
    summary: 'The emisor’s audit log: who did what, newest first',
    description:
      'Every action that changed something, once it was done: issuance (DTE_EMITIDO, RETORNO_EMITIDO), ' +
      'invalidation accepted by MH, resend, webhook, token, mailbox and certification changes, purchase ' +
      'classification and confirmation, and the console’s persons, sign-ins and failed sign-ins. A refused ' +
      'request records nothing; a retry under the same Idempotency-Key records nothing again. Filters combine; a ' +
      'page holds at most `limit` entries and may hold fewer: go on while `cursor` is not null. The log is ' +
      'append-only: no route edits or deletes an entry.',
    authenticated: true,
    permission: 'AUDITORIA',
    parameters: [
      {
        name: 'actor',
        in: 'query',
        required: false,
        description: 'An entry’s `actor.clave`: `token:<id>`, `usuario:<id>`, `correo:<e-mail>`, `operador:<name>`',
        schema: { type: 'string' },
      },
      { name: 'accion', in: 'query', required: false, schema: { type: 'string', enum: [...ACCIONES_AUDITORIA] } },
      {
        name: 'codigoGeneracion',
        in: 'query',
        required: false,
        description: 'The document acted on (any case)',
        schema: { type: 'string' },
      },
      limite('desde'),
      limite('hasta'),
      ...paginaParams,
    ],
    responses: {
      200: { description: 'A page of the log', content: json(auditList, example('A page', AUDIT_LIST_EXAMPLE)) },
    },
    errors: { 400: ['VALIDATION_ERROR'] },
  },
];

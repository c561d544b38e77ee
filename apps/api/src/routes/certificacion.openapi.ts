import type { JsonSchema, Operation } from '../openapi/operation';
import { certificacionRequest } from './certificacion';

const avance: JsonSchema = {
  type: 'object',
  properties: {
    planificados: { type: 'integer' },
    aceptados: { type: 'integer', description: 'Sealed by MH, each counted once' },
    rechazados: { type: 'integer' },
    enCurso: { type: 'integer' },
  },
};

const json = (description: string, schema: JsonSchema, value: unknown) => ({
  description,
  content: { 'application/json': { schema, examples: { default: { summary: description, value } } } },
});

const exito = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { status: { const: 'success' }, data },
  required: ['status', 'data'],
});

const PLAN = { documentos: { FACTURA_CONSUMIDOR_FINAL: 3, CREDITO_FISCAL: 3 }, invalidaciones: 2, contingencias: 0 };

const senal = (accion: 'pausar' | 'reanudar' | 'cancelar', summary: string, description: string): Operation => ({
  method: 'post',
  path: `/certificacion/${accion}`,
  operationId: `${accion}Certificacion`,
  tag: 'Emisor',
  summary,
  description,
  authenticated: true,
  permission: 'CERTIFICACION',
  responses: {
    202: json(
      'The campaign was told',
      exito({ type: 'object', properties: { workflowId: { type: 'string' }, accion: { type: 'string' } } }),
      { status: 'success', data: { workflowId: 'certificacion-7', accion } },
    ),
  },
  errors: { 404: ['CERTIFICATION_NOT_FOUND'] },
});

export const certificacionOperations: Operation[] = [
  {
    method: 'post',
    path: '/certificacion',
    operationId: 'startCertificacion',
    tag: 'Emisor',
    summary: 'Start the emisor’s MH certification campaign',
    description:
      'Issues MH’s certification set (Manual Funcional v1.2 §X) in ambiente TEST through the normal issuance, as ' +
      'the token’s establishment and point of sale: `plan` as `01=90,03=75,invalidacion=5,contingencia=5` ' +
      '(default: MH’s quotas for the kinds the token may issue; at most 200 documents of a kind and 25 of each ' +
      'event), at `ritmo` documents a minute (default 10, at most 30, below the pace of MH’s test environment); ' +
      'more is 400 VALIDATION_ERROR naming `plan.<code>` or `ritmo`. It ' +
      'pauses at MH’s first rejection until `POST /certificacion/reanudar`. `contribuyentes`: taxpayers registered ' +
      'at MH (the emisor’s customers, or itself) that the CCFs, notes and other contribuyente documents go to, as ' +
      'MH’s test environment checks a receptor’s NIT and NRC against its registry (009, 008); without it, ' +
      'invented ones with valid check digits.',
    authenticated: true,
    permission: 'CERTIFICACION',
    request: {
      schema: certificacionRequest,
      required: false,
      examples: { default: { summary: 'A small plan', value: { plan: '01=3,03=3,invalidacion=2', ritmo: 30 } } },
    },
    responses: {
      202: json(
        'The campaign started',
        exito({
          type: 'object',
          properties: { workflowId: { type: 'string' }, plan: { type: 'object' }, ritmo: { type: 'number' } },
        }),
        { status: 'success', data: { workflowId: 'certificacion-7', plan: PLAN, ritmo: 30 } },
      ),
    },
    errors: { 400: ['VALIDATION_ERROR'], 409: ['CERTIFICATION_NOT_IN_TEST', 'CERTIFICATION_EXISTS'] },
  },
  {
    method: 'get',
    path: '/certificacion',
    operationId: 'getCertificacion',
    tag: 'Emisor',
    summary: 'The certification campaign’s progress',
    description:
      'Per kind and event: planned, accepted, rejected and in flight; the state (EN_CURSO, PAUSADA, COMPLETA, ' +
      'CANCELADA) and MH’s last rejection (codigoMsg, observaciones, the document). Once Temporal no longer ' +
      'keeps the campaign’s history, only the stored state and plan.',
    authenticated: true,
    permission: 'CERTIFICACION',
    responses: {
      200: json(
        'The campaign',
        exito({
          type: 'object',
          properties: {
            estado: { enum: ['EN_CURSO', 'PAUSADA', 'COMPLETA', 'CANCELADA'] },
            documentos: { type: 'object', additionalProperties: avance },
            invalidaciones: avance,
            contingencias: avance,
            ultimoRechazo: { type: ['object', 'null'] },
          },
        }),
        {
          status: 'success',
          data: {
            emisorId: 7,
            estado: 'PAUSADA',
            documentos: { CREDITO_FISCAL: { planificados: 3, aceptados: 1, rechazados: 1, enCurso: 0 } },
            invalidaciones: { planificados: 2, aceptados: 0, rechazados: 0, enCurso: 0 },
            contingencias: { planificados: 0, aceptados: 0, rechazados: 0, enCurso: 0 },
            reemplazos: 0,
            ultimoRechazo: {
              paso: 'CREDITO_FISCAL',
              codigoGeneracion: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
              codigoMsg: '009',
              descripcionMsg: 'NIT DEL RECEPTOR NO EXISTE',
              observaciones: [],
            },
            ritmo: 30,
            iniciadaEn: '2026-11-23T15:00:00.000Z',
          },
        },
      ),
    },
    errors: { 404: ['CERTIFICATION_NOT_FOUND'] },
  },
  {
    method: 'get',
    path: '/certificacion/informe',
    operationId: 'getInformeCertificacion',
    tag: 'Emisor',
    summary: 'The certification campaign’s record, for the taxpayer’s file',
    description:
      'Every document the campaign issued, in order (accepted, rejected, issued in contingencia: `detalle` names ' +
      'the CAT-005 tipo), each followed by the events MH accepted for it: the Evento de Contingencia that listed ' +
      'it, after the last document it listed (`clase` CONTINGENCIA, `documento` the documents it listed, ' +
      'space-separated, `detalle` its CAT-005 tipo), and its invalidation (`clase` INVALIDACION, `documento` the ' +
      'invalidated one, `detalle` its tipoAnulacion), each event with its own codigoGeneracion and sello. `csv`: the ' +
      'columns clase, tipoDte, codigoGeneracion, numeroControl, fecha (El Salvador time), estado, selloRecibido, ' +
      'documento, detalle (UTF-8, comma-separated, CRLF, RFC 4180 quoting); `pdf`: the same table printed on ' +
      'Letter pages. Also while the campaign runs: what it issued so far.',
    authenticated: true,
    permission: 'CERTIFICACION',
    parameters: [
      {
        name: 'formato',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['csv', 'pdf'], default: 'csv' },
      },
    ],
    responses: {
      200: {
        description: 'The record, as an attachment named `certificacion-<emisor>.<formato>`',
        headers: {
          'Content-Disposition': {
            description: '`attachment; filename="certificacion-7.csv"`',
            schema: { type: 'string' },
          },
        },
        content: {
          'text/csv': { schema: { type: 'string' } },
          'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['CERTIFICATION_NOT_FOUND'] },
  },
  senal(
    'pausar',
    'Pause the campaign',
    'PAUSADA after the step in flight, until `POST /certificacion/reanudar` (it goes on with the next step) or `cancelar`.',
  ),
  senal(
    'reanudar',
    'Resume a paused campaign',
    'After a pause, it goes on with the next step; after the emisor fixed what MH rejected, the rejected step is issued again.',
  ),
  senal('cancelar', 'Cancel the campaign', 'Ends it after the step in flight; what MH accepted stays accepted.'),
];

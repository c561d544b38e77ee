import type { z } from 'zod';
import { anulacionRequest } from '@dte/domain';
import { ANULACION_EXAMPLE, FACTURA, respuestaMh } from '../openapi/examples';
import { example, json, type Operation } from '../openapi/operation';
import { invalidated } from '../openapi/schemas';

const INVALIDATED_EXAMPLE: z.input<typeof invalidated> = {
  status: 'success',
  message: 'Documento anulado',
  data: {
    aceptado: true,
    codigoGeneracion: FACTURA,
    estado: 'CANCELLED',
    eventoCodigoGeneracion: '9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D',
    selloRecibido: '2025P7W3K9B2M4X8Z1C6V5N0R2T7Y4H9J3G8F1D6',
    respuestaMh: respuestaMh('9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D'),
    observaciones: [],
  },
};

export const anulacionOperations: Operation[] = [
  {
    method: 'post',
    path: '/dte/anulacion',
    operationId: 'invalidateDocument',
    tag: 'Documents',
    summary: 'Invalidate a document',
    description:
      'Checked before MH is asked: the document is the emisor’s, not invalidated, PROCESSED, of a kind that can ' +
      'be invalidated and within MH’s window for its kind; a named replacement (`codigoGeneracionR`, required for ' +
      '`tipoAnulacion` 1 and 3, except for a Nota de Crédito or Comprobante de Liquidación, which are invalidated ' +
      'first and name none) is the emisor’s and PROCESSED; no note or retorno of it is in force. MH rejecting the ' +
      'event is 422 INVALIDATION_REJECTED and leaves the document unchanged.',
    authenticated: true,
    permission: 'ANULACION',
    idempotent: true,
    request: { schema: anulacionRequest, required: true, examples: { default: ANULACION_EXAMPLE } },
    responses: {
      200: {
        description: 'MH accepted: the document is CANCELLED',
        content: json(invalidated, example('Accepted by MH', INVALIDATED_EXAMPLE)),
      },
    },
    errors: {
      400: ['DOCUMENT_NOT_PROCESSED', 'INVALID_ORIGIN_TYPE', 'INVALIDATION_PERIOD_EXPIRED'],
      404: ['DOCUMENT_NOT_FOUND'],
      409: ['DOCUMENT_ALREADY_CANCELLED', 'INVALIDATION_IN_PROGRESS', 'DOCUMENT_HAS_RELATED'],
      422: ['INVALIDATION_REJECTED'],
      503: ['MH_UNAVAILABLE'],
    },
  },
];

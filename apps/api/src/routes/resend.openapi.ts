import type { z } from 'zod';
import { resendRequest } from '@dte/domain';
import { EMITIDO, type Example } from '../openapi/examples';
import { codigoGeneracionParam, example, json, type Operation } from '../openapi/operation';
import { resent } from '../openapi/schemas';

const RESEND_EXAMPLE: Example = {
  summary: 'Send to another address this time',
  value: { email: 'contabilidad@example.com' },
};

const RESENT_EXAMPLE: z.input<typeof resent> = {
  status: 'success',
  message: 'Documento reenviado a contabilidad@example.com',
  data: {
    codigoGeneracion: EMITIDO,
    emailEnviado: 'contabilidad@example.com',
    correoEnviado: true,
    tipo: 'FACTURA_CONSUMIDOR_FINAL',
    estado: 'PROCESSED',
  },
};

export const resendOperations: Operation[] = [
  {
    method: 'post',
    path: '/dte/resend/{codigoGeneracion}',
    operationId: 'resendDocument',
    tag: 'Documents',
    summary: 'E-mail a document again',
    description:
      'Sends the signed JSON and the PDF of a PROCESSED or CANCELLED document to `email`, or to the receptor’s ' +
      'address without it. Any token of the emisor may resend.',
    authenticated: true,
    idempotent: true,
    parameters: [codigoGeneracionParam],
    request: { schema: resendRequest, required: false, examples: { default: RESEND_EXAMPLE } },
    responses: {
      200: { description: 'The SMTP server took the mail', content: json(resent, example('Sent', RESENT_EXAMPLE)) },
    },
    errors: {
      400: ['EMAIL_NOT_AVAILABLE'],
      404: ['DOCUMENT_NOT_FOUND'],
      409: ['DOCUMENT_REJECTED', 'DOCUMENT_NOT_PROCESSED', 'DOCUMENTO_IMPORTADO'],
      502: ['EMAIL_NOT_SENT'],
    },
  },
];

import type { z } from 'zod';
import { PAPELES } from '@dte/domain';
import { EMITIDO } from '../openapi/examples';
import { codigoGeneracionParam, type Operation } from '../openapi/operation';
import { pdfJson, type pdfBase64, type pdfUrl } from '../openapi/schemas';

const PDF_URL_EXAMPLE: z.input<typeof pdfUrl> = {
  status: 'success',
  data: {
    codigoGeneracion: EMITIDO,
    url: `https://storage.example.com/dte/emisores/empresa-demo/DTES/TEST/2025/11/22/DTE01/pdf/${EMITIDO}.pdf?X-Amz-Expires=900`,
    expiresIn: 900,
    filename: `${EMITIDO}.pdf`,
  },
};

const PDF_BASE64_EXAMPLE: z.input<typeof pdfBase64> = {
  status: 'success',
  data: {
    codigoGeneracion: EMITIDO,
    base64: 'JVBERi0xLjQKJcOkw7zDtsOfCjIgMCBvYmoK…',
    contentType: 'application/pdf',
    filename: `${EMITIDO}.pdf`,
  },
};

export const pdfOperations: Operation[] = [
  {
    method: 'get',
    path: '/dte/pdf/{codigoGeneracion}',
    operationId: 'getPdf',
    tag: 'Documents',
    summary: 'Get the PDF of an accepted document',
    description:
      '`view` and `download` answer the PDF (inline or as an attachment), `url` a presigned link, `base64` the ' +
      'file in JSON. `formato` chooses the paper: `carta` (Letter, the PDF stored at issuance), or a receipt ' +
      "printer's ticket, `ticket80` (80 mm wide) or `ticket58` (58 mm wide), one page as long as the document, " +
      'with everything MH requires of its legible version (emisor, receptor, lines, totals, codigoGeneracion, ' +
      'numeroControl, sello, the consultation QR). A PDF not in storage is rendered first; a ticket is rendered ' +
      'the first time it is asked for and kept.',
    authenticated: true,
    parameters: [
      codigoGeneracionParam,
      {
        name: 'format',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['view', 'download', 'url', 'base64'], default: 'view' },
      },
      {
        name: 'formato',
        in: 'query',
        required: false,
        description:
          'The paper: Letter or an 80 mm or 58 mm ticket; `ticket`: the ticket the point of sale or emisor ' +
          'is set to print, else 80 mm. Absent: the setting of the point of sale the document was issued at, ' +
          "else the emisor's, else carta.",
        schema: { type: 'string', enum: [...PAPELES, 'ticket'] },
      },
    ],
    responses: {
      200: {
        description: 'The PDF (`view`, `download`) or JSON (`url`, `base64`)',
        headers: {
          'Content-Disposition': {
            description:
              '`inline` (view) or `attachment` (download), with filename `<codigoGeneracion>.pdf` ' +
              '(a ticket: `<codigoGeneracion>-ticket80.pdf`, `-ticket58.pdf`)',
            schema: { type: 'string' },
          },
        },
        content: {
          'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
          'application/json': {
            schema: pdfJson,
            examples: {
              url: { summary: 'format=url', value: PDF_URL_EXAMPLE },
              base64: { summary: 'format=base64', value: PDF_BASE64_EXAMPLE },
            },
          },
        },
      },
    },
    errors: { 400: ['VALIDATION_ERROR'], 404: ['DOCUMENT_NOT_FOUND'], 409: ['PDF_NOT_AVAILABLE'] },
  },
];

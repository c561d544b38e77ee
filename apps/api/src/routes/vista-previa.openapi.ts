import { documentKind, versionEn } from '@dte/domain';
import { ISSUANCE_EXAMPLES } from '../openapi/examples';
import { example, json, type Operation } from '../openapi/operation';
import { vistaPrevia } from '../openapi/schemas';
import { issueOperations } from './issue.openapi';
import { ENDPOINTS } from './issue';

/** Each issuance operation's preview: the same body, permission and refusals, answered with the document. */
export const vistaPreviaOperations: Operation[] = issueOperations.map((issue) => {
  const tipo = ENDPOINTS[issue.path]!;
  const { tipoDte } = documentKind(tipo);
  const version = versionEn(tipo, '2026');
  // The Evento de Retorno names its type tipoEvento and carries no numeroControl.
  const tipoYNumero = tipoDte === '18' ? { tipoEvento: tipoDte } : { tipoDte, numeroControl: null };
  return {
    ...issue,
    path: `${issue.path}/vista-previa`,
    operationId: issue.operationId.replace(/^issue/, 'vistaPrevia'),
    summary: issue.summary.replace(/^Issue/, 'Preview'),
    description:
      `The document \`POST ${issue.path}\` would issue now, not issued: the same body, permission and refusals ` +
      'before numbering, answered with the DTE as the service would sign and send it (every line, the resumen ' +
      'with its totalLetras, the schema version the emisor is on), its codigoGeneracion and numeroControl null. ' +
      'Nothing is numbered, signed, stored or sent to MH, and an Idempotency-Key is ignored. The limits an ' +
      'original shares with its notes or retornos are checked as they stand: a preview reserves nothing.',
    idempotent: false,
    responses: {
      200: {
        description: 'The document as it would be issued (`dte` cut to its identificacion in this example)',
        content: json(
          vistaPrevia,
          example('The document, not issued', {
            status: 'success',
            data: {
              tipo,
              tipoDte,
              version,
              generacion: '2026',
              ambiente: '00',
              total: ISSUANCE_EXAMPLES[tipo].total,
              dte: {
                identificacion: {
                  version,
                  ambiente: '00',
                  ...tipoYNumero,
                  codigoGeneracion: null,
                  tipoModelo: 1,
                  tipoOperacion: 1,
                  fecEmi: '2026-11-22',
                  horEmi: '10:15:28',
                  tipoMoneda: 'USD',
                },
              },
            },
          }),
        ),
      },
    },
  };
});

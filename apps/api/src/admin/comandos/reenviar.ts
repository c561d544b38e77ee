import { randomUUID } from 'node:crypto';
import { ResendDte } from '@dte/contract';
import { destinatarioReenvio, DteError, ErrorCode, parseRequest, resendRequest } from '@dte/domain';
import { documentoPropio, Documents, maskEmail, TenantCache } from '@dte/store';
import { unwrapWorkflowError } from '../../http/workflow-errors';
import { auditarOperador } from '../auditoria';
import { print, type Comando } from '../comando';
import { conAvance, conTemporal } from '../temporal';

/**
 * E-mails a document again, as POST /dte/resend does: the same check (`destinatarioReenvio`: a sealed
 * document, to --correo or its receptor's address), then the same workflow, which checks it once more.
 */
export const reenviar: Comando = {
  nombre: 'reenviar',
  ayuda: `reenviar --emisor <id> --dte <codigoGeneracion> [--correo <address>]
                e-mails the document (its JSON and PDF) again, to --correo or its receptor's address, as
                POST /dte/resend does: only a document MH sealed`,
  opciones: { emisor: 'valor', dte: 'valor', correo: 'valor' },
  async ejecutar({ config, db, opciones }, args) {
    const o = opciones(args);
    const emisorId = o.id('emisor');
    const { email } = parseRequest(resendRequest, { email: o.optional('correo') ?? undefined });
    const documents = new Documents(db, new TenantCache(db.models, 0));
    const doc = await documentoPropio(documents, emisorId, o.opt('dte'), [
      'codigoGeneracion',
      'tipo',
      'estado',
      'receptorCorreo',
      'importacion',
    ]);
    const { codigoGeneracion, tipo, estado } = doc;
    const to = destinatarioReenvio(doc, email);
    const enviado = await conTemporal(config, (workflows) =>
      conAvance(
        `e-mailing document ${codigoGeneracion} to ${to}`,
        workflows
          .execute(ResendDte, {
            taskQueue: config.TEMPORAL_TASK_QUEUE,
            workflowId: ResendDte.workflowId(codigoGeneracion, randomUUID()),
            args: [{ codigoGeneracion, to }],
          })
          .catch((err: unknown) => {
            throw unwrapWorkflowError(err);
          }),
      ),
    );
    const data = { codigoGeneracion, emailEnviado: to, correoEnviado: enviado, tipo, estado };
    if (!enviado) throw new DteError(ErrorCode.EMAIL_NOT_SENT, 502, `No se pudo enviar el correo a ${to}`, { data });
    await auditarOperador(db, emisorId, 'DTE_REENVIADO', 'reenviar', {
      codigoGeneracion,
      detalles: { para: maskEmail(to) },
    });
    print(data, `document ${codigoGeneracion} e-mailed to ${to}`);
  },
};

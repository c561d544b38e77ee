import { urlPublica } from '@dte/config';
import type { EnlaceDeAccesoInput } from '@dte/contract';
import { DteError, ErrorCode, RUTA_DE_ENLACE, rutaDeEnlace, validationError } from '@dte/domain';
import { rolEn, Usuarios, VIGENCIA_ENLACE_MS } from '@dte/store';
import type { ActivityDependencies } from '../dependencies';
import { enlaceMessage } from '../mail';

/** The console's access links (issue 50), e-mailed to a person. */
export function createEnlaceActivities(deps: ActivityDependencies) {
  const usuarios = new Usuarios(deps.db.connection, deps.secrets);
  return {
    /**
     * Makes a link for the person and e-mails it; answers the Message-ID. The link is made here, so its
     * token is in no workflow's input or history. A start from the Temporal UI is checked as the API
     * checks it: a well-formed input, for a person who is a member of the emisor and not disabled there;
     * anything else is refused (a `DteError`, final) before a link exists. A retry after a failed send
     * makes another link: the one that was never sent is of no use to anyone, and expires.
     */
    async enviarEnlaceDeAcceso(input: EnlaceDeAccesoInput): Promise<string> {
      const { usuarioId, tipo, emisorId, invitadoPor } = input;
      if (
        typeof usuarioId !== 'string' ||
        !Number.isInteger(emisorId) ||
        typeof tipo !== 'string' ||
        !Object.hasOwn(RUTA_DE_ENLACE, tipo) ||
        (invitadoPor !== undefined && typeof invitadoPor !== 'string')
      )
        throw validationError('El pedido de enlace no es válido', [
          { field: 'input', message: 'usuarioId (texto), tipo (INVITACION o RESTABLECER), emisorId (entero)' },
        ]);
      const usuario = await usuarios.leer(usuarioId);
      const emisor = await deps.tenants.emisor(emisorId);
      if (!usuario || !emisor || !rolEn(usuario, emisorId))
        throw new DteError(
          ErrorCode.NOT_FOUND,
          404,
          `La persona ${usuarioId} no es usuario activo del emisor ${emisorId}: no se le envía ningún enlace`,
          { usuarioId, emisorId },
        );
      const token = await usuarios.crearEnlace(usuario._id, tipo);
      const enviado = await deps.mailer.send(
        enlaceMessage({
          to: usuario.correo,
          nombre: usuario.nombre,
          tipo,
          url: urlPublica(deps.config, rutaDeEnlace(tipo, token)),
          vigenciaMs: VIGENCIA_ENLACE_MS[tipo],
          emisorNombre: emisor.nombre,
          ...(invitadoPor ? { invitadoPor } : {}),
        }),
      );
      return enviado.messageId;
    },
  };
}

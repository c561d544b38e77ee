import { urlPublica } from '@dte/config';
import { esRol, rutaDeEnlace, ROLES } from '@dte/domain';
import { Personas, VIGENCIA_ENLACE_MS } from '@dte/store';
import { auditarOperador } from '../auditoria';
import { porAccion, print, type Comando } from '../comando';

/**
 * The console's persons from the shell: the first administrator of an emisor, who then invites the others
 * from the console, is invited here (issue 50). The invitation is recorded in the emisor's audit log as
 * the operator's.
 */
export const usuario: Comando = {
  nombre: 'usuario',
  ayuda: `usuario crear --emisor <id> --correo <address> --rol <ROL> [--nombre <text>]
                invites the person to the emisor's console with the role and prints the invitation link
                (${VIGENCIA_ENLACE_MS.INVITACION / 86_400_000} days, once), to hand to them; a person with
                that e-mail already is given the membership. roles: ${ROLES.join(', ')}`,
  opciones: { emisor: 'valor', correo: 'valor', rol: 'valor', nombre: 'valor' },
  ejecutar: porAccion('usuario', {
    async crear({ config, db, box }, o) {
      const emisorId = o.id('emisor');
      const correo = o.opt('correo');
      const rol = o.opt('rol');
      if (!esRol(rol)) throw new Error(`unknown role "${rol}"; known: ${ROLES.join(', ')}`);
      const personas = new Personas(db, box);
      const { usuario, creado } = await personas.invitar(correo, o.optional('nombre') ?? correo.trim(), {
        emisorId,
        rol,
      });
      const token = await personas.usuarios.crearEnlace(usuario._id, 'INVITACION');
      await auditarOperador(db, emisorId, 'USUARIO_INVITADO', 'usuario crear', {
        detalles: { usuarioId: usuario._id, correo: usuario.correo, rol },
      });
      print(
        {
          usuarioId: usuario._id,
          correo: usuario.correo,
          nombre: usuario.nombre,
          emisorId,
          rol,
          creado,
          enlace: urlPublica(config, rutaDeEnlace('INVITACION', token)),
          expira: new Date(Date.now() + VIGENCIA_ENLACE_MS.INVITACION).toISOString(),
        },
        `${usuario.correo} invited to emisor ${emisorId} as ${rol}: hand them the link, it works once`,
      );
    },
  }),
};

import { PERMISOS } from '@dte/domain';
import { auditarOperador } from '../auditoria';
import { contados, porAccion, print, type Comando } from '../comando';

function permissionsOf(list: string): string[] {
  if (list === 'ALL') return [...PERMISOS];
  const asked = list.split(',').map((p) => p.trim());
  const unknown = asked.filter((p) => !PERMISOS.includes(p));
  if (unknown.length) throw new Error(`unknown permissions ${unknown.join(', ')}; known: ${PERMISOS.join(', ')}`);
  return asked;
}

export const token: Comando = {
  nombre: 'token',
  ayuda: `token create --emisor <id> --establecimiento <id> --punto-venta <id> --name <text> --permissions <A,B,…|ALL>
                prints the token, this once
  token list --emisor <id>
  token revoke <id>
  permissions: ${PERMISOS.join(', ')}`,
  opciones: { emisor: 'valor', establecimiento: 'valor', 'punto-venta': 'valor', name: 'valor', permissions: 'valor' },
  ejecutar: porAccion('token', {
    async create({ db, tenants }, o) {
      const { token, record } = await tenants.createToken({
        emisorId: o.id('emisor'),
        establecimientoId: o.id('establecimiento'),
        puntoVentaId: o.id('punto-venta'),
        name: o.opt('name'),
        permissions: permissionsOf(o.opt('permissions')),
      });
      await auditarOperador(db, record.emisorId, 'TOKEN_CREADO', 'token create', {
        detalles: { id: record.id, nombre: record.name, permisos: record.permissions.join(',') },
      });
      // The only time the token is shown: the database keeps its hash.
      print(
        { id: record.id, token, permissions: record.permissions },
        `token ${record.id} created: keep it now, it is not shown again`,
      );
    },
    async list({ tenants }, o) {
      // Without `_id`, the token's hash: not shown either.
      contados(await tenants.tokens(o.id('emisor')), 'token(s)');
    },
    async revoke({ db, tenants }, o) {
      const id = Number(o.positionals[0]);
      if (!Number.isInteger(id)) throw new Error('token revoke <id>');
      if (!(await tenants.revokeToken(id))) throw new Error(`token ${id} does not exist or is already revoked`);
      // The command names the token alone: its emisor is the log it goes to.
      const revocado = (await tenants.tokenPorId(id))!;
      await auditarOperador(db, revocado.emisorId, 'TOKEN_REVOCADO', 'token revoke', {
        detalles: { id, nombre: revocado.name },
      });
      print({ id, revoked: true }, `token ${id} revoked`);
    },
  }),
};

import { userInfo } from 'node:os';
import type { AccionAuditoria } from '@dte/domain';
import { Auditoria, type Database } from '@dte/store';
import type { QueAuditar } from '../http/auditoria';

/** Who runs the admin CLI, as the audit log names them: the server's user. */
export const operador = () => ({ tipo: 'OPERADOR' as const, nombre: userInfo().username });

/**
 * Records in the emisor's audit log what the operator did with the admin CLI's `comando` (`token revoke`):
 * `auditar`'s entry without a request, so without an address or a request id.
 */
export async function auditarOperador(
  db: Database,
  emisorId: number,
  accion: AccionAuditoria,
  comando: string,
  que: Omit<QueAuditar, 'operacion'> = {},
): Promise<void> {
  await new Auditoria(db.connection).registrar(emisorId, {
    actor: operador(),
    accion,
    codigoGeneracion: que.codigoGeneracion ?? null,
    endpoint: `admin ${comando}`,
    direccion: null,
    requestId: null,
    detalles: que.detalles ?? {},
  });
}

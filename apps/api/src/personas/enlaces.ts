import type { TipoEnlace } from '@dte/store';
import type { ApiContext } from '../context';

// Placeholder until the e-mail workflow lands (branch h-enlaces replaces this file).
export async function enviarEnlace(
  _ctx: ApiContext,
  _input: { usuarioId: string; tipo: TipoEnlace; emisorId: number; invitadoPor?: string },
): Promise<void> {
  throw new Error('not yet');
}

import { z } from 'zod';
import { correo } from './common';

/** POST /dte/resend/:codigoGeneracion; without `email` the DTE's receptor address is used. A missing body is `{}`. */
export const resendRequest = z.object({ email: correo.optional() }).prefault({});
export type ResendRequest = z.output<typeof resendRequest>;

import { z } from 'zod';
import { correo } from './common';

/** POST /dte/resend/:codigoGeneracion; without `email` the DTE's receptor address is used. A missing body is `{}`. */
export const resendRequest = z.object({ email: correo.optional() }).prefault({});
export type ResendRequest = z.output<typeof resendRequest>;

/** POST /diagnostics/smoke: where the test mail goes (default smoke@example.test). */
export const smokeRequest = z.object({ email: correo.default('smoke@example.test') }).prefault({});
export type SmokeRequest = z.output<typeof smokeRequest>;

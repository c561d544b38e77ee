import type { TipoEnlace } from '@dte/domain';
import { defineWorkflow } from './workflow';

/**
 * Whom to e-mail a link and which. No link is in it: the activity makes the link itself, so its secret is
 * never in the workflow's input or history (which the Temporal UI shows).
 */
export interface EnlaceDeAccesoInput {
  usuarioId: string;
  tipo: TipoEnlace;
  /** The emisor the person is a member of (not disabled): an invitation names it; the activity checks it. */
  emisorId: number;
  /** An invitation's: the name of who invited the person. */
  invitadoPor?: string;
}

/**
 * E-mails a person a single-use, expiring link: an invitation to the console or a password reset. Started
 * by the API (`enviarEnlace`) with an id of its own per request, and waited for, so a failure reaches the
 * person who asked.
 */
export const EnlaceDeAcceso = {
  ...defineWorkflow<(input: EnlaceDeAccesoInput) => Promise<void>>('EnlaceDeAccesoWorkflow'),
  workflowId: (id: string) => `enlace-${id}`,
};

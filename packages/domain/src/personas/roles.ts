import { DTE_TIPOS, documentKind } from '../dte/document-kinds';

/**
 * Every permission, of an API token (admin CLI `token crear --permissions`) and of a person's role: issue
 * each kind (by MH's name for it), invalidate (ANULACION), manage the emisor's webhook endpoints
 * (WEBHOOKS), read its books and F-07 annexes (LIBROS), run its MH certification campaign (CERTIFICACION),
 * take in and read the documents received from suppliers and classify them (COMPRAS), compare one that
 * waits for a person with MH's consulta pública (COMPRAS_CONFIRMAR: a person's, never the token that sends
 * the documents in), and see the operations page of the web console (CONSOLA: the state of the webhook
 * endpoints, read-only).
 *
 * Issue 50 adds three: AUDITORIA reads the audit log (`GET /auditoria`), USUARIOS invites persons, changes
 * their roles, disables them and resets their second factor, REENVIO resends a document's e-mail. Until
 * now any token of the emisor could resend; SOPORTE resends while AUDITOR "changes nothing", so a person's
 * resend needs a permission of its own. It is required of a person's token only (a membership's, with a
 * `usuarioId`): a machine's token resends without it as before, so the tokens made before it existed and
 * the integrations that use them keep working (apps/api/src/routes/resend.ts).
 *
 * Issue 51 adds CATALOGOS: read and change the emisor's customer book and product catalog (`/clientes`,
 * `/productos`). Reading needs it too: the book holds the customers' identities, addresses and e-mails.
 *
 * COMPRAS_LECTURA reads the received documents and the purchase mailbox's state without taking documents in
 * or classifying them (COMPRAS reads them too): the auditor's view of the purchases.
 *
 * Issue 52 adds SONDEO_MH: probe MH now during a contingency (`POST /operaciones/sondeo`, the console's
 * "Probar MH ahora") instead of waiting for the backoff's next turn. It changes no document: MH is asked
 * once more, and if it answers the contingency goes on as it would have at the next turn.
 *
 * Issue 53 adds IMPORTACION: bring the documents the emisor issued with its previous provider
 * (`POST /importaciones`). The administrator's alone: imported documents enter the books and annexes.
 */
export const PERMISOS: readonly string[] = [
  ...DTE_TIPOS.map((tipo) => documentKind(tipo).permission),
  'ANULACION',
  'WEBHOOKS',
  'LIBROS',
  'CERTIFICACION',
  'CONSOLA',
  'COMPRAS',
  'COMPRAS_CONFIRMAR',
  'AUDITORIA',
  'USUARIOS',
  'REENVIO',
  'CATALOGOS',
  'COMPRAS_LECTURA',
  'SONDEO_MH',
  'IMPORTACION',
];

/** Either permission reads the received documents and the mailbox's state. */
export const LEER_COMPRAS = ['COMPRAS_LECTURA', 'COMPRAS'] as const;

/** The permissions that issue a kind of document, one per kind. */
const EMISION = DTE_TIPOS.map((tipo) => documentKind(tipo).permission);

export const ROLES = ['ADMINISTRADOR', 'FACTURADOR', 'SOPORTE', 'CONTADOR', 'AUDITOR'] as const;
export type Rol = (typeof ROLES)[number];

/**
 * What each role of a person in an emisor may do (issue 50). Every role carries CONSOLA: a person works
 * in the console.
 *
 * - ADMINISTRADOR manages users, tokens, webhooks and the emisor's settings. The emisor's owner, it holds
 *   every permission: no colleague can do what the person who appoints them cannot, and ANULACION (an
 *   irreversible act before MH) and CERTIFICACION rest with it alone.
 * - FACTURADOR issues and resends: every kind and REENVIO, and keeps the customers and products it issues
 *   to and with (CATALOGOS); not ANULACION, which the issue gives to no role but the administrator's.
 *   SONDEO_MH: whoever issues during an outage may ask whether MH is back.
 * - SOPORTE reads and resends, issues nothing and invalidates nothing: REENVIO, and SONDEO_MH, since
 *   watching an outage is support's work and a probe changes no document.
 * - CONTADOR reads the books and annexes and takes in, classifies and confirms purchases: LIBROS, COMPRAS,
 *   COMPRAS_CONFIRMAR (the person the confirmation is meant for).
 * - AUDITOR reads everything and changes nothing: LIBROS, AUDITORIA and COMPRAS_LECTURA (not COMPRAS,
 *   which also takes documents in and classifies them). Not SONDEO_MH either: a probe that MH answers sets
 *   the contingency going.
 * - CONTADOR does not watch MH's outages: no SONDEO_MH.
 */
export const PERMISOS_DEL_ROL: Readonly<Record<Rol, readonly string[]>> = {
  ADMINISTRADOR: PERMISOS,
  FACTURADOR: [...EMISION, 'REENVIO', 'CATALOGOS', 'SONDEO_MH', 'CONSOLA'],
  SOPORTE: ['REENVIO', 'SONDEO_MH', 'CONSOLA'],
  CONTADOR: ['LIBROS', 'COMPRAS', 'COMPRAS_CONFIRMAR', 'CONSOLA'],
  AUDITOR: ['LIBROS', 'AUDITORIA', 'COMPRAS_LECTURA', 'CONSOLA'],
};

export const esRol = (valor: string): valor is Rol => (ROLES as readonly string[]).includes(valor);

/** Whether a person with this role in an emisor holds the permission there. */
export const rolPermite = (rol: Rol, permiso: string): boolean => PERMISOS_DEL_ROL[rol].includes(permiso);

/**
 * What the audit log records (issue 50): every action that changes something, and the sign-ins. A closed
 * list, so the log's filter by acción and the console's labels cover every entry.
 */
export const ACCIONES_AUDITORIA = [
  /** A document issued (POST /dte/{tipo}) other than a retorno. */
  'DTE_EMITIDO',
  /** A retorno issued, apart from the other kinds: it gives back part of a sale already declared. */
  'RETORNO_EMITIDO',
  /** A document's invalidation asked of MH: irreversible. */
  'DTE_ANULADO',
  /** A document's e-mail sent again to its receptor. */
  'DTE_REENVIADO',
  /**
   * A share link of a document made (issue 53) by a person or token, or every link of the document revoked;
   * the token itself is never recorded. The link the document's e-mail carries is made by the delivery, no
   * one acting, and is not an entry.
   */
  'ENLACE_CREADO',
  'ENLACE_REVOCADO',
  'WEBHOOK_CREADO',
  'WEBHOOK_ELIMINADO',
  /** Its signing secret rotated. */
  'WEBHOOK_SECRETO_ROTADO',
  'WEBHOOK_HABILITADO',
  /** A delivery sent again by hand. */
  'WEBHOOK_REENTREGA',
  'TOKEN_CREADO',
  'TOKEN_REVOCADO',
  'TOKEN_PERMISOS_CAMBIADOS',
  'USUARIO_INVITADO',
  /** An invitation followed: the person set a password. */
  'USUARIO_ACTIVADO',
  'USUARIO_ROL_CAMBIADO',
  'USUARIO_DESHABILITADO',
  'USUARIO_HABILITADO',
  /** A second factor removed by an administrator: the person enrols again. */
  'USUARIO_SEGUNDO_FACTOR_RESTABLECIDO',
  'USUARIO_SEGUNDO_FACTOR_ACTIVADO',
  'USUARIO_CONTRASENA_CAMBIADA',
  /** A session ended by its person or an administrator, before it expired. */
  'SESION_CERRADA',
  /** The emisor's rule that every person uses a second factor, set or lifted. */
  'SEGUNDO_FACTOR_OBLIGATORIO_CAMBIADO',
  'COMPRA_CLASIFICADA',
  'COMPRA_CONFIRMADA',
  /**
   * The mailbox suppliers' documents are read from, set or removed (`POST`/`DELETE /buzon`): a setting of
   * the emisor, with a credential. Taking a document in (`POST /compras`, a reading of the mailbox) is not
   * an action of the log: the mailbox's schedule does it with no one acting, and the purchase's record keeps
   * where it came from.
   */
  'BUZON_CONFIGURADO',
  'BUZON_ELIMINADO',
  /** A certification campaign started, paused, resumed or cancelled. */
  'CERTIFICACION_COMANDO',
  /**
   * An emisor moved to production (`emisor produccion`): with `sinCertificacion`, the reason a person gave
   * for doing it without a completed campaign at MH's quotas.
   */
  'EMISOR_PRODUCCION',
  /**
   * The paper of the emisor's PDFs, or of a point of sale's, when GET /dte/pdf names none (`emisor
   * formato-pdf`, `punto-venta formato-pdf`): `detalles` names the point of sale, the setting before and after.
   */
  'FORMATO_PDF_CAMBIADO',
  /** How many days the emisor's share links work (`emisor enlace-vigencia`): the setting before and after. */
  'ENLACE_VIGENCIA_CAMBIADA',
  /**
   * The emisor's own sender on its e-mails (From name, Reply-To) or its logo, set or removed (console
   * Configuración, `emisor remitente`, `emisor logo`): `detalles` hold the setting before and after.
   */
  'REMITENTE_CAMBIADO',
  'LOGO_CAMBIADO',
  /**
   * A correlativo series' next number set, for an emisor that continues another provider's (`correlativo
   * fijar`, console Configuración): `detalles` name the series, the last number taken before and the next.
   */
  'CORRELATIVO_FIJADO',
  /** A customer of the book created (also from a document's receptor: its codigoGeneracion), changed, deleted. */
  'CLIENTE_CREADO',
  'CLIENTE_MODIFICADO',
  'CLIENTE_ELIMINADO',
  /** A file of customers imported whole (`detalles.creados`). */
  'CLIENTES_IMPORTADOS',
  'PRODUCTO_CREADO',
  'PRODUCTO_MODIFICADO',
  'PRODUCTO_ELIMINADO',
  'PRODUCTOS_IMPORTADOS',
  /** MH probed at a person's request during a contingency (`detalles`: when, and whether it answered). */
  'SONDEO_MH',
  /** Documents issued with a previous provider brought in (`detalles`: the import's id and file name). */
  'IMPORTACION_INICIADA',
  'INICIO_SESION',
  /** A wrong password or second factor: recorded under the e-mail given, whether or not a person has it. */
  'INICIO_SESION_FALLIDO',
] as const;
export type AccionAuditoria = (typeof ACCIONES_AUDITORIA)[number];

export const esAccionAuditoria = (valor: string): valor is AccionAuditoria =>
  (ACCIONES_AUDITORIA as readonly string[]).includes(valor);

/**
 * Who did it: a person (its id and the e-mail it had then, which the log keeps if the person is renamed
 * or disabled) or an API token (its id and name). A failed sign-in has no person yet: `ANONIMO` with the
 * e-mail that was given.
 */
export type Actor =
  | { tipo: 'USUARIO'; id: string; correo: string }
  | { tipo: 'TOKEN'; id: number; nombre: string }
  | { tipo: 'ANONIMO'; correo: string }
  /** The admin CLI, run on the server by its operator (the system's user name). */
  | { tipo: 'OPERADOR'; nombre: string };

/** The actor as one string, what the log's `actor` filter compares: `usuario:<id>`, `token:<id>`, `correo:<e-mail>`,
 * `operador:<name>`. */
export function claveDeActor(actor: Actor): string {
  switch (actor.tipo) {
    case 'USUARIO':
      return `usuario:${actor.id}`;
    case 'TOKEN':
      return `token:${actor.id}`;
    case 'ANONIMO':
      return `correo:${actor.correo}`;
    case 'OPERADOR':
      return `operador:${actor.nombre}`;
  }
}

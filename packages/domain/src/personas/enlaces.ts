/** A link e-mailed to a person (issue 50): to follow an invitation, or to set a new password. */
export type TipoEnlace = 'INVITACION' | 'RESTABLECER';

/** Where the console takes each kind of link, the link's token after it: the e-mail and the console agree here. */
export const RUTA_DE_ENLACE: Readonly<Record<TipoEnlace, string>> = {
  INVITACION: '/consola/invitacion',
  RESTABLECER: '/consola/restablecer',
};

/** The path of a link of this kind with its token. */
export const rutaDeEnlace = (tipo: TipoEnlace, token: string): string =>
  `${RUTA_DE_ENLACE[tipo]}/${encodeURIComponent(token)}`;

/**
 * A person's e-mail as it identifies them: trimmed and lower-cased, so `Ana@Empresa.sv` and
 * `ana@empresa.sv ` are one person. The local part is case-sensitive in RFC 5321, but no mail provider a
 * business in El Salvador uses treats it so, and two accounts differing only in case are a mistake.
 */
export const normalizarCorreo = (correo: string): string => correo.trim().toLowerCase();

/** Whether it reads as an e-mail address (one @, a dot in its domain, no spaces): what a person can mistype. */
export const esCorreo = (correo: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(correo);

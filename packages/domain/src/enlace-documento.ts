/**
 * A document's share link (issue 53): its public page, and the WhatsApp message that carries it. Pure, so
 * the API's answer, the console and the e-mail build the same ones.
 */

/** The public page of a link, on the API's public address (`urlPublica`). */
export const rutaEnlaceDocumento = (token: string): string => `/d/${token}`;

/**
 * A telephone as wa.me wants it: digits only, with the country code. MH's `telefono` is 8 to 30 characters
 * as the receptor gave it ("2222-3333", "+503 7777 8888"); eight digits are a Salvadoran number, without
 * its 503. Fewer than eight digits are no number to send to.
 */
export function telefonoWhatsapp(telefono: string | null | undefined): string | null {
  const digitos = (telefono ?? '').replace(/\D/g, '');
  if (digitos.length === 8) return `503${digitos}`;
  return digitos.length > 8 ? digitos : null;
}

/**
 * `https://wa.me/<number>?text=…`: WhatsApp opens a chat with the receptor's number, or lets the person
 * choose the chat without one, with the message written.
 */
export function urlWhatsapp(
  url: string,
  documento: { nombre: string; numeroControl: string; emisor: string },
  telefono?: string | null,
): string {
  const texto = `${documento.emisor}: su ${documento.nombre} ${documento.numeroControl}. Véalo y descárguelo aquí: ${url}`;
  return `https://wa.me/${telefonoWhatsapp(telefono) ?? ''}?text=${encodeURIComponent(texto)}`;
}

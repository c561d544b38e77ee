/**
 * The paper a document's PDF is printed on: Letter (the PDF stored at issuance, the default) or a receipt
 * printer's roll, 80 mm or 58 mm wide, cut at the document's length (`GET /dte/pdf/…?formato=`).
 */
export const PAPELES = ['carta', 'ticket80', 'ticket58'] as const;
export type Papel = (typeof PAPELES)[number];

export function esPapel(value: unknown): value is Papel {
  return typeof value === 'string' && (PAPELES as readonly string[]).includes(value);
}

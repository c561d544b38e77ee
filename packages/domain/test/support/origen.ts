import type { Dte, OriginDocument } from '../../src';

/** A sello de recepción as MH returns it: 40 characters [A-Z0-9], starting with the year. */
export const SELLO = '2026' + 'AB12CD34EF56GH78IJ90KL12MN34OP56QR78';

/** A built DTE as stored once MH accepted it (estado PROCESSED, with its sello). */
export function aceptado(dte: Dte, overrides: Partial<Omit<OriginDocument, 'dte'>> = {}): OriginDocument {
  return { estado: 'PROCESSED', dte, selloRecibido: SELLO, ...overrides };
}

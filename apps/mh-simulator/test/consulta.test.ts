import { consultaPermitida, nitReceptor } from '../src/recepcion/consulta';
import type { Documento } from '../src/store';

/** Whom consultadte answers for a document it holds: its emisor and its receptor, nobody else. */

const PROVEEDOR = '06141111111111';
const RECEPTOR = '06142222222222';
const documento = (nitReceptor: string | null) => ({ nitEmisor: PROVEEDOR, nitReceptor }) as Documento;

describe('consultadte for documents of other emisores', () => {
  it('reads the receptor’s NIT from receptor.nit or a document of type 36 or 13, digits only', () => {
    expect(nitReceptor({ receptor: { nit: '0614-222222-222-2' } })).toBe(RECEPTOR);
    expect(nitReceptor({ receptor: { tipoDocumento: '36', numDocumento: RECEPTOR } })).toBe(RECEPTOR);
    expect(nitReceptor({ receptor: { tipoDocumento: '13', numDocumento: '01234567-8' } })).toBe('012345678');
    expect(nitReceptor({ receptor: { tipoDocumento: '03', numDocumento: 'P1234567' } })).toBeNull();
    expect(nitReceptor({ receptor: null })).toBeNull();
  });

  it('answers the emisor and the receptor asking with the emisor’s NIT, and nobody else', () => {
    expect(consultaPermitida(documento(RECEPTOR), PROVEEDOR, PROVEEDOR)).toBe(true);
    expect(consultaPermitida(documento(RECEPTOR), PROVEEDOR, RECEPTOR)).toBe(true);
    expect(consultaPermitida(documento(RECEPTOR), PROVEEDOR, '06143333333333')).toBe(false);
    // The receptor must name the document's emisor, as the emisor must.
    expect(consultaPermitida(documento(RECEPTOR), '06143333333333', RECEPTOR)).toBe(false);
    expect(consultaPermitida(documento(null), PROVEEDOR, RECEPTOR)).toBe(false);
  });
});

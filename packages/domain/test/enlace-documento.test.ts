import { rutaEnlaceDocumento, telefonoWhatsapp, urlWhatsapp } from '../src';

describe('a document’s share link', () => {
  it('writes a telephone as wa.me wants it: digits, with 503 before a Salvadoran 8-digit number', () => {
    expect(telefonoWhatsapp('2222-3333')).toBe('50322223333');
    expect(telefonoWhatsapp('77778888')).toBe('50377778888');
    expect(telefonoWhatsapp('+503 7777 8888')).toBe('50377778888');
    expect(telefonoWhatsapp('+1 (212) 555-0100')).toBe('12125550100');
    expect(telefonoWhatsapp('1234')).toBeNull();
    expect(telefonoWhatsapp(null)).toBeNull();
    expect(telefonoWhatsapp(undefined)).toBeNull();
  });

  it('shares the link by WhatsApp, to the receptor’s number when there is one', () => {
    const url = `https://dte.example.com${rutaEnlaceDocumento('abc_-9')}`;
    expect(url).toBe('https://dte.example.com/d/abc_-9');
    const documento = { nombre: 'Factura', numeroControl: 'DTE-01-M001P001-000000000000007', emisor: 'Ferretería Sol' };
    const texto =
      'Ferretería Sol: su Factura DTE-01-M001P001-000000000000007. Véalo y descárguelo aquí: ' +
      'https://dte.example.com/d/abc_-9';
    expect(urlWhatsapp(url, documento, '2222-3333')).toBe(
      `https://wa.me/50322223333?text=${encodeURIComponent(texto)}`,
    );
    expect(urlWhatsapp(url, documento)).toBe(`https://wa.me/?text=${encodeURIComponent(texto)}`);
  });
});

import { DteError, formatoDeImagen, logoValido, remitenteValido } from '../src';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof DteError ? { code: err.code, status: err.httpStatus, details: err.details } : err;
  }
  return null;
};

describe("the emisor's own sender", () => {
  it('trims what is given and takes an empty field as no setting', () => {
    expect(remitenteValido({ nombre: '  Café Ñandú ', responderA: ' hola@cafe.sv ' })).toEqual({
      nombre: 'Café Ñandú',
      responderA: 'hola@cafe.sv',
    });
    expect(remitenteValido({ nombre: '', responderA: '   ' })).toEqual({ nombre: null, responderA: null });
  });

  it('refuses, each beside its field, a name on two lines or too long and an address that is none', () => {
    expect(refusal(() => remitenteValido({ nombre: 'Café\r\nBcc: x@y.sv', responderA: 'hola@cafe' }))).toEqual({
      code: 'VALIDATION_ERROR',
      status: 400,
      details: {
        errors: [
          { field: 'nombre', message: 'Escriba el nombre en una sola línea' },
          { field: 'responderA', message: '«hola@cafe» no es una dirección de correo' },
        ],
      },
    });
    expect(refusal(() => remitenteValido({ nombre: 'x'.repeat(101) }))).toMatchObject({
      details: { errors: [{ field: 'nombre', message: 'Use hasta 100 caracteres' }] },
    });
    expect(remitenteValido({ nombre: 'x'.repeat(100) }).nombre).toHaveLength(100);
  });
});

describe("the emisor's logo", () => {
  it('is a PNG or a JPEG by its bytes, whatever its name, of 512 KB at most', () => {
    expect(logoValido(PNG)).toEqual({ tipo: 'image/png', ext: 'png' });
    expect(logoValido(JPEG)).toEqual({ tipo: 'image/jpeg', ext: 'jpg' });
    expect(logoValido(Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length)])).ext).toBe('png');
    expect(refusal(() => logoValido(Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length + 1)])))).toMatchObject({
      code: 'LOGO_TOO_LARGE',
      status: 400,
    });
  });

  it('refuses an image of another format and what is no image, as the PDF still shows the former', () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect([formatoDeImagen(gif)?.tipo, formatoDeImagen(svg)?.tipo]).toEqual(['image/gif', 'image/svg+xml']);
    for (const bytes of [gif, svg, Buffer.from('no soy una imagen'), Buffer.alloc(0)])
      expect(refusal(() => logoValido(bytes))).toMatchObject({ code: 'LOGO_NOT_IMAGE', status: 400 });
  });
});

import {
  comprobarCodigoTotp,
  hashCodigoDeRecuperacion,
  hashContrasena,
  nuevosCodigosDeRecuperacion,
  nuevoSecretoTotp,
  pasoTotp,
  qrTotpSvg,
  uriTotp,
  verificarContrasena,
} from '../src/seguridad';

describe("a person's password", () => {
  it('is stored as an argon2id hash with OWASP parameters, and verifies only itself', async () => {
    const guardado = await hashContrasena('caballo correcto batería grapa');
    expect(guardado).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(guardado).not.toContain('caballo');
    expect(await verificarContrasena(guardado, 'caballo correcto batería grapa')).toBe(true);
    expect(await verificarContrasena(guardado, 'caballo correcto batería grapA')).toBe(false);
    // Salted: the same password hashes differently each time.
    expect(await hashContrasena('caballo correcto batería grapa')).not.toBe(guardado);
  });

  it('is refused when too short or too long, and a missing hash (no such person) verifies nothing', async () => {
    await expect(hashContrasena('corta')).rejects.toThrow('de 12 a 256 caracteres');
    await expect(hashContrasena('x'.repeat(257))).rejects.toThrow('de 12 a 256 caracteres');
    expect(await verificarContrasena(null, 'contraseña de nadie')).toBe(false);
    expect(await verificarContrasena(await hashContrasena('x'.repeat(256)), 'x'.repeat(257))).toBe(false);
  });
});

/** RFC 6238 appendix B's secret for HMAC-SHA1, the ASCII "12345678901234567890", in base32. */
const SECRETO_RFC = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const en = (segundos: number) => new Date(segundos * 1000);

describe('a TOTP code', () => {
  // RFC 6238 appendix B gives 8-digit codes; a 6-digit code is their last six digits (the same value mod 10^6).
  it("is RFC 6238's for its test vectors", () => {
    expect(comprobarCodigoTotp(SECRETO_RFC, '287082', null, en(59))).toBe(1);
    expect(comprobarCodigoTotp(SECRETO_RFC, '081804', null, en(1111111109))).toBe(37037036);
    expect(comprobarCodigoTotp(SECRETO_RFC, '050471', null, en(1111111111))).toBe(37037037);
    expect(comprobarCodigoTotp(SECRETO_RFC, '005924', null, en(1234567890))).toBe(41152263);
    expect(comprobarCodigoTotp(SECRETO_RFC, '279037', null, en(2000000000))).toBe(66666666);
    expect(comprobarCodigoTotp(SECRETO_RFC, '353130', null, en(20000000000))).toBe(666666666);
  });

  it('is accepted one step early or late, not two', () => {
    // 081804 is step 37037036's (T = 1111111080…1111111109).
    expect(comprobarCodigoTotp(SECRETO_RFC, '081804', null, en(1111111080 - 30))).toBe(37037036);
    expect(comprobarCodigoTotp(SECRETO_RFC, '081804', null, en(1111111109 + 30))).toBe(37037036);
    expect(comprobarCodigoTotp(SECRETO_RFC, '081804', null, en(1111111109 + 31))).toBeNull();
    expect(comprobarCodigoTotp(SECRETO_RFC, '081804', null, en(1111111080 - 31))).toBeNull();
  });

  it('is refused once its step, or a later one, was used', () => {
    expect(comprobarCodigoTotp(SECRETO_RFC, '081804', 37037035, en(1111111109))).toBe(37037036);
    expect(comprobarCodigoTotp(SECRETO_RFC, '081804', 37037036, en(1111111109))).toBeNull();
    // The previous step's code, still in the window, after the current one was used.
    expect(comprobarCodigoTotp(SECRETO_RFC, '081804', 37037037, en(1111111111))).toBeNull();
  });

  it('is six digits of its own secret, nothing else', () => {
    expect(comprobarCodigoTotp(SECRETO_RFC, '94287082', null, en(59))).toBeNull();
    expect(comprobarCodigoTotp(SECRETO_RFC, '28708a', null, en(59))).toBeNull();
    expect(comprobarCodigoTotp(nuevoSecretoTotp(), '287082', null, en(59))).toBeNull();
  });

  it('numbers its steps as RFC 6238 §4.2 does', () => {
    expect(pasoTotp(en(59))).toBe(1);
    expect(pasoTotp(en(60))).toBe(2);
  });
});

describe('TOTP enrolment', () => {
  it('gives a 160-bit secret, its otpauth URI and a QR code in SVG', async () => {
    const secreto = nuevoSecretoTotp();
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    expect(nuevoSecretoTotp()).not.toBe(secreto);
    const uri = uriTotp(secreto, 'ana@empresa.sv');
    expect(uri).toBe(
      `otpauth://totp/DTE%20El%20Salvador:ana%40empresa.sv?issuer=DTE%20El%20Salvador&secret=${secreto}` +
        '&algorithm=SHA1&digits=6&period=30',
    );
    const svg = await qrTotpSvg(uri);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
  });
});

describe('recovery codes', () => {
  it('are ten distinct random codes, and each is stored as a hash that reads it typed any way', () => {
    const codigos = nuevosCodigosDeRecuperacion();
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    for (const codigo of codigos) expect(codigo).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const [codigo] = codigos as [string];
    const guardado = hashCodigoDeRecuperacion(codigo);
    expect(guardado).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCodigoDeRecuperacion(` ${codigo.toLowerCase().replace(/-/g, ' ')} `)).toBe(guardado);
    expect(hashCodigoDeRecuperacion(codigos[1]!)).not.toBe(guardado);
  });
});

import { loadConfig } from '@dte/config';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { autenticar, envio, http, nuevoEmisor } from './cliente';
import { stack } from '../support/stack';
import { factura } from './documentos';

/** The lifetime the running simulator was configured with (48 h, MH's test environment, unless overridden). */
async function ttl(): Promise<number> {
  const env = ((await Promise.resolve(stack())) as { env?: Record<string, string> }).env;
  return Number(env?.MH_SIM_TOKEN_TTL_SECONDS ?? loadConfig().MH_SIM_TOKEN_TTL_SECONDS);
}

const form = (campos: Record<string, string>) => new URLSearchParams(campos).toString();

describe('POST /seguridad/auth', () => {
  it("answers MH's success shape with a 'Bearer ' HS512 token for the configured lifetime", async () => {
    const emisor = await nuevoEmisor();
    const res = await (await http()).post('/seguridad/auth', form({ user: emisor.nit, pwd: emisor.password }));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      status: 'OK',
      body: {
        user: emisor.nit,
        token: expect.stringMatching(/^Bearer eyJ/),
        rol: {
          nombre: 'Usuario',
          codigo: 'ROLE_USER',
          descripcion: null,
          rolSuperior: null,
          nivel: null,
          activo: null,
          permisos: null,
        },
        roles: ['ROLE_USER'],
        tokenType: 'Bearer',
      },
    });
    const jwt = res.data.body.token.slice('Bearer '.length);
    expect(decodeProtectedHeader(jwt).alg).toBe('HS512');
    const { sub, iat, exp } = decodeJwt(jwt);
    expect(sub).toBe(emisor.nit);
    expect(exp! - iat!).toBe(await ttl());
  });

  it.each([
    ['an unknown user', { user: '06140000000009', pwd: 'x' }, 'Usuario no valido'],
    ['a missing password', { user: '06140000000009' }, 'ERROR EN PARÁMETRO SOLICITADO: user, pwd'],
  ])("answers MH's error shape (HTTP 200, status ERROR) to %s", async (_caso, campos, message) => {
    const res = await (await http()).post('/seguridad/auth', form(campos as Record<string, string>));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: 'ERROR', error: 'Unauthorized', message });
  });

  it('refuses a wrong password', async () => {
    const emisor = await nuevoEmisor();
    const res = await (await http()).post('/seguridad/auth', form({ user: emisor.nit, pwd: `${emisor.password}!` }));
    expect(res.data).toEqual({ status: 'ERROR', error: 'Unauthorized', message: 'CREDENCIALES INVÁLIDAS' });
  });
});

describe('the token on the other endpoints', () => {
  it('is required exactly as returned: "Bearer Bearer …" or garbage is 401', async () => {
    const emisor = await nuevoEmisor();
    const api = await http();
    for (const Authorization of [`Bearer ${emisor.token}`, 'Bearer nada', emisor.token.slice('Bearer '.length)]) {
      const res = await api.post('/fesv/recepciondte', {}, { headers: { Authorization } });
      expect(res.status).toBe(401);
      expect(res.data).toEqual({ status: 'ERROR', error: 'Unauthorized', message: 'ERROR TOKEN INVÁLIDO' });
    }
  });

  it('expires after its lifetime on MH clock', async () => {
    const emisor = await nuevoEmisor();
    const vida = await ttl();
    await emisor.control('/clock', { offsetSeconds: vida - 60 });
    expect((await envio(emisor, factura(emisor.nit))).status).toBe(200);
    await emisor.control('/clock', { offsetSeconds: vida + 60 });
    const vencido = await envio(emisor, factura(emisor.nit));
    expect(vencido.status).toBe(401);
    emisor.token = await autenticar(await http(), emisor.nit, emisor.password);
    expect((await envio(emisor, factura(emisor.nit))).status).toBe(200);
    await emisor.control('/clock', { offsetSeconds: 0 });
  });
});

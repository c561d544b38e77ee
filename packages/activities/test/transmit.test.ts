import { MockActivityEnvironment } from '@temporalio/testing';
import type { RespuestaMh, TransmitOutcome } from '@dte/contract';
import { transmitWithPolicy, type TransmitInput } from '../src/dte/transmit';
import type { MhCall, MhClient, MhCredentials } from '../src/mh/mh-client';

const CODIGO = '3F2A8C1D-7B4E-4A9F-8E21-5C6D0B9A1E37';
const SELLO = '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6';
const creds: MhCredentials = { nit: '06141804941035', password: 'Secreto-123456' };
const input: TransmitInput & { documento: string } = {
  emisorId: 1,
  ambiente: '00',
  tipoDte: '01',
  version: 1,
  codigoGeneracion: CODIGO,
  documento: 'eyJhbGciOiJSUzUxMiJ9.eyJ0aXBvRHRlIjoiMDEifQ.firma',
};

function respuesta(fields: Partial<RespuestaMh> = {}): RespuestaMh {
  return {
    version: 2,
    ambiente: '00',
    versionApp: 2,
    estado: 'PROCESADO',
    codigoGeneracion: CODIGO,
    selloRecibido: SELLO,
    fhProcesamiento: '14/03/2026 10:22:05',
    clasificaMsg: '10',
    codigoMsg: '001',
    descripcionMsg: 'RECIBIDO',
    observaciones: [],
    ...fields,
  };
}

const procesado = respuesta();
const rechazado = respuesta({
  estado: 'RECHAZADO',
  selloRecibido: null,
  clasificaMsg: '20',
  codigoMsg: '096',
  descripcionMsg: '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR',
});
const answered = (body: RespuestaMh): MhCall<RespuestaMh> => ({ answered: true, status: 200, body });
const timeout: MhCall<RespuestaMh> = { answered: false, reason: 'ECONNABORTED: timeout of 8000ms exceeded' };

type Endpoint = 'recepciondte' | 'consultadte';

/** A stand-in for MH that answers each endpoint from a script, in order, and records every call. */
function scriptedMh(script: Partial<Record<Endpoint, MhCall<RespuestaMh>[]>>) {
  const calls: { endpoint: Endpoint; body: Record<string, unknown> }[] = [];
  const fake = {
    async post(_creds: MhCredentials, path: string, body: Record<string, unknown>) {
      const endpoint = path.split('/').filter(Boolean).pop() as Endpoint;
      calls.push({ endpoint, body });
      const next = script[endpoint]?.shift();
      if (!next) throw new Error(`unscripted call #${calls.length} to ${path}`);
      return next;
    },
  };
  return { mh: fake as unknown as MhClient, calls, endpoints: () => calls.map((c) => c.endpoint) };
}

function transmit(mh: MhClient, attempt = 1, overrides: Partial<TransmitInput> = {}): Promise<TransmitOutcome> {
  return new MockActivityEnvironment({ attempt }).run(transmitWithPolicy, mh, creds, { ...input, ...overrides });
}

describe('transmitWithPolicy (Manual Técnico §3.1)', () => {
  it('sends once, without consulting, when the first send of the first attempt is accepted', async () => {
    const { mh, calls, endpoints } = scriptedMh({ recepciondte: [answered(procesado)] });

    await expect(transmit(mh)).resolves.toEqual({ result: 'PROCESADO', respuesta: procesado });
    expect(endpoints()).toEqual(['recepciondte']);
    expect(calls[0]!.body).toEqual({
      ambiente: '00',
      idEnvio: 1,
      version: 1,
      tipoDte: '01',
      documento: input.documento,
      codigoGeneracion: CODIGO,
    });
  });

  it("returns MH's rejection after a single send", async () => {
    const { mh, endpoints } = scriptedMh({ recepciondte: [answered(rechazado)] });

    await expect(transmit(mh)).resolves.toEqual({ result: 'RECHAZADO', respuesta: rechazado });
    expect(endpoints()).toEqual(['recepciondte']);
  });

  it('gives up as UNREACHABLE after three unanswered sends, consulting before each resend', async () => {
    const { mh, calls, endpoints } = scriptedMh({
      recepciondte: [timeout, timeout, { answered: false, reason: 'MH answered HTTP 503' }],
      consultadte: [timeout, timeout],
    });

    await expect(transmit(mh)).resolves.toEqual({ result: 'UNREACHABLE', reason: 'MH answered HTTP 503' });
    expect(endpoints()).toEqual(['recepciondte', 'consultadte', 'recepciondte', 'consultadte', 'recepciondte']);
    expect(calls.filter((c) => c.endpoint === 'recepciondte').map((c) => c.body.idEnvio)).toEqual([1, 2, 3]);
    expect(calls.find((c) => c.endpoint === 'consultadte')!.body).toEqual({
      nitEmisor: creds.nit,
      tdte: '01',
      codigoGeneracion: CODIGO,
    });
  });

  it('does not send again when the consult after a timeout finds the document sealed', async () => {
    const { mh, endpoints } = scriptedMh({ recepciondte: [timeout], consultadte: [answered(procesado)] });

    await expect(transmit(mh)).resolves.toEqual({ result: 'PROCESADO', respuesta: procesado });
    expect(endpoints()).toEqual(['recepciondte', 'consultadte']);
  });

  it('recovers the existing sello by consulting when MH says the document was already received (004)', async () => {
    const yaRecibido = respuesta({
      estado: 'RECHAZADO',
      selloRecibido: null,
      clasificaMsg: '20',
      codigoMsg: '004',
      descripcionMsg: 'DOCUMENTO YA RECIBIDO',
    });
    const { mh, endpoints } = scriptedMh({ recepciondte: [answered(yaRecibido)], consultadte: [answered(procesado)] });

    await expect(transmit(mh)).resolves.toEqual({ result: 'PROCESADO', respuesta: procesado });
    expect(endpoints()).toEqual(['recepciondte', 'consultadte']);
  });

  // A retried activity may have sent before it crashed: MH must never receive the document twice as new.
  it('consults before its first send when the activity is a retried attempt', async () => {
    const { mh, endpoints } = scriptedMh({ consultadte: [answered(procesado)] });

    await expect(transmit(mh, 2)).resolves.toEqual({ result: 'PROCESADO', respuesta: procesado });
    expect(endpoints()).toEqual(['consultadte']);
  });

  it('consults before its first send on the first attempt when asked to (consultarAntes)', async () => {
    const { mh, calls, endpoints } = scriptedMh({ consultadte: [timeout], recepciondte: [answered(procesado)] });

    await expect(transmit(mh, 1, { consultarAntes: true })).resolves.toEqual({
      result: 'PROCESADO',
      respuesta: procesado,
    });
    expect(endpoints()).toEqual(['consultadte', 'recepciondte']);
    expect(calls[1]!.body.idEnvio).toBe(1);
  });

  it.each([
    ['RECHAZADO', rechazado],
    ['PROCESADO without a sello', respuesta({ selloRecibido: null })],
  ])('sends when the consult finds the document %s, which is not sealed', async (_, held) => {
    const { mh, endpoints } = scriptedMh({ consultadte: [answered(held)], recepciondte: [answered(procesado)] });

    await expect(transmit(mh, 2)).resolves.toEqual({ result: 'PROCESADO', respuesta: procesado });
    expect(endpoints()).toEqual(['consultadte', 'recepciondte']);
  });
});

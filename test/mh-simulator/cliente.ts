import { randomInt, sign } from 'node:crypto';
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { generateCertificadoMH, parseCertificadoMH, signDte, type CertificadoMH } from '@dte/domain';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';
import type { Json } from './documentos';

/**
 * Talks to the running simulator the way the service does: real HTTP, MH's endpoints plus the /__sim
 * control API. Every test makes its own emisor (random NIT) and scopes control settings to it, so test
 * files can run in parallel against one simulator.
 */
export async function simulatorUrl(): Promise<string> {
  return (await Promise.resolve(stack())).mhSimulator;
}

export async function http(timeout = 10000): Promise<AxiosInstance> {
  return axios.create({ baseURL: await simulatorUrl(), timeout, validateStatus: () => true });
}

export const nuevoNit = () => `0614${String(randomInt(1e9)).padStart(9, '0')}${randomInt(10)}`;

export interface Emisor {
  nit: string;
  password: string;
  cert: CertificadoMH;
  token: string;
  /** Authenticates again (after moving MH's clock, the old token may have expired). */
  renovarToken(): Promise<void>;
  firmar(documento: object): string;
  post(ruta: string, body: unknown): Promise<AxiosResponse>;
  get(ruta: string): Promise<AxiosResponse>;
  control(ruta: string, body: Record<string, unknown>): Promise<AxiosResponse>;
}

/** Registers a fresh emisor with its own CertificadoMH and authenticates it. */
export async function nuevoEmisor(): Promise<Emisor> {
  const api = await http();
  const nit = nuevoNit();
  const password = `Api-Pwd#${randomInt(1e6)}x`;
  const { xml } = generateCertificadoMH({ nit, privatePassword: 'privada-123' });
  const registro = await api.post('/__sim/emisores', { nit, password, certificado: xml });
  if (registro.status !== 201) throw new Error(`register emisor: ${registro.status} ${JSON.stringify(registro.data)}`);
  const cert = parseCertificadoMH(xml);
  const emisor: Emisor = {
    nit,
    password,
    cert,
    token: await autenticar(api, nit, password),
    renovarToken: async () => {
      emisor.token = await autenticar(api, nit, password);
    },
    firmar: (documento) => signDte(documento, cert.privateKeyDer),
    post: (ruta, body) => api.post(ruta, body, { headers: { Authorization: emisor.token } }),
    get: (ruta) => api.get(ruta, { headers: { Authorization: emisor.token } }),
    control: (ruta, body) => api.post(`/__sim${ruta}`, { emisor: nit, ...body }),
  };
  return emisor;
}

export async function autenticar(api: AxiosInstance, user: string, pwd: string): Promise<string> {
  const res = await api.post('/seguridad/auth', new URLSearchParams({ user, pwd }).toString(), {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (res.data?.status !== 'OK') throw new Error(`auth: ${JSON.stringify(res.data)}`);
  return res.data.body.token as string;
}

/** A JWS with a valid signature whose header says RS256, as some integrations wrongly send. */
export function firmarRs256(documento: object, cert: CertificadoMH): string {
  const header = Buffer.from('{"alg":"RS256"}').toString('base64url');
  const payload = Buffer.from(JSON.stringify(documento)).toString('base64url');
  const key = { key: cert.privateKeyDer, format: 'der' as const, type: 'pkcs8' as const };
  return `${header}.${payload}.${sign('sha256', Buffer.from(`${header}.${payload}`), key).toString('base64url')}`;
}

/** Keeps the original signature over a changed payload. */
export function adulterar(jws: string, cambio: (documento: Json) => void): string {
  const [header, payload, signature] = jws.split('.') as [string, string, string];
  const documento = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  cambio(documento);
  return `${header}.${Buffer.from(JSON.stringify(documento)).toString('base64url')}.${signature}`;
}

/** recepciondte with the request fields taken from the document, as the service sends them (the Retorno's tipoEvento as tipoDte). */
export function envio(emisor: Emisor, documento: Json, jws = emisor.firmar(documento)) {
  const { ambiente, version, tipoDte, tipoEvento, codigoGeneracion } = documento.identificacion;
  return emisor.post('/fesv/recepciondte', {
    ambiente,
    idEnvio: 1,
    version,
    tipoDte: tipoDte ?? tipoEvento,
    documento: jws,
    codigoGeneracion,
  });
}

/** Polls consultadtelote until MH has processed the lote. */
export function resultadoLote(emisor: Emisor, codigoLote: string) {
  return eventually(`lote ${codigoLote} to be processed`, async () => {
    const res = await emisor.get(`/fesv/recepcion/consultadtelote/${codigoLote}`);
    return res.status === 200 && res.data.procesados.length + res.data.rechazados.length > 0 && res.data;
  });
}

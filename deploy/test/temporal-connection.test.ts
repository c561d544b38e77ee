import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, temporalConnectionOptions } from '@dte/config';

/** The options the API and the worker connect to Temporal with: local, mTLS, or a Temporal Cloud API key. */
describe('temporalConnectionOptions', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-temporal-tls-'));
    for (const name of ['client.pem', 'client.key', 'ca.pem']) fs.writeFileSync(file(name), `PEM of ${name}`);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('connects in plain gRPC to the local stack by default', () => {
    expect(temporalConnectionOptions(loadConfig({}))).toEqual({ address: '127.0.0.1:7233' });
  });

  it('reads the client certificate pair, the CA and the server name for mTLS', () => {
    const config = loadConfig({
      TEMPORAL_ADDRESS: 'dte.a1b2c.tmprl.cloud:7233',
      TEMPORAL_TLS_CERT_PATH: file('client.pem'),
      TEMPORAL_TLS_KEY_PATH: file('client.key'),
      TEMPORAL_TLS_CA_PATH: file('ca.pem'),
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
    });
    const options = temporalConnectionOptions(config);
    expect(options.address).toBe('dte.a1b2c.tmprl.cloud:7233');
    expect(options.tls?.clientCertPair?.crt.toString()).toBe('PEM of client.pem');
    expect(options.tls?.clientCertPair?.key.toString()).toBe('PEM of client.key');
    expect(options.tls?.serverRootCACertificate?.toString()).toBe('PEM of ca.pem');
    expect(options.tls?.serverNameOverride).toBe('temporal.internal');
    expect(options.apiKey).toBeUndefined();
  });

  it('passes a Temporal Cloud API key and leaves TLS to the SDK', () => {
    const config = loadConfig({ TEMPORAL_ADDRESS: 'us-east-1.aws.api.temporal.io:7233', TEMPORAL_API_KEY: 'key' });
    expect(temporalConnectionOptions(config)).toEqual({ address: 'us-east-1.aws.api.temporal.io:7233', apiKey: 'key' });
  });

  it.each([
    ['TEMPORAL_TLS_CERT_PATH', 'TEMPORAL_TLS_KEY_PATH'],
    ['TEMPORAL_TLS_KEY_PATH', 'TEMPORAL_TLS_CERT_PATH'],
  ])('refuses %s without %s, naming both', (given, missing) => {
    expect(() => loadConfig({ [given]: file('client.pem') })).toThrow(ConfigError);
    expect(() => loadConfig({ [given]: file('client.pem') })).toThrow(new RegExp(`${missing}: .*${given}`));
  });

  it('stops start-up naming the variable whose file cannot be read', () => {
    const config = loadConfig({
      TEMPORAL_TLS_CERT_PATH: file('client.pem'),
      TEMPORAL_TLS_KEY_PATH: file('missing.key'),
    });
    expect(() => temporalConnectionOptions(config)).toThrow(ConfigError);
    expect(() => temporalConnectionOptions(config)).toThrow(/TEMPORAL_TLS_KEY_PATH: cannot read/);
  });
});

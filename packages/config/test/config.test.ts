import { ConfigError, loadConfig } from '../src';

describe('configuration module', () => {
  it('defaults to the embedded local stack', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      API_PORT: 3000,
      MONGODB_URI: 'mongodb://127.0.0.1:27017/dte',
      TEMPORAL_ADDRESS: '127.0.0.1:7233',
      TEMPORAL_NAMESPACE: 'default',
      MH_BASE_URL: 'http://127.0.0.1:3100',
      MH_TIMEOUT_MS: 8000,
      MH_SIM_CONTROL_ENABLED: false,
    });
  });

  it.each([
    ['API_PORT', 'not-a-port'],
    ['MONGODB_URI', 'postgres://x'],
    ['S3_ENDPOINT', 'nope'],
    ['SECRET_KEY', 'too-short'],
    ['LOG_LEVEL', 'loud'],
    ['MH_SIM_CONTROL_ENABLED', 'maybe'],
  ])('a bad %s stops start-up with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("refuses an MH_TIMEOUT_MS one reception's exchanges would not fit in its 2-minute limit", () => {
    // At worst a login, then a consult before each of the three sends: 7 exchanges; 120,000 / 7 = 17,142 ms.
    expect(loadConfig({ MH_TIMEOUT_MS: '17142' }).MH_TIMEOUT_MS).toBe(17142);
    expect(() => loadConfig({ MH_TIMEOUT_MS: '17143' })).toThrow(/\bMH_TIMEOUT_MS\b/);
  });

  it('runs the worker without its metrics endpoint on WORKER_METRICS_PORT=0, and checks body sizes', () => {
    expect(loadConfig({}).WORKER_METRICS_PORT).toBe(9464);
    expect(loadConfig({ WORKER_METRICS_PORT: '0' }).WORKER_METRICS_PORT).toBe(0);
    expect(loadConfig({ API_BODY_LIMIT: '512kb' }).API_BODY_LIMIT).toBe('512kb');
    expect(() => loadConfig({ API_BODY_LIMIT: 'lots' })).toThrow(/\bAPI_BODY_LIMIT\b/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/\bRATE_LIMIT_PER_MINUTE\b/);
  });

  it("leaves the worker's workflow cache to the SDK unless WORKER_MAX_CACHED_WORKFLOWS sizes it", () => {
    expect(loadConfig({}).WORKER_MAX_CACHED_WORKFLOWS).toBeUndefined();
    expect(loadConfig({ WORKER_MAX_CACHED_WORKFLOWS: '6000' }).WORKER_MAX_CACHED_WORKFLOWS).toBe(6000);
    expect(() => loadConfig({ WORKER_MAX_CACHED_WORKFLOWS: '-1' })).toThrow(/\bWORKER_MAX_CACHED_WORKFLOWS\b/);
  });

  it("in production refuses to start without API_PUBLIC_URL or with the local stack's SECRET_KEY, naming them", () => {
    const production = {
      NODE_ENV: 'production',
      SECRET_KEY: 'ab'.repeat(32),
      API_PUBLIC_URL: 'https://dte.example.com',
    };
    expect(loadConfig(production).API_PUBLIC_URL).toBe('https://dte.example.com');
    const { API_PUBLIC_URL: _, ...sinUrl } = production;
    expect(() => loadConfig(sinUrl)).toThrow(/API_PUBLIC_URL: must be set in production \(NODE_ENV=production\)/);
    const { SECRET_KEY: __, ...sinClave } = production;
    expect(() => loadConfig(sinClave)).toThrow(/SECRET_KEY: must be set in production/);
    // The local stack (npm start, the tests) keeps its defaults.
    expect(loadConfig({ NODE_ENV: 'development' }).API_PUBLIC_URL).toBeUndefined();
    expect(() => loadConfig({})).not.toThrow();
  });

  it('parses booleans and numbers from strings', () => {
    expect(loadConfig({ MH_SIM_CONTROL_ENABLED: 'true', API_PORT: '4000' })).toMatchObject({
      MH_SIM_CONTROL_ENABLED: true,
      API_PORT: 4000,
    });
  });
});

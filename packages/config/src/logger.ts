import pino, { type Level, type Logger } from 'pino';

/** Fields that hold a secret: a tenant's MH password, certificate and key, API and MH tokens, storage keys. */
const SECRET_FIELDS = [
  'password',
  'pwd',
  'secrets',
  'certificado',
  'certificadoPassword',
  'mhPassword',
  'privateKey',
  'token',
  'SECRET_KEY',
  'S3_SECRET_KEY',
];

/**
 * Structured JSON logs; secret fields are redacted at the top level and one level down (pino has no deeper
 * wildcard). `config` is `@dte/config`'s Config, by the field read: this file is below index.ts.
 */
export function createLogger(config: { LOG_LEVEL: Level | 'silent' }, service: string): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service },
    redact: {
      paths: [
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
        '*.headers.authorization',
        '*.headers.Authorization',
        '*.headers["x-api-token"]',
        '*.headers.cookie',
        // An axios error carries the request it failed on: the MH login form and the MH bearer token.
        'err.config.data',
        'err.config.headers.Authorization',
      ],
      censor: '[redacted]',
    },
  });
}
export type { Logger };

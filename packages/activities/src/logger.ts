import pino, { type Logger } from 'pino';
import type { Config } from '@dte/config';

/** Structured JSON logs; anything that could hold a secret is redacted wherever it appears. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, service: string): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service },
    redact: {
      paths: [
        '*.password',
        '*.pwd',
        '*.secrets',
        '*.certificado',
        '*.certificadoPassword',
        '*.mhPassword',
        '*.token',
        'req.headers.authorization',
        'req.headers["x-api-token"]',
      ],
      censor: '[redacted]',
    },
  });
}
export type { Logger };

import fs from 'node:fs';
import { MAX_TIMEOUT_MH_MS, TIMEOUT_MH_MS } from '@dte/domain/limites';
import { z } from 'zod';
import { KEEP_ALIVE_SECONDS } from './keep-alive';

/**
 * The single source of runtime configuration for every process of the service.
 * Each variable is documented in the README (section "Configuration"); defaults are the
 * embedded local stack that `npm start` brings up on loopback.
 */
const port = z.coerce.number().int().min(1).max(65535);
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  /**
   * `production` (the Dockerfile's images set it) turns the defaults that only fit a developer's machine
   * into start-up errors; any other value, or none, is the local stack.
   */
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: port.default(3000),
  /**
   * Largest JSON body the API parses, in body-parser's syntax (`1mb`, `512kb`); larger bodies get 413. The
   * default holds MH's largest document: 2,000 items of 1,500-character descriptions.
   */
  API_BODY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(b|kb|mb)$/i, 'must be a size such as 1mb or 512kb')
    .default('5mb'),
  /**
   * How long an issuance request waits for MH's verdict before it is answered 202 with the
   * codigoGeneracion and the estado known so far (the document goes on; a retry with the same
   * Idempotency-Key gets its outcome). Above MH's own retry policy (three 8-second sends and their consults).
   */
  ISSUANCE_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(90),
  /**
   * How long the API keeps an idle keep-alive connection open. Above a load balancer's idle timeout (60 s
   * is common), so the balancer, not the API, closes an idle connection: otherwise a request the balancer
   * sends on a connection the API is closing fails (a 502). Clients read it from `Keep-Alive: timeout=`.
   */
  API_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(KEEP_ALIVE_SECONDS),
  /** Requests one API token may make per minute on one API process. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Requests one address may make per minute to the documents' public pages (`/d/…`, the share links) on one
   * API process: enough for a receptor, too few to try tokens.
   */
  ENLACE_PEDIDOS_POR_MINUTO: z.coerce.number().int().min(1).default(60),
  /** How long a stopping API or worker waits for in-flight requests and activities before giving up. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI')
    .default('mongodb://127.0.0.1:27017/dte'),
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('dte'),
  /** mTLS client certificate and key (PEM files), e.g. for Temporal Cloud; both or neither. */
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  /** The server's root CA (PEM file) when it is not one the system trusts, as with a self-hosted cluster's own CA. */
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  /** The name the server's certificate carries, when it differs from TEMPORAL_ADDRESS's host. */
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  /** Temporal Cloud API key; the connection then uses TLS even without the variables above. */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().default('http://127.0.0.1:9000'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY: z.string().min(3).default('dte-minio'),
  S3_SECRET_KEY: z.string().min(8).default('dte-minio-secret'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .default('dte'),
  S3_PRESIGN_SECONDS: z.coerce.number().int().min(60).max(604800).default(900),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('DTE Service <dte@localhost>'),
  /**
   * Largest e-mail sent, attachments encoded: a document whose PDF (or JSON) would exceed it gets links to
   * its stored files instead (many SMTP servers refuse 10 MB).
   */
  MAIL_MAX_BYTES: z.coerce.number().int().min(200_000).default(10_000_000),
  MH_BASE_URL: z.url().default('http://127.0.0.1:3100'),
  /**
   * Each exchange with MH (Manual Técnico §3.1: 8 s). One reception holds several within its 2-minute limit
   * (`MAX_TIMEOUT_MH_MS`, `@dte/domain/limites`): a larger timeout would let the limit cut a reception short.
   */
  MH_TIMEOUT_MS: z.coerce.number().int().min(100).max(MAX_TIMEOUT_MH_MS).default(TIMEOUT_MH_MS),
  /** MH's windows per kind and generation always apply (`PLAZOS_MH`); DIAS also bounds them by the spec's days below. */
  ANULACION_PLAZOS: z.enum(['DIAS', 'MH']).default('DIAS'),
  /** With DIAS: days after the sello within which a DTE 01, 11 or 14 may be invalidated (the spec's table). */
  ANULACION_PLAZO_CONSUMIDOR_DIAS: z.coerce.number().int().min(0).default(90),
  /** With DIAS: days after the sello within which any other kind may be invalidated (the spec's table). */
  ANULACION_PLAZO_CONTRIBUYENTE_DIAS: z.coerce.number().int().min(0).default(30),
  /**
   * The instant from which an emisor without a cut-over of its own issues in MH's 2026 schemas (Normativa
   * DTE 2.0); before it, in the 2023 ones. ISO 8601 with its offset. The README says why this default.
   */
  NORMATIVA_2026_DESDE: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 instant with its offset, e.g. 2026-12-01T00:00:00-06:00' })
    .default('2026-12-01T00:00:00-06:00'),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  PDF_POOL_SIZE: z.coerce.number().int().min(1).max(16).default(2),
  /** Most DTEs one Chromium print makes (the README says what it trades); 1 prints each alone. */
  PDF_BATCH_SIZE: z.coerce.number().int().min(1).max(50).default(10),
  /** How long a DTE waits for others to share its print while a page is free; 0 never waits. */
  PDF_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(5000).default(0),
  /** How long a worker keeps an issuer's emisor, establecimiento and punto de venta records before reading them again. */
  TENANT_CACHE_SECONDS: z.coerce.number().min(0).default(10),
  /** 32 bytes as 64 hex characters: the AES-256-GCM key that encrypts tenant secrets at rest. */
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .default('6465762d6f6e6c792d6b65792d6368616e67652d6d652d696e2d70726f642121'),
  DTE_DEV_TOKEN: z.string().min(16).optional(),
  /** A workflow bundle pre-built by `apps/worker/dist/bundle.js`; unset: the worker bundles at start-up. */
  WORKFLOW_BUNDLE_PATH: z.string().min(1).optional(),
  /**
   * Workflows a worker keeps in memory (about 0.5 MB each); unset: the SDK's default from the heap limit.
   * Every document waiting in contingency is a workflow: one evicted is replayed from its history when
   * its verdict arrives; a cache as large as the backlog avoids those replays, at the cost of memory.
   */
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(0).optional(),
  /**
   * Whether this worker creates the service's Temporal Schedules (or brings them in line) at start-up: off
   * for workers of another task queue, which would otherwise move the schedules onto their queue.
   */
  WORKER_SCHEDULES: bool.default(true),
  /** The worker's Prometheus endpoint (`/metrics`, `/health`); port 0 runs the worker without it. */
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /**
   * The API's address as integrators reach it, for the links events carry (`GET /dte/:codigoGeneracion`)
   * and those e-mailed to persons (the console's invitations and password resets); unset:
   * http://API_HOST:API_PORT.
   */
  API_PUBLIC_URL: z.url().optional(),
  /**
   * Temporal's Web UI as operators reach it (e.g. http://127.0.0.1:8233): the console's operations page links
   * each workflow there. Unset: it shows the workflow ids without links.
   */
  TEMPORAL_UI_URL: z.url().optional(),
  /** A webhook delivery is retried after this many seconds, the wait doubling up to the maximum. */
  WEBHOOK_REINTENTO_SEGUNDOS: z.coerce.number().int().min(1).default(30),
  WEBHOOK_REINTENTO_MAX_SEGUNDOS: z.coerce.number().int().min(1).default(3600),
  /** How long a webhook delivery is retried before it is given up (FALLIDO in its log). */
  WEBHOOK_PLAZO_HORAS: z.coerce.number().positive().max(720).default(72),
  /**
   * How long one delivery attempt may last in all: connecting, the receiver's headers and its body. A
   * receiver that answers slowly, byte by byte, is cut off then like one that never answers.
   */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  /**
   * Whether endpoints may point at loopback, private, link-local (cloud metadata) and other non-public
   * addresses: an operator's setting for a stack on a developer's machine (on in `npm start` and the test
   * stack), never a tenant's. Off, such a destination is refused at creation and at every connection.
   */
  WEBHOOK_PERMITIR_DESTINOS_PRIVADOS: bool.default(false),
  /**
   * Webhook delivery attempts one worker runs at once, on a task queue of their own
   * (`<TEMPORAL_TASK_QUEUE>-webhooks`): slow receivers wait in that queue, never in the slots issuance uses.
   */
  WEBHOOK_ENTREGAS_SIMULTANEAS: z.coerce.number().int().min(1).max(1000).default(20),
  /** An endpoint none of whose attempts has been answered 2xx for this long is disabled. */
  WEBHOOK_DESHABILITAR_HORAS: z.coerce.number().positive().max(720).default(72),
  MH_SIM_PORT: port.default(3100),
  MH_SIM_HOST: z.string().min(1).default('127.0.0.1'),
  MH_SIM_DB_NAME: z.string().min(1).default('mh-simulator'),
  MH_SIM_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(172800),
  MH_SIM_CONTROL_ENABLED: bool.default(false),
  /** Seconds before MH is probed again during a contingency; the wait doubles up to the maximum. */
  CONTINGENCIA_SONDEO_SEGUNDOS: z.coerce.number().int().min(1).default(30),
  CONTINGENCIA_SONDEO_MAX_SEGUNDOS: z.coerce.number().int().min(1).default(600),
  /** MH's deadline for the Evento de Contingencia, in hours after the outage ends (Manual Funcional §IX). */
  CONTINGENCIA_PLAZO_EVENTO_HORAS: z.coerce.number().positive().default(24),
  /** MH's deadline for the contingency lotes, in hours after the event's sello (Manual Funcional §IX). */
  CONTINGENCIA_PLAZO_LOTES_HORAS: z.coerce.number().positive().default(72),
  /** How often the Temporal Schedule looks for documents whose MH outcome nobody waits for any more. */
  UNKNOWN_OUTCOME_SCAN_SECONDS: z.coerce.number().int().min(10).default(300),
  /** How often the Temporal Schedule reads every emisor's mailbox (POST /buzon) for suppliers' Archivos DTE. */
  BUZON_LECTURA_SEGUNDOS: z.coerce.number().int().min(10).default(300),
  /**
   * Whether a mailbox's IMAP server may be at a loopback, private, link-local (cloud metadata) or other
   * non-public address: an operator's setting (on in `npm start` and the test stack, whose Dovecot is on
   * loopback, or for a deployment whose tenants' mail servers are on its own network), never a tenant's.
   * Off, such a host is refused when the mailbox is set and at every connection. Its own setting, not
   * WEBHOOK_PERMITIR_DESTINOS_PRIVADOS: opening the internal network to IMAP logins need not open it to
   * signed POSTs.
   */
  BUZON_PERMITIR_DESTINOS_PRIVADOS: bool.default(false),
  /**
   * Above this amount (USD, the document's total) a received document MH confirmed waits for a person to
   * compare it with MH's consulta pública before it counts (POR_CONFIRMAR): MH's consultadte does not
   * carry the amounts. An emisor sets its own (admin CLI `emisor compras`); `0` makes every one wait.
   */
  COMPRAS_MONTO_CONFIRMACION: z
    .string()
    .regex(/^\d{1,11}(\.\d{1,2})?$/, 'an amount in USD, e.g. 1000.00')
    .default('1000.00'),
  /** The hour of El Salvador's day (0–23) at which the daily reconciliation with MH runs, for the day before. */
  CONCILIACION_HORA: z.coerce.number().int().min(0).max(23).default(3),
  /** A PENDIENTE document younger than this is still in its own exchange with MH and is left alone. */
  UNKNOWN_OUTCOME_MIN_AGE_SECONDS: z.coerce.number().int().min(0).default(600),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** The SECRET_KEY of the local stack, public in this file: tenant secrets sealed with it are not secret. */
const SECRET_KEY_DESARROLLO = schema.shape.SECRET_KEY.parse(undefined);

const checked = schema.superRefine((config, ctx) => {
  if (config.NODE_ENV === 'production') {
    // Webhook events link to GET /dte/{codigoGeneracion} on it; the fallback, API_HOST:API_PORT, is the
    // pod's listening address (0.0.0.0), which no integrator can reach.
    if (!config.API_PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['API_PUBLIC_URL'],
        message: 'must be set in production (NODE_ENV=production): the https address integrators reach the API at',
      });
    }
    if (config.SECRET_KEY === SECRET_KEY_DESARROLLO) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRET_KEY'],
        message:
          "must be set in production (NODE_ENV=production): the default is the local stack's, published in the code",
      });
    }
  }
  // A certificate without its key (or the reverse) would otherwise surface as a TLS handshake failure.
  const pair = ['TEMPORAL_TLS_CERT_PATH', 'TEMPORAL_TLS_KEY_PATH'] as const;
  for (const [given, missing] of [pair, [pair[1], pair[0]]] as const) {
    if (config[given] && !config[missing]) {
      ctx.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${given}` });
    }
  }
});

/** Parses and validates the environment; a bad value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = checked.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * `ruta` on the API's address as those outside reach it: the links webhook events carry, and those e-mailed
 * to persons (an invitation, a password reset). API_PUBLIC_URL, else the address the API listens on.
 */
export function urlPublica(config: Pick<Config, 'API_PUBLIC_URL' | 'API_HOST' | 'API_PORT'>, ruta: string): string {
  const base = config.API_PUBLIC_URL ?? `http://${config.API_HOST}:${config.API_PORT}`;
  return `${base.replace(/\/$/, '')}${ruta}`;
}

/** Every variable with its default, for documentation and the deployment manifest checks. */
export const configVariables = Object.keys(schema.shape) as (keyof Config)[];

/** What both `Connection.connect` (API) and `NativeConnection.connect` (worker) take. */
export interface TemporalConnectionOptions {
  address: string;
  tls?: {
    clientCertPair?: { crt: Buffer; key: Buffer };
    serverRootCACertificate?: Buffer;
    serverNameOverride?: string;
  };
  apiKey?: string;
}

/**
 * How every process reaches Temporal: plain gRPC to the local stack, mTLS, or a Temporal Cloud API key.
 * The PEM files are read here, once per process, so a missing file stops start-up naming its variable.
 */
export function temporalConnectionOptions(config: Config): TemporalConnectionOptions {
  const read = (name: 'TEMPORAL_TLS_CERT_PATH' | 'TEMPORAL_TLS_KEY_PATH' | 'TEMPORAL_TLS_CA_PATH', file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (err) {
      throw new ConfigError(`Invalid configuration:\n  ${name}: cannot read ${file}: ${(err as Error).message}`);
    }
  };
  const { TEMPORAL_TLS_CERT_PATH: cert, TEMPORAL_TLS_KEY_PATH: key, TEMPORAL_TLS_CA_PATH: ca } = config;
  const tls = {
    ...(cert && key
      ? { clientCertPair: { crt: read('TEMPORAL_TLS_CERT_PATH', cert), key: read('TEMPORAL_TLS_KEY_PATH', key) } }
      : {}),
    ...(ca ? { serverRootCACertificate: read('TEMPORAL_TLS_CA_PATH', ca) } : {}),
    ...(config.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: config.TEMPORAL_TLS_SERVER_NAME } : {}),
  };
  return {
    address: config.TEMPORAL_ADDRESS,
    // No TLS variable: plain gRPC, unless an API key is given, which makes the SDK use TLS with the system's CAs.
    ...(Object.keys(tls).length ? { tls } : {}),
    ...(config.TEMPORAL_API_KEY ? { apiKey: config.TEMPORAL_API_KEY } : {}),
  };
}

export { createLogger, type Logger } from './logger';
export { KEEP_ALIVE_SECONDS, keepIdleConnections } from './keep-alive';

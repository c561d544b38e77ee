import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { keepIdleConnections } from '@dte/config';
import { eventually } from './eventually';

/** One request the receiver got, as it came. */
export interface Recibido {
  id: string;
  timestamp: string;
  firma: string;
  body: string;
  type: string;
  data: Record<string, unknown>;
  /**
   * With `ReceptorWebhooks.secreto` set: the event as it verified on arrival, or why it did not. A receiver
   * checks a signature's freshness when the request comes, not minutes later when a test looks at it.
   */
  alLlegar?: { secreto: string; evento?: unknown; error?: Error };
}

/**
 * A webhook receiver on loopback, as an integrator would run one: it keeps every request and answers what
 * `responder` says (a status, `'colgar'` to never answer, or `'gotear'` to answer 200 and then one byte
 * of a long body every second, for as long as the sender reads). Signatures are checked with the
 * `standardwebhooks` package, an implementation independent of the service's.
 */
export class ReceptorWebhooks {
  readonly recibidos: Recibido[] = [];
  /** The endpoint's secret, when known before the deliveries: each request is then verified as it arrives. */
  secreto: string | null = null;
  responder: (r: Recibido) => number | 'colgar' | 'gotear' = () => 200;
  /** Requests whose connection is open now, and the most that ever were at once. */
  abiertas = 0;
  maxAbiertas = 0;

  private readonly server = http.createServer((req, res) => {
    this.maxAbiertas = Math.max(this.maxAbiertas, ++this.abiertas);
    res.on('close', () => this.abiertas--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const evento = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      const r: Recibido = {
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        firma: String(req.headers['webhook-signature']),
        body,
        type: evento.type,
        data: evento.data,
      };
      if (this.secreto) {
        const secreto = this.secreto;
        try {
          r.alLlegar = { secreto, evento: this.verificarAhora(secreto, r) };
        } catch (error) {
          r.alLlegar = { secreto, error: error as Error };
        }
      }
      this.recibidos.push(r);
      const respuesta = this.responder(r);
      if (respuesta === 'gotear') {
        res.writeHead(200, { 'content-length': '100000' }).flushHeaders();
        const goteo = setInterval(() => res.write('x'), 1000);
        res.on('close', () => clearInterval(goteo));
      } else if (respuesta !== 'colgar') res.writeHead(respuesta).end();
    });
  });
  url = '';

  static async iniciar(): Promise<ReceptorWebhooks> {
    const receptor = new ReceptorWebhooks();
    // As an integrator's server should: the service's deliveries let go of an idle socket first.
    keepIdleConnections(receptor.server);
    await new Promise<void>((resolve) => receptor.server.listen(0, '127.0.0.1', resolve));
    receptor.url = `http://127.0.0.1:${(receptor.server.address() as AddressInfo).port}/eventos`;
    return receptor;
  }

  /**
   * The event as the secret verifies it (standardwebhooks throws on a bad or stale signature): as it
   * verified on arrival when it was verified then with this secret, otherwise now.
   */
  verificar(secreto: string, r: Recibido): unknown {
    if (r.alLlegar?.secreto === secreto) {
      if (r.alLlegar.error) throw r.alLlegar.error;
      return r.alLlegar.evento;
    }
    return this.verificarAhora(secreto, r);
  }

  private verificarAhora(secreto: string, r: Recibido): unknown {
    return new Webhook(secreto).verify(r.body, {
      'webhook-id': r.id,
      'webhook-timestamp': r.timestamp,
      'webhook-signature': r.firma,
    });
  }

  /** Waits until `n` requests match, and answers them. */
  esperar(n: number, filtro: (r: Recibido) => boolean = () => true): Promise<Recibido[]> {
    return eventually(`${n} webhook requests`, () => {
      const hallados = this.recibidos.filter(filtro);
      if (hallados.length < n)
        throw new Error(`${hallados.length} arrived: ${JSON.stringify(this.recibidos.map((r) => r.type))}`);
      return hallados;
    });
  }

  cerrar(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

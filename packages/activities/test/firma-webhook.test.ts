import { Webhook } from 'standardwebhooks';
import { firmar } from '../src/webhooks/firma';

describe('webhook signatures', () => {
  const body = JSON.stringify({ type: 'dte.procesado', timestamp: '2026-11-24T15:04:05.000Z', data: { a: 'ñ€' } });
  const headers = (firma: string, ts: number) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(ts),
    'webhook-signature': firma,
  });

  it('matches Standard Webhooks (its reference test vector, and the standardwebhooks package)', () => {
    // The specification's example: secret, id, timestamp and payload, and the signature it gives.
    const secreto = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const ejemplo = '{"test": 2432232314}';
    expect(firmar([secreto], 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, ejemplo)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
    const ts = Math.floor(Date.now() / 1000);
    expect(new Webhook(secreto).verify(body, headers(firmar([secreto], 'msg_1', ts, body), ts))).toEqual(
      JSON.parse(body),
    );
  });

  it('carries one signature per secret in force, each verifying on its own', () => {
    const nuevo = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const anterior = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
    const ts = Math.floor(Date.now() / 1000);
    const firma = firmar([nuevo, anterior], 'msg_1', ts, body);
    expect(firma.split(' ')).toHaveLength(2);
    for (const s of [nuevo, anterior])
      expect(new Webhook(s).verify(body, headers(firma, ts))).toEqual(JSON.parse(body));
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(body, headers(firma, ts)),
    ).toThrow();
  });
});

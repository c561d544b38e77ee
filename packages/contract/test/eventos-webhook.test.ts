import { TIPOS_EVENTO_ENTREGA } from '@dte/domain';
import { EVENTOS_WEBHOOK_DOC, eventoWebhook } from '@dte/contract/eventos-webhook';

/**
 * The events' schemas are what publishing is typed by and what the reference and @dte/client promise; the
 * deliveries on the real stack are parsed by them in test/webhooks.
 */
describe('webhook event schemas', () => {
  it('define one schema for each event a delivery can carry, and for nothing else', () => {
    expect(EVENTOS_WEBHOOK_DOC.map((e) => e.tipo).sort()).toEqual([...TIPOS_EVENTO_ENTREGA].sort());
  });

  it.each(EVENTOS_WEBHOOK_DOC.map((e) => [e.tipo, e.example] as const))(
    '%s: its example is an event its schema reads field for field',
    (tipo, example) => {
      // Parsing drops what the schema does not name, so a field of the example left out of the schema shows.
      expect(eventoWebhook.parse(example)).toEqual(example);
      expect(example.type).toBe(tipo);
    },
  );

  it("refuses an event whose data is another event's or lacks a field", () => {
    const [procesado, alerta] = ['dte.procesado', 'contingencia.alerta'].map(
      (tipo) => EVENTOS_WEBHOOK_DOC.find((e) => e.tipo === tipo)!.example,
    );
    expect(eventoWebhook.safeParse({ ...procesado, data: alerta!.data }).success).toBe(false);
    const { url: _url, ...sinUrl } = procesado!.data as Record<string, unknown>;
    expect(eventoWebhook.safeParse({ ...procesado, data: sinUrl }).success).toBe(false);
    expect(eventoWebhook.safeParse({ ...procesado, type: 'dte.otro' }).success).toBe(false);
  });
});

import { randomUUID } from 'node:crypto';
import type { MaildevMessage } from '../support/maildev';
import { eventually } from '../support/eventually';
import { startApi, startWorker, type ExtraProcess } from '../support/processes';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

const DOCUMENTOS = 40;
const PARES = 6;
const SIMULTANEOS = 8;

interface Respuesta {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Two workers and two APIs on the suite's stack: the stack's own and one more of each. A burst goes to
 * both APIs, as a load balancer spreads it, and one API and one worker are killed (SIGKILL) mid-burst; a
 * client whose API vanished sends the same request, same Idempotency-Key, to the other. What replicas must
 * not break: one document per key, a correlativo series without gap or repeat, each document received by
 * MH once, one e-mail each.
 */
describe('several replicas, one API and one worker killed mid-burst', () => {
  let tenant: TestTenant;
  let apiB: ExtraProcess & { url: string };
  let workerB: ExtraProcess;
  beforeAll(async () => {
    tenant = await createTestTenant();
    [apiB, workerB] = await Promise.all([startApi('api-replica'), startWorker('worker-replica')]);
  });
  afterAll(async () => {
    for (const p of [apiB, workerB]) if (p?.child.exitCode === null && p.child.signalCode === null) p.child.kill();
    await closeTestDatabase();
  });

  const cuerpo = (correo: string, i: number) => ({
    receptor: { nombre: 'Cliente réplica', tipoDocumento: '13', numDocumento: '012345678', correo },
    items: [{ descripcion: `Réplica ${i}`, cantidad: 1, precioUnitario: 4 }],
    condicionOperacion: 1,
  });

  async function enviar(base: string, clave: string, cuerpo: unknown): Promise<Respuesta> {
    const res = await fetch(`${base}/dte/dte01`, {
      method: 'POST',
      headers: { ...tenant.headers, 'idempotency-key': clave },
      body: JSON.stringify(cuerpo),
    });
    return { status: res.status, body: await res.json() };
  }

  /** As a client behind a balancer: a connection the API dropped is sent again, same key, to the other. */
  async function emitir(i: number, clave: string, cuerpo: unknown): Promise<Respuesta> {
    const apis = [stack().api, apiB.url];
    for (let intento = 0; ; intento++) {
      try {
        return await enviar(apis[(i + intento) % 2]!, clave, cuerpo);
      } catch (err) {
        if (intento >= 6) throw err;
      }
    }
  }

  it('keeps one document per key, no gap in the correlativos, one reception at MH and one e-mail each', async () => {
    const sufijo = randomUUID().slice(0, 8);
    const correo = (i: number) => `replica-${sufijo}-${i}@example.test`;

    // Same-key pairs sent to both APIs at once, while both live: one document each.
    const pares = await Promise.all(
      Array.from({ length: PARES }, async (_, i) => {
        const clave = `par-${sufijo}-${i}`;
        const c = cuerpo(correo(DOCUMENTOS + i), DOCUMENTOS + i);
        return Promise.all([enviar(stack().api, clave, c), enviar(apiB.url, clave, c)]);
      }),
    );
    for (const [a, b] of pares) {
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.body.data.codigoGeneracion).toBe(a.body.data.codigoGeneracion);
    }

    // The burst, SIMULTANEOS at a time over both APIs; one of each replica killed once it is under way.
    const respuestas: Respuesta[] = [];
    let siguiente = 0;
    const clientes = Array.from({ length: SIMULTANEOS }, async () => {
      for (let i = siguiente++; i < DOCUMENTOS; i = siguiente++)
        respuestas[i] = await emitir(i, `rafaga-${sufijo}-${i}`, cuerpo(correo(i), i));
    });
    // A quarter answered, the rest in flight or queued: the moment to kill. (Read from the answers, not
    // the database: FerretDB scans the whole collection for any filter but `_id`.)
    await eventually('a quarter of the burst answered', () => respuestas.filter(Boolean).length >= DOCUMENTOS / 4);
    apiB.child.kill('SIGKILL');
    workerB.child.kill('SIGKILL');
    await Promise.all([apiB.exited, workerB.exited]);
    await Promise.all(clientes);

    // Answered: PROCESSED at once, or 202 while its workflow went on from the killed worker's activities.
    expect(respuestas.map((r) => r.status).filter((s) => s !== 201 && s !== 202)).toEqual([]);
    const codigos = [
      ...pares.map(([a]) => a.body.data.codigoGeneracion),
      ...respuestas.map((r) => r.body.data.codigoGeneracion),
    ];
    expect(new Set(codigos).size).toBe(DOCUMENTOS + PARES);
    const { Document } = (await testDatabase()).models;
    const registros = await eventually('every document PROCESSED', async () => {
      const docs = await Promise.all(
        codigos.map((c) => Document.findById(c, { _id: 1, estado: 1, numeroControl: 1 }).lean()),
      );
      return docs.every((d) => d?.estado === 'PROCESSED') && docs.map((d) => d!);
    });
    // No other document of the emisor: one per key (a single scan, once everything settled).
    expect(await Document.countDocuments({ emisorId: tenant.emisorId })).toBe(DOCUMENTOS + PARES);

    // One series (one establishment, one point of sale, DTE 01): 1..N, no gap, no repeat.
    const correlativos = registros.map((d) => Number(d.numeroControl.slice(-15))).sort((a, b) => a - b);
    expect(correlativos).toEqual(Array.from({ length: DOCUMENTOS + PARES }, (_, i) => i + 1));

    // MH's ledger (the simulator's): each document received by recepciondte once.
    const sim = (await (await fetch(`${stack().mhSimulator}/__sim/documentos?emisor=${tenant.nit}`)).json()) as {
      data: { codigoGeneracion: string; respuestas: { servicio: string }[] }[];
    };
    const recibidos = sim.data.map((d) => [
      d.codigoGeneracion,
      d.respuestas.filter((r) => r.servicio === 'recepciondte').length,
    ]);
    expect(Object.fromEntries(recibidos)).toEqual(Object.fromEntries(codigos.map((c) => [c, 1])));

    // One e-mail each: every receptor's has arrived, as one message. A delivery the kill cut between the
    // SMTP server's acceptance and its record is sent again by the retry as the same message (its
    // Message-ID), which the receptor's mail system shows once; maildev keeps both copies.
    const destinatarios = new Set(Array.from({ length: DOCUMENTOS + PARES }, (_, i) => correo(i)));
    const mensajes = await eventually('an e-mail to every receptor', async () => {
      const todos = (await (await fetch(`${stack().maildev}/email`)).json()) as (MaildevMessage & {
        messageId: string;
      })[];
      const porDestinatario = new Map<string, Set<string>>();
      for (const m of todos)
        for (const { address } of m.to)
          if (destinatarios.has(address))
            porDestinatario.set(address, (porDestinatario.get(address) ?? new Set()).add(m.messageId));
      return porDestinatario.size === destinatarios.size && porDestinatario;
    });
    expect([...mensajes.values()].filter((ids) => ids.size !== 1)).toEqual([]);
  }, 300_000);
});

import fs from 'node:fs';
import path from 'node:path';
import { SecretBox } from '@dte/store';
import { loadConfig } from '@dte/config';
import { eventually } from '../support/eventually';
import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase } from '../support/tenant';

type Line = Record<string, unknown> & { msg?: string };

/** The stack's log files of one kind; a worker replaced by the crash suite logs to worker-restarted.log. */
function logFiles(prefix: 'api' | 'worker'): string[] {
  const dir = path.join(stack().dataDir, 'logs');
  return fs
    .readdirSync(dir)
    .filter((f) => f === `${prefix}.log` || (prefix === 'worker' && f === 'worker-restarted.log'))
    .map((f) => path.join(dir, f));
}

const read = (files: string[]) => files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
const jsonLines = (text: string): Line[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

const waitForLines = (files: string[], predicate: (l: Line) => boolean, count = 1): Promise<Line[]> =>
  eventually(`${count} matching log lines in ${files.join(', ')}`, () => {
    const found = jsonLines(read(files)).filter(predicate);
    return found.length >= count && found;
  });

/**
 * A document's log lines, in the API and in the worker, name the request, the emisor, the document and
 * its workflow, so one search follows a document across processes; secrets never reach a log.
 */
describe('structured logs of a document', () => {
  afterAll(() => closeTestDatabase());

  it('carry requestId, emisorId, codigoGeneracion and workflowId, and never a secret', async () => {
    const tenant = await createTestTenant();
    const requestId = `logs-${Date.now()}`;
    const correo = `${requestId}@example.test`;
    const res = await fetch(`${stack().api}/dte/dte01`, {
      method: 'POST',
      headers: { ...tenant.headers, 'x-request-id': requestId },
      body: JSON.stringify({
        receptor: { nombre: 'Luis Pérez', tipoDocumento: '13', numDocumento: '012345678', correo },
        items: [{ descripcion: 'Con trazas', cantidad: 1, precioUnitario: 7 }],
        condicionOperacion: 1,
      }),
    });
    expect(res.status).toBe(201);
    const { codigoGeneracion } = ((await res.json()) as { data: { codigoGeneracion: string } }).data;
    const workflowId = `dte-${codigoGeneracion}`;
    await waitForMail((m) => m.to.some((t) => t.address === correo));

    const [apiLine] = await waitForLines(logFiles('api'), (l) => l.requestId === requestId);
    expect(apiLine).toMatchObject({
      service: 'api',
      requestId,
      emisorId: tenant.emisorId,
      codigoGeneracion,
      workflowId,
      res: { statusCode: 201 },
    });
    expect((apiLine!.req as { headers: Record<string, string> }).headers['x-api-token']).toBe('[redacted]');

    // The transmission, the stored PDF and the e-mail, each logged by its activity.
    const mine = (l: Line) => l.codigoGeneracion === codigoGeneracion;
    const workerLines = await waitForLines(logFiles('worker'), (l) => mine(l) && l.msg === 'e-mail sent');
    const all = jsonLines(read(logFiles('worker'))).filter(mine);
    expect(all.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['MH answered the document', 'PDF stored', 'e-mail sent']),
    );
    for (const line of [...workerLines, ...all]) {
      expect(line).toMatchObject({ service: 'worker', emisorId: tenant.emisorId, codigoGeneracion, workflowId });
      expect(typeof line.activity).toBe('string');
    }
    expect(all.find((l) => l.msg === 'MH answered the document')).toMatchObject({
      activity: 'issueDocument',
      estado: 'PROCESADO',
      codigoMsg: '001',
    });
    // Every worker line that mentions the document is JSON naming its workflow (the SDK's lines included).
    for (const text of read(logFiles('worker'))
      .split('\n')
      .filter((l) => l.includes(codigoGeneracion))) {
      expect(text.startsWith('{')).toBe(true);
      expect(String((JSON.parse(text) as Line).workflowId)).toContain(codigoGeneracion);
    }

    const config = loadConfig(stack().env);
    const emisor = await (await testDatabase()).models.Emisor.findOne({ id: tenant.emisorId }).lean();
    const box = new SecretBox(config.SECRET_KEY);
    const secrets = [
      tenant.token,
      box.open(emisor!.secrets!.mhPassword),
      box.open(emisor!.secrets!.certificadoPassword),
      config.SECRET_KEY,
      config.S3_SECRET_KEY,
    ];
    const logs = read([...logFiles('api'), ...logFiles('worker')]);
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});

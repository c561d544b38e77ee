import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';

/**
 * Workflow executions wait hours or days in production (a document in contingency, an outage), so the
 * workflow code must replay the histories of executions started by earlier code. These histories were
 * recorded from the integration stack with `scripts/record-histories.js`, each folder one scenario,
 * by the code of the commit their README names; a change that alters the command sequence of a path
 * makes its replay fail here (use `patched()` for such a change).
 */
const HISTORIES = path.join(__dirname, 'histories');
// The built workflows (`npm test` builds first), bundled as the worker bundles them.
const WORKFLOWS = path.join(__dirname, '../dist/workflows');

const recorded = fs
  .readdirSync(HISTORIES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((scenario) =>
    fs
      .readdirSync(path.join(HISTORIES, scenario.name))
      .filter((f) => f.endsWith('.json'))
      .map((file) => ({ scenario: scenario.name, file, path: path.join(HISTORIES, scenario.name, file) })),
  );

describe('workflow replay of recorded histories', () => {
  it('has histories of each workflow type on the paths that wait', () => {
    const types = new Set(recorded.map((r) => r.file.replace(/\.json$/, '')));
    expect([...types].sort()).toEqual([
      'CertificacionWorkflow',
      'ConciliacionDiariaWorkflow',
      'ConciliacionWorkflow',
      'ContingencyWorkflow',
      'InvalidateDteWorkflow',
      'IssueDteWorkflow',
      'NumeracionWorkflow',
      'RenderInformeCertificacionWorkflow',
      'RenderLibroWorkflow',
      'RenderPdfWorkflow',
      'ResendDteWorkflow',
      'SettleOutcomesWorkflow',
      'SmokeWorkflow',
      'WebhookDeliveryWorkflow',
    ]);
  });

  it.each(recorded.map((r) => [`${r.scenario}/${r.file}`, r.path]))(
    'replays %s with the current workflow code',
    async (name, file) => {
      const history: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      // Throws DeterminismViolationError when the code issues other commands than the history holds.
      await expect(
        Worker.runReplayHistory({ workflowsPath: require.resolve(WORKFLOWS) }, history, name),
      ).resolves.toBeUndefined();
    },
  );

  // The negative control: the replay above passing means something only if a changed command sequence fails it.
  it('fails to replay, with a nondeterminism error, a history whose commands the code does not issue', async () => {
    const file = path.join(HISTORIES, 'anulacion-tras-mh', 'InvalidateDteWorkflow.json');
    const history = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      events: { activityTaskScheduledEventAttributes?: { activityType: { name: string } } }[];
    };
    // As if the code of that time had called its second activity by another name.
    const firma = history.events.find(
      (e) => e.activityTaskScheduledEventAttributes?.activityType.name === 'signDocument',
    );
    if (!firma) throw new Error(`${file} no longer schedules signDocument`);
    firma.activityTaskScheduledEventAttributes!.activityType.name = 'signEvento';

    await expect(
      Worker.runReplayHistory({ workflowsPath: require.resolve(WORKFLOWS) }, history, 'anulacion-alterada'),
    ).rejects.toBeInstanceOf(DeterminismViolationError);
  });
});

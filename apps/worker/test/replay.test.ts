import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import * as registrados from '../src/workflows';

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
  // The worker registers each export of the workflow index under its name: a type added there without a
  // recorded history is a type whose old executions nothing shows replaying.
  it('has a history of every workflow type the worker registers', () => {
    const types = new Set(recorded.map((r) => r.file.replace(/\.json$/, '')));
    expect(Object.keys(registrados).filter((type) => !types.has(type))).toEqual([]);
  });

  // So that the count above is of what the histories are, not of what their files are called.
  it('names each history by the type it is a history of', () => {
    const misnamed = recorded.filter((r) => {
      const history = JSON.parse(fs.readFileSync(r.path, 'utf8')) as {
        events: { workflowExecutionStartedEventAttributes?: { workflowType: { name: string } } }[];
      };
      return `${history.events[0]?.workflowExecutionStartedEventAttributes?.workflowType.name}.json` !== r.file;
    });
    expect(misnamed).toEqual([]);
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

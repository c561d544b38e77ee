'use strict';
// IssueDte's shape for the benchmarks. bareIssue, for scripts/bench-temporal.js, with none of its work:
// started with its search attributes, the update answered after one local activity (prepare, transmit and
// record, `issueDocument`; `pasos` of them, as the three were before), one upsert of numeroControl and
// estado, then the delivery as one activity task, as the real workflow does. barePipeline, for the bench's
// bare pipeline (scripts/bench/pipeline.js): cut to what it cannot lose, the update answered once the
// floor's work is done in one local activity, one upsert of the estado, the delivery as one activity task.
const {
  allHandlersFinished,
  condition,
  defineUpdate,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} = require('@temporalio/workflow');
const { SearchAttributeKeys } = require('@dte/contract');

const answer = defineUpdate('answer');
const { step, emitir } = proxyLocalActivities({ startToCloseTimeout: '30 seconds' });
const { deliver, entregar } = proxyActivities({ startToCloseTimeout: '1 minute' });

/** The update is answered once `ready()` holds, as IssueDte answers once MH's verdict is on record. */
function answerWhen(ready) {
  setHandler(answer, async () => {
    await condition(ready);
    return 'ok';
  });
}

async function bareIssue(pasos = 1) {
  let done = false;
  answerWhen(() => done);
  for (let i = 0; i < pasos; i++) await step();
  done = true;
  upsertSearchAttributes([
    { key: SearchAttributeKeys.numeroControl, value: 'DTE-01-M001P001-000000000000001' },
    { key: SearchAttributeKeys.estado, value: 'PROCESSED' },
  ]);
  await deliver();
  await condition(allHandlersFinished);
}

async function barePipeline(codigoGeneracion) {
  let emitido = false;
  answerWhen(() => emitido);
  await emitir(codigoGeneracion);
  emitido = true;
  upsertSearchAttributes([{ key: SearchAttributeKeys.estado, value: 'PROCESSED' }]);
  await entregar(codigoGeneracion);
  await condition(allHandlersFinished);
}

module.exports = { bareIssue, barePipeline };

'use strict';
// IssueDte's shape with none of its work, for scripts/bench-temporal.js: started with its search
// attributes, the update answered after three local activities (prepare, transmit, record), one upsert of
// numeroControl and estado, then the delivery as one activity task, as the real workflow does.
const {
  allHandlersFinished,
  condition,
  defineUpdate,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} = require('@temporalio/workflow');

const answer = defineUpdate('answer');
const { step } = proxyLocalActivities({ startToCloseTimeout: '10 seconds' });
const { deliver } = proxyActivities({ startToCloseTimeout: '1 minute' });

async function bareIssue() {
  let done = false;
  setHandler(answer, async () => {
    await condition(() => done);
    return 'ok';
  });
  for (let i = 0; i < 3; i++) await step();
  done = true;
  upsertSearchAttributes({ DteNumeroControl: ['DTE-01-M001P001-000000000000001'], DteEstado: ['PROCESSED'] });
  await deliver();
  await condition(allHandlersFinished);
}

module.exports = { bareIssue };

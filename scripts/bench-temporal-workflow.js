'use strict';
// The shape of IssueDte with none of its work, for scripts/bench-temporal.js: the update is answered after
// three local activities, as the real workflow answers after preparing, transmitting and recording.
const {
  allHandlersFinished,
  condition,
  defineUpdate,
  proxyLocalActivities,
  setHandler,
} = require('@temporalio/workflow');

const answer = defineUpdate('answer');
const { step } = proxyLocalActivities({ startToCloseTimeout: '10 seconds' });

async function bareIssue() {
  let done = false;
  setHandler(answer, async () => {
    await condition(() => done);
    return 'ok';
  });
  for (let i = 0; i < 3; i++) await step();
  done = true;
  await condition(allHandlersFinished);
}

module.exports = { bareIssue };

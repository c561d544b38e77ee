'use strict';
// The bare pipeline's workflow (pipeline.js): IssueDte's orchestration cut to what it cannot lose. The
// update is answered once the floor's work is done in one local activity; one upsert of the estado; the
// delivery as one activity task, as the service does it.
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
const { emitir } = proxyLocalActivities({ startToCloseTimeout: '30 seconds' });
const { entregar } = proxyActivities({ startToCloseTimeout: '1 minute' });

async function barePipeline(codigoGeneracion) {
  let emitido = false;
  setHandler(answer, async () => {
    await condition(() => emitido);
    return 'ok';
  });
  await emitir(codigoGeneracion);
  emitido = true;
  upsertSearchAttributes({ DteEstado: ['PROCESSED'] });
  await entregar(codigoGeneracion);
  await condition(allHandlersFinished);
}

module.exports = { barePipeline };

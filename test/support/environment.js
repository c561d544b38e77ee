const { TestEnvironment } = require('jest-environment-node');

/**
 * jest's node environment, telling the test files when jest will give up on the test or hook that runs:
 * `eventually()` (test/support/eventually.ts) waits as long as jest would, and no longer, so a wait is
 * bounded by the test's own timeout and never by a guess of how fast the machine is.
 */
class Environment extends TestEnvironment {
  handleTestEvent(event, state) {
    const running = event.name === 'test_fn_start' ? event.test : event.name === 'hook_start' ? event.hook : null;
    // jest-circus's own reading of the timeout (utils' callAsyncCircusFn): the test's or hook's, else jest.setTimeout's.
    if (running) this.global.__jestGivesUpAt = { started: Date.now(), timeoutMs: running.timeout || state.testTimeout };
  }
}

module.exports = Environment;

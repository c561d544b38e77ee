import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

/**
 * Pre-builds the workflow bundle into the given file, so a worker started with WORKFLOW_BUNDLE_PATH
 * skips webpack (the container image does this at build time).
 */
async function main(target: string): Promise<void> {
  const { code } = await bundleWorkflowCode({ workflowsPath: require.resolve('./workflows') });
  fs.writeFileSync(path.resolve(target), code);
  process.stdout.write(`workflow bundle written to ${path.resolve(target)}\n`);
}

void main(process.argv[2] ?? 'workflow-bundle.js');

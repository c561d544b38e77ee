import type { z } from 'zod';
import { smokeRequest } from '@dte/domain';
import { example, json, type Operation } from '../openapi/operation';
import { smoke } from '../openapi/schemas';

const SMOKE_EXAMPLE: z.input<typeof smoke> = {
  status: 'success',
  data: {
    id: 'c0a80164-6f1c-4b7e-9d2a-1e3f5a7b9c0d',
    storedKey: 'smoke/c0a80164-6f1c-4b7e-9d2a-1e3f5a7b9c0d.json',
    pdfBytes: 18342,
    messageId: '<c0a80164-6f1c-4b7e-9d2a-1e3f5a7b9c0d@localhost>',
    workflowId: 'smoke-c0a80164-6f1c-4b7e-9d2a-1e3f5a7b9c0d',
  },
};

export const smokeOperations: Operation[] = [
  {
    method: 'post',
    path: '/diagnostics/smoke',
    operationId: 'runSmoke',
    tag: 'Service',
    summary: 'Run the smoke workflow',
    description:
      'One workflow that touches every component (Chromium renders a PDF, storage keeps it, SMTP mails it, the ' +
      'database records it), to prove a deployment before any document is issued.',
    authenticated: true,
    request: { schema: smokeRequest, required: false },
    responses: { 200: { description: 'What the workflow did', content: json(smoke, example('Done', SMOKE_EXAMPLE)) } },
    errors: { 503: ['SERVICE_UNAVAILABLE'] },
  },
];

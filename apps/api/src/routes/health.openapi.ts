import type { z } from 'zod';
import { example, json, type Operation } from '../openapi/operation';
import { health } from '../openapi/schemas';

const HEALTH_EXAMPLES: Record<'ok' | 'failing', z.input<typeof health>> = {
  ok: { status: 'ok', checks: { temporal: 'ok', database: 'ok', storage: 'ok' } },
  failing: {
    status: 'error',
    checks: { temporal: 'ok', database: 'ok', storage: 'failing: connect ECONNREFUSED 127.0.0.1:9000' },
    failing: ['storage'],
  },
};

export const healthOperations: Operation[] = [
  {
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tag: 'Service',
    summary: 'Liveness of Temporal, the database and storage',
    authenticated: false,
    responses: {
      200: { description: 'Every dependency answers', content: json(health, example('Healthy', HEALTH_EXAMPLES.ok)) },
      503: {
        description: 'A dependency fails; `failing` names it',
        content: json(health, example('Storage down', HEALTH_EXAMPLES.failing)),
      },
    },
    errors: {},
  },
];

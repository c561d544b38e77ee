import type { Operation } from '../openapi/operation';

export const metricsOperations: Operation[] = [
  {
    method: 'get',
    path: '/metrics',
    operationId: 'getMetrics',
    tag: 'Service',
    summary: 'Prometheus metrics of this API process',
    authenticated: false,
    responses: {
      200: {
        description: 'Prometheus text exposition format',
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
    },
    errors: {},
  },
];

import type { Operation } from './operation';

export const openapiOperations: Operation[] = [
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApi',
    tag: 'Service',
    summary: 'This reference as an OpenAPI 3.1 document',
    authenticated: false,
    responses: {
      200: { description: 'The OpenAPI document', content: { 'application/json': { schema: { type: 'object' } } } },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/docs',
    operationId: 'getDocs',
    tag: 'Service',
    summary: 'This reference as a web page',
    authenticated: false,
    responses: {
      200: {
        description: 'HTML, rendered from /openapi.json',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
    errors: {},
  },
];

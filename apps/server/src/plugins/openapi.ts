import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas (themselves the contracts), as JSON and a docs page at /api/docs. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as "METHOD /api/path/{param}", for the test that proves each one is documented. */
    apiRoutes: string[];
  }
}

export const openapiPlugin = fp(async (app: FastifyInstance) => {
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.schema?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') apiRoutes.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kunci API',
        version: '1.0.0',
        description:
          "Rental marketplace API. Errors answer `{ errorCode, message }` in the caller's language. Chat events arrive over the WebSocket `GET /api/chat/ws` (signed in): send `{type:'hello', since}` with the last message id seen to receive what was missed, then `message`, `typing`, `read` and `unread` events; send `{type:'typing', conversationId}`.",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } });
});

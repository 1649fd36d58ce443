// The API described from its own contracts: an OpenAPI 3 document generated from each route's zod schemas and
// declared access, served at /api/docs (the browsable page) and /api/docs/json. It replaces the hand-kept table
// the README used to carry, so it cannot drift from the code. Every /api route must declare its answers (a
// response schema) or the server does not start.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../core/access.js';
import { SESSION_COOKIE } from '../core/session.js';

export const DOCS_PREFIX = '/api/docs';

/** How a route's declared access reads in the description. */
function accessNote(access: RouteAccess | undefined): string {
  if (!access) return '';
  if (access.kind === 'public') return `Open to anyone: ${access.why}.`;
  if (access.kind === 'signed-in') return 'Any signed-in member of staff.';
  const scoped = access.facility ? ', within the scope of their grant (own facility, sub-county or county)' : '';
  return `Staff holding ${access.permissions.join(' or ')}${scoped}.`;
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
    if (!route.schema?.response) throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no response schema (core/http.ts)`);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'AfyaKaunti API',
        version,
        description:
          'The county health management system of a Kenyan county government. Money is KES (a number, to the cent); dates are county (Africa/Nairobi) calendar dates; lists are JSON arrays with their total in X-Total-Count. Errors are { message, code, issues? }.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      // /api/<module>/… by its module; the operations routes outside /api (/healthz, /readyz, /metrics) together.
      const tag = input.url.startsWith('/api/') ? (input.url.split('/')[2] ?? 'api') : 'operations';
      const schema = out.schema as Record<string, unknown>;
      return {
        ...out,
        schema: {
          ...schema,
          tags: [tag],
          description: [schema.description, accessNote(access)].filter(Boolean).join(' '),
          ...(access && access.kind !== 'public' ? { security: [{ session: [] }] } : {}),
        },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // The page sets its own styles inline (element style attributes); scripts stay 'self' only.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
}

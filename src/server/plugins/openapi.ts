// The API described from its own contracts: an OpenAPI 3 document generated from each route's zod schemas and
// declared access, served at /api/docs (the browsable page) and /api/docs/json. It replaces the hand-kept table
// the README used to carry, so it cannot drift from the code. Every /api route must declare its answers (a
// response schema) or the server does not start.
//
// The document is held to what tools no one here wrote expect of it (issue 33 item 1): Redocly's recommended rules
// (`npm run openapi:lint`: an id, a summary and a security requirement on every operation, a server) and OpenAPI
// 3.0.3's own reading of a schema, which strict validators and code generators follow (openapi-responses.test.ts
// checks every real answer against it with ajv).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../shared/validation.js';
import type { RouteAccess } from '../core/access.js';
import { IDEMPOTENCY_DAYS, IDEMPOTENCY_HEADER, WRITE_METHODS } from '../core/idempotency.js';
import { RECORDED_AT_HEADER } from '../core/recorded-at.js';

export const DOCS_PREFIX = '/api/docs';

/**
 * The schemas the document names once, in components.schemas, and refers to: the one error shape every refusal of
 * every route answers (core/http.ts), which written out on each would make the document several times its size.
 * Zod's global registry holds them, as it holds every schema's description, which the document reads from it.
 */
const COMPONENTS = { Error: errorSchema } as const;
for (const [id, schema] of Object.entries(COMPONENTS)) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: z.globalRegistry });
const withComponents = createJsonSchemaTransformObject({ schemaRegistry: z.globalRegistry });

/** How a route's declared access reads in the description. */
function accessNote(access: RouteAccess | undefined): string {
  if (!access) return '';
  if (access.kind === 'public') return `Open to anyone: ${access.why}.`;
  if (access.kind === 'signed-in') return 'Any signed-in member of staff.';
  const scoped = access.facility ? ', within the scope of their grant (own facility, sub-county or county)' : '';
  return `Staff holding ${access.permissions.join(' or ')}${scoped}.`;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** z.null() as zod writes it for OpenAPI 3.0, which has no null type: a value that can only be null. */
const NULL_ONLY = { type: 'string', nullable: true, enum: [null] };

/**
 * A schema OpenAPI 3.0.3 reads as zod means it (zod's openapi-3.0 output says otherwise in four places):
 * - `nullable: true` beside an `enum` admits null only when the enum lists it (OpenAPI 3.0.3 §4.7.24.1, and ajv,
 *   openapi-generator and Redocly read it so); zod leaves null out, so a status that is null (an invoice's
 *   claimStatus before any claim) broke strict clients.
 * - `nullable: true` does nothing without a `type` beside it (3.0.3 again), so a nullable union (a report cell: a
 *   text, a number or null) gets a branch for null instead.
 * - A record keyed by an enum (z.record(z.enum([...]), …)) requires its keys without naming them as properties.
 * - A tuple of two strings becomes `anyOf` of the same schema twice.
 * Walks every schema of the document in place.
 */
export function readAsZodMeans(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) readAsZodMeans(item);
    return;
  }
  if (!isObject(node)) return;
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
  if (node.nullable === true && node.type === undefined) {
    const union = Array.isArray(node.anyOf) ? 'anyOf' : Array.isArray(node.oneOf) ? 'oneOf' : undefined;
    if (union) {
      delete node.nullable;
      (node[union] as unknown[]).push(structuredClone(NULL_ONLY));
    }
  }
  if (Array.isArray(node.required) && isObject(node.additionalProperties)) {
    const own = isObject(node.properties) ? node.properties : {};
    const named = node.required.filter((key): key is string => typeof key === 'string' && !(key in own));
    if (named.length > 0) {
      const value = node.additionalProperties;
      node.properties = { ...own, ...Object.fromEntries(named.map((key) => [key, structuredClone(value)])) };
      // zod refuses any other key of an enum-keyed record.
      if (Object.keys(own).length === 0) node.additionalProperties = false;
    }
  }
  if (Array.isArray(node.anyOf)) {
    const seen = new Set<string>();
    node.anyOf = node.anyOf.filter((branch) => !seen.has(JSON.stringify(branch)) && seen.add(JSON.stringify(branch)));
    if ((node.anyOf as unknown[]).length === 1) {
      const [only] = node.anyOf as Json[];
      delete node.anyOf;
      Object.assign(node, { ...only, ...node });
    }
  }
  for (const value of Object.values(node)) readAsZodMeans(value);
}

/** A response schema that admits only null (z.null(): a redirect's): the answer has no body at all. */
const onlyNull = (schema: unknown): schema is Json => isObject(schema) && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;

/** The path's words: `/api/billing/{id}/invoice.pdf` → ['billing', '{id}', 'invoice', 'pdf'] (no `api`). */
function pathWords(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => segment.split(/(?=\{)|(?<=\})|[.]/))
    .filter(Boolean);
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path alone, so it changes only when the route does:
 * GET /api/billing/{id}/invoice.pdf → getBillingByIdInvoicePdf.
 */
export function operationIdOf(method: string, path: string): string {
  const words = pathWords(path).flatMap((word) => {
    const param = /^\{(.+)\}$/.exec(word)?.[1];
    return param ? ['by', ...param.split(/[-_]/)] : word.split(/[-_]|(?=[A-Z])/);
  });
  return method.toLowerCase() + words.map((w) => capital(w.toLowerCase())).join('');
}

/** Actions a POST names as its last segment (`/journals/{id}/approve`): the summary starts with them. */
const ACTIONS = new Set(['approve', 'reject', 'decline', 'confirm', 'cancel', 'submit', 'close', 'complete', 'revoke', 'resend', 'reverse', 'pay', 'post', 'import', 'verify', 'preview', 'calculate']);
const FILES: Record<string, string> = { csv: 'Download', pdf: 'Print' };

/**
 * A one-line summary in words when the route declares none: the verb from the method and the answer (a list, a
 * file, a record created), the object from the path. GET /api/patients/{id}/lab-tests → "List patients {id} lab tests".
 */
export function summaryOf(method: string, path: string, operation: Json): string {
  const words = pathWords(path);
  const last = words.at(-1) ?? '';
  const responses = isObject(operation.responses) ? operation.responses : {};
  const answer = responses['200'] ?? responses['201'] ?? responses['202'];
  const content = isObject(answer) && isObject(answer.content) ? answer.content : {};
  const json = isObject(content['application/json']) ? content['application/json'] : undefined;
  let verb: string;
  let object = words;
  if (method === 'get' && FILES[last]) [verb, object] = [FILES[last]!, [...words.slice(0, -1), `(${last.toUpperCase()})`]];
  else if (method === 'get' && Object.keys(content).some((type) => type !== 'application/json')) verb = 'Download';
  else if (method === 'get') verb = isObject(json?.schema) && json.schema.type === 'array' ? 'List' : 'Get';
  else if (method === 'post' && ACTIONS.has(last)) [verb, object] = [capital(last), words.slice(0, -1)];
  else if (method === 'post') verb = responses['201'] ? 'Create' : 'Submit';
  else verb = { put: 'Set', patch: 'Update', delete: 'Delete' }[method] ?? capital(method);
  return [verb, ...object.map((w) => (/^[{(]/.test(w) ? w : w.replace(/[-_]/g, ' ').replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase()))].join(' ');
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Names every operation (operationId, summary) and rereads every schema as zod means it; ids must be unique. */
function finishDocument(document: Json): Json {
  const paths = isObject(document.paths) ? document.paths : {};
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.summary ??= summaryOf(method, path, operation);
      const id = operation.operationId;
      if (typeof id !== 'string') continue;
      const twin = ids.get(id);
      if (twin) throw new Error(`${method.toUpperCase()} ${path} and ${twin} have the same operationId ${id}: give one a schema.operationId`);
      ids.set(id, `${method.toUpperCase()} ${path}`);
    }
  }
  readAsZodMeans(document.paths);
  readAsZodMeans(document.components);
  return document;
}

/** When a write captured offline happened (core/recorded-at.ts), on the routes that take offline capture. */
const RECORDED_AT = {
  [RECORDED_AT_HEADER]: {
    type: 'string',
    format: 'date-time',
    description:
      "For work captured offline and sent later: when it happened, with its offset (2026-03-16T09:30:00Z). The write is recorded at that moment (a visit's time), no later than now and no earlier than the session's start; the audit keeps both times.",
  },
};

/** A route's header schema with the optional Idempotency-Key (and, where `offline`, Recorded-At) beside its own headers. */
function withIdempotencyKey(headers: unknown, offline: boolean): Json {
  const own = isObject(headers) ? headers : { type: 'object' };
  const properties = isObject(own.properties) ? own.properties : {};
  return {
    ...own,
    properties: {
      ...properties,
      ...(offline ? RECORDED_AT : {}),
      [IDEMPOTENCY_HEADER]: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        pattern: '^[\\x21-\\x7e]+$',
        description: `A key of the client's own for this write (a UUID): sent again with the same key, the write is done once and the first answer comes back (Idempotency-Replayed: true) for ${IDEMPOTENCY_DAYS} days; the same key on a different request is a 422.`,
      },
    },
  };
}

/** `cookie`: the session cookie's name where this server runs (core/session.ts sessionCookie: `__Host-` in production). */
export async function registerOpenApi(app: FastifyInstance, version: string, cookie: string): Promise<void> {
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
      // The API is served by the server that serves this document, wherever the county puts it.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: cookie } } },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      // /api/<module>/… by its module; the operations routes outside /api (/healthz, /readyz, /metrics) together.
      const tag = input.url.startsWith('/api/') ? (input.url.split('/')[2] ?? 'api') : 'operations';
      const schema = out.schema as Record<string, unknown>;
      const response = isObject(schema.response) ? { ...schema.response } : undefined;
      for (const [status, answer] of Object.entries(response ?? {})) {
        // A redirect has no body, only its Location.
        if (onlyNull(answer)) response![status] = { type: 'null', description: answer.description, headers: { Location: { type: 'string', description: 'Where the browser goes next' } } };
      }
      // A signed-in write takes an Idempotency-Key (core/idempotency.ts), and refuses a key used for another request.
      const write = [input.route.method].flat().some((method) => WRITE_METHODS.has(method));
      const keyed = write && access !== undefined && access.kind !== 'public';
      const headers = keyed ? withIdempotencyKey(schema.headers, input.route.config?.offline === true) : schema.headers;
      if (keyed && response?.['400']) response['422'] = response['400'];
      return {
        ...out,
        schema: {
          ...schema,
          ...(headers ? { headers } : {}),
          ...(response ? { response } : {}),
          tags: [tag],
          description: [schema.description, accessNote(access)].filter(Boolean).join(' '),
          // The session cookie, or explicitly nothing for a route open to anyone (and the operations routes).
          security: access && access.kind !== 'public' ? [{ session: [] }] : [],
        },
      };
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const out = withComponents(document) as Json & { components: { schemas: Json } };
      // Only answers refer to the components: their forms as a request would send them (ErrorInput) go unused.
      for (const id of Object.keys(COMPONENTS)) delete out.components.schemas[`${id}Input`];
      return finishDocument(out);
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // The page sets its own styles inline (element style attributes); scripts stay 'self' only.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
}

// buildApp(deps): the whole HTTP application over a database, with no network, so tests use app.inject().
import zlib from 'node:zlib';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './core/deps.js';
import { endedSessionReason, facilityDirectory, resolveSession, SERVER_MODULES } from './modules/index.js';
import { registerAuth, registerHostCheck, registerOriginCheck } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { totalWholeLists } from './core/http.js';
import { registerIdempotency } from './core/idempotency.js';
import { registerRecordedAt } from './core/recorded-at.js';
import { registerSyncBatch } from './core/sync-batch.js';
import { registerOperations } from './core/metrics.js';
import { sessionCookie } from './core/session.js';
import { registerTestClock } from './core/test-clock.js';
import packageJson from '../../package.json' with { type: 'json' };

export type { AppDeps } from './core/deps.js';

const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** The API's paths, whatever their case: never answered with the web client's page. */
const API_PATH = /^\/api(\/|$)/i;

/** A route as registered, with its schemas (body, querystring, params, response). */
export type RouteSchemaEntry = { method: string; url: string; schema: { body?: unknown; querystring?: unknown; params?: unknown } };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its schemas, in registration order: the hostile-input test drives each route from it. */
    routeSchemas: readonly RouteSchemaEntry[];
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // A hop count trusts that many proxies in front of us (proxy-addr's hop index starts at 0).
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request, written when it ends (below), not Fastify's two ("incoming request", "request completed").
    logController: new LogController({ disableRequestLogging: true }),
    logger: {
      level: deps.config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // No patient data in logs: paths only (a search box's words live in the query string), no cookies.
      serializers: {
        req: (req) => ({ method: req.method, path: req.url.split('?')[0], ip: req.ip }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    },
  });
  const routeSchemas: RouteSchemaEntry[] = [];
  app.decorate('routeSchemas', routeSchemas);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeSchemas.push({ method, url: route.url, schema: (route.schema ?? {}) as RouteSchemaEntry['schema'] });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON bodies only (with the Origin check and SameSite cookies, plugins/auth.ts, the CSRF defence): Fastify also
  // parses text/plain by default, a type a cross-site page may send without a preflight. Any body but JSON is a 415.
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only where the county serves over HTTPS (production).
    hsts: deps.config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // CSP's frame-ancestors 'none' forbids every frame; X-Frame-Options: SAMEORIGIN would say the opposite to an old
    // browser that reads only it, and a modern one ignores it beside frame-ancestors (issue 33 item 6).
    frameguard: false,
  });
  // The browser features no screen uses are off for the page and anything it could ever embed (issue 33 item 6):
  // no screen takes a photo, records sound, asks where the phone is or pays in the browser. Passkeys (WebAuthn) stay
  // with the page's own origin, as browsers default them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
  // Before anything else answers: a request for a host the server is not configured for reaches nothing.
  registerHostCheck(app, deps);
  await app.register(cookie);
  // API answers compressed above 1 KB for the browsers that say they can take it (issue 12: a 3G link); brotli at a
  // quick quality, since each answer is compressed as it is sent. The web client's files come pre-compressed
  // (registerClient), and an answer that already has an encoding is left alone.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  registerErrorHandler(app);
  // One structured line per request for operations: method, path (never the query string: a search box's words are
  // a patient's name), status and the server's time. Built only when the level keeps it (issue 16: logging was 4 %
  // of the server's CPU under load); main.ts writes it to an asynchronous destination.
  if (['info', 'debug', 'trace'].includes(deps.config.logLevel)) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info({ method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    });
  }
  registerOriginCheck(app, deps);
  registerAuth(app, deps, {
    resolveSession: (token, now, offlineWork) => resolveSession(deps.db, deps.config, token, now, { offlineWork }),
    endedSession: (token) => endedSessionReason(deps.db, token),
    ...facilityDirectory(deps.db),
  });
  // A write sent again with its Idempotency-Key gets its first answer: after the access checks, before the route.
  // A bad Recorded-At is refused before an Idempotency-Key is claimed for the request.
  registerRecordedAt(app, deps);
  registerIdempotency(app, deps);
  // A device's outbox, a batch of writes in one request, each done as its own request (issue 34).
  registerSyncBatch(app);
  app.addHook('onSend', async (request, reply) => {
    // API answers carry health data: never cached by the browser or a proxy.
    // The route reached (decoded by the router) or, for an unknown path, the path asked for.
    if (!API_PATH.test(request.routeOptions.url ?? request.url.split('?')[0] ?? '')) return;
    reply.header('Cache-Control', 'no-store');
    // The server's own time for the answer, from the request's arrival to its body being ready: shown by the
    // browser's developer tools, and read by `npm run bench` (DESIGN.md §10 budgets server time).
    reply.header('Server-Timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  });

  await registerOpenApi(app, packageJson.version, sessionCookie(deps.config.nodeEnv).name);
  totalWholeLists(app);
  // GET /healthz, /readyz and /metrics, and this app's metrics (app.metrics), which the modules' routes count on.
  registerOperations(app, deps);
  for (const module of SERVER_MODULES) module.routes?.(app, deps);
  if (deps.config.clockControl && deps.testClock) registerTestClock(app, deps.testClock);

  await registerClient(app, deps.config.clientDir ?? CLIENT_DIR);
  return app;
}

/**
 * The built web app (dist/client) for every non-API path, with the SPA fallback (DESIGN.md §4). Vite's hashed
 * assets never change, so browsers keep them for a year; index.html is revalidated so a new release shows at once.
 * Without a build (API tests on a fresh clone), every page is a short notice saying how to build the client.
 */
async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const built = existsSync(join(clientDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: ['index.html'],
      // The .br and .gz copies the build wrote (scripts/precompress.mjs), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const immutable = relative(clientDir, path).split(sep)[0] === 'assets';
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A script or style sheet is no document: the page's policies (CSP, framing, referrer…) mean nothing on it.
        // Dropping them saves some 550 bytes on each of the dozens of files a screen loads over a 3G link.
        if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // An unknown API path, a write, or a missing file (an asset from an older release, say) is a plain 404:
    // answering index.html there would hand the browser HTML for a script.
    if (API_PATH.test(path) || (request.method !== 'GET' && request.method !== 'HEAD') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}`, code: 'not_found' });
    }
    if (!built) return reply.type('text/html').send(NOT_BUILT_PAGE);
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}

/** Features no screen uses, refused to the page and to any frame (each a name Chromium knows: an unknown one is a console error). */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'display-capture=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
].join(', ');

/** The headers that only a document (or a worker) obeys; hashed assets keep nosniff and CORP. */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Permissions-Policy',
  'Referrer-Policy',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AfyaKaunti</title></head>
<body><h1>AfyaKaunti</h1><p>The web client is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p></body></html>`;

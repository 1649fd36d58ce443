// zod 4 compiles an object schema's parser with `new Function` where the page allows it, and probes for that first.
// The page's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses the probe, and the browser reports
// a violation on every screen with a form (/login, /reports: issue 33 item 3). Jitless, zod parses the same without
// compiling anything. An object schema decides when it is built, and the shared contracts build theirs as their
// modules load: main.tsx imports this module first, before any module that builds a schema.
//
// This is z.config({ jitless: true }) without zod: zod keeps its configuration in globalThis.__zod_globalConfig,
// which every copy of zod takes if it is already there (zod/v4/core/core.js), and z.config merges into it. Calling
// z.config itself would bring zod's core into the entry script (3.5 KB gzipped on the landing page, whose budget is
// 120: DESIGN.md §10), and the client build drops every call on `z` as one without effect (vite.config.ts).
// lib/zod-jitless.test.ts holds zod to this.
import type { $ZodConfig } from 'zod/v4/core';

const shared = globalThis as { __zod_globalConfig?: $ZodConfig };
Object.assign((shared.__zod_globalConfig ??= {}), { jitless: true } satisfies $ZodConfig);

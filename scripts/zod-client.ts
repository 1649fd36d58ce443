// Vite plugin: the web client's zod without its JSON Schema converters (docs/decisions/0020-zod-client-build.md).
// zod 4's classic API binds a JSON Schema converter to every schema it builds (`processJSONSchema`, `toJSONSchema()`,
// `~standard.jsonSchema`), so a bundler keeps all of them — about 5 KB gzipped on every screen with a form — though
// the browser never converts a schema (the server's OpenAPI document does, with the untouched library). This plugin
// replaces those bindings in the client build with one that throws, so the converters fall out of the bundle. The
// getters forms read (`minLength`, `maxLength`, `format`, number bounds: processors.aggregateChecks) are kept.
// Nor its English messages for issues a schema gives none of ("Invalid input: expected string, received number"): the
// client's schemas say what is wrong in their own words, and the screens translate them; an issue without one reads
// "Invalid input", zod's own last resort (the server keeps the library's messages for its 400s).
// If zod's file changes shape the build fails here, rather than shipping the converters silently or breaking a form.
import type { Plugin } from 'vite';

const CLASSIC_SCHEMAS = /zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const IMPORT = 'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';
const THROWS = 'const noJsonSchema = () => { throw new Error("zod: JSON Schema is not built into the web client (scripts/zod-client.ts)"); };';
const ENGLISH = 'import en from "../locales/en.js";';
const DEFAULT_LOCALE = 'core.config(en());';

export function zodWithoutJsonSchema(): Plugin {
  let seen = false;
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (!CLASSIC_SCHEMAS.test(id)) return null;
      seen = true;
      if (!code.includes(IMPORT)) this.error(`zod-client: ${id} no longer imports the JSON Schema methods as expected`);
      if (!code.includes(ENGLISH) || !code.includes(DEFAULT_LOCALE)) this.error(`zod-client: ${id} no longer sets its English messages as expected`);
      const out = code
        .replace(IMPORT, THROWS)
        .replace(ENGLISH, '')
        .replace(DEFAULT_LOCALE, 'void 0; /* no default messages in the web client (scripts/zod-client.ts) */')
        .replace(/processors\.\w+Processor\(inst, ctx, json, params\)/g, 'noJsonSchema()')
        .replace(/createStandardJSONSchemaMethod\(this, "(input|output)"\)/g, 'noJsonSchema')
        .replace('createToJSONSchemaMethod(this, {})(params)', 'noJsonSchema()');
      // What is left of the converters must be only the bounds getters; anything else means zod changed.
      const left = [...out.matchAll(/processors\.(\w+)\(|create\w*JSONSchemaMethod/g)].map((m) => m[1] ?? m[0]).filter((name) => name !== 'aggregateChecks');
      if (left.length > 0) this.error(`zod-client: ${id} still reaches JSON Schema code: ${[...new Set(left)].join(', ')}`);
      return { code: out, map: null };
    },
    buildEnd() {
      // A zod that moved the file would ship the converters again: fail instead of growing quietly.
      if (!seen) this.error('zod-client: zod/v4/classic/schemas.js was not in the build; update scripts/zod-client.ts');
    },
  };
}

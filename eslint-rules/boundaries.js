// AfyaKaunti's module boundaries as lint rules (docs/decisions/0005-module-layout.md), so that a violation fails
// `npm run lint`:
// - module-boundaries: infrastructure never imports a module; a module reaches another module only through its
//   index.ts; src/shared stands alone; the client's shared parts never import a screen.
// - no-module-cycles: no two modules import each other, directly or round a longer loop (the server's modules, the
//   shared contracts, and the client's screen modules, src/client/features/<name>).
// - no-foreign-table-writes: a module inserts into, updates and deletes from its own tables only; another
//   module's data changes through that module's exported functions.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');

const posix = (p) => p.split(sep).join('/');

/** The file a relative import names (`.js` specifiers name `.ts` sources), or null. */
function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Where a file sits: { zone, module, rest }.
 * zones: server-module, server-infra, server-root, shared-module, shared, client-feature, client-infra, client-app, other.
 */
function placeOf(file, src = SRC) {
  const rel = posix(relative(src, file));
  if (rel.startsWith('..')) return { zone: 'other' };
  let m = /^server\/modules\/([^/]+)\/(.+)$/.exec(rel);
  if (m) return { zone: 'server-module', module: m[1], rest: m[2] };
  if (/^server\/modules\/index\.ts$/.test(rel)) return { zone: 'server-root' };
  if (/^server\/(core|plugins|db)\//.test(rel) || rel === 'server/env.ts') return { zone: 'server-infra' };
  if (rel.startsWith('server/test/')) return { zone: 'server-test' };
  if (rel.startsWith('server/')) return { zone: 'server-root' };
  m = /^shared\/([^/]+)\/(.+)$/.exec(rel);
  if (m) return { zone: 'shared-module', module: m[1], rest: m[2] };
  if (rel.startsWith('shared/')) return { zone: 'shared' };
  m = /^client\/features\/([^/]+)\/(.+)$/.exec(rel);
  if (m) return { zone: 'client-feature', module: m[1], rest: m[2] };
  if (/^client\/(lib|components)\//.test(rel)) return { zone: 'client-infra' };
  if (rel.startsWith('client/')) return { zone: 'client-app' };
  return { zone: 'other' };
}

const isIndex = (rest) => /^index\.tsx?$/.test(rest);

const isSchema = (file) => /\.schema\.ts$/.test(file);
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Why importing `to` from `from` crosses a boundary, or null. */
function boundaryProblem(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  // A table's foreign key names the table it references: a *.schema.ts file may import another's tables directly
  // (the audit trail's user_id references the auth module's users). Nothing but table definitions flows this way.
  if (isSchema(from) && isSchema(to) && posix(relative(SRC, from)).startsWith('server/') && posix(relative(SRC, to)).startsWith('server/')) return null;
  if (a.zone === 'server-infra' && (b.zone === 'server-module' || b.zone === 'server-root')) {
    return 'Infrastructure (core, plugins, db) must not import a module or the composition root: have the module or app.ts hand it what it needs';
  }
  // Tests compose what they test: they may build the whole app.
  if (a.zone === 'server-module' && b.zone === 'server-root' && !isTest(from)) return 'A module must not import the composition root (app.ts, main.ts, modules/index.ts)';
  if (a.zone === 'server-module' && b.zone === 'server-module' && a.module !== b.module && !isIndex(b.rest)) {
    return `Import the ${b.module} module through its public index.ts, not ${b.rest}`;
  }
  if ((a.zone === 'shared' || a.zone === 'shared-module') && !['shared', 'shared-module'].includes(b.zone)) {
    return 'src/shared is imported by both sides: it must not import the server or the client';
  }
  if (b.zone === 'shared-module' && !(a.zone === 'shared-module' && a.module === b.module) && !isIndex(b.rest)) {
    return `Import the shared ${b.module} contracts through src/shared/${b.module}/index.ts, not ${b.rest}`;
  }
  if ((a.zone === 'client-infra' || a.zone === 'shared') && b.zone === 'client-feature') return "The client's shared parts (lib, components) must not import a screen's module";
  if (a.zone === 'client-feature' && b.zone === 'client-feature' && a.module !== b.module && !isIndex(b.rest)) {
    return `Import the ${b.module} screen module through its index.ts, not ${b.rest}`;
  }
  return null;
}

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.[^'"]+)['"]|import\(\s*['"`](\.[^'"`$]+)['"`]\s*\)/g;

/** The zones whose modules may not import each other round a loop. */
const CYCLE_ZONES = ['server-module', 'shared-module', 'client-feature'];

/**
 * module → modules it imports, for the server's modules, the shared contracts and the client's screens (computed once
 * per lint run and src folder: a rule test lints fixtures with settings.afya.src).
 */
const moduleGraphs = new Map();
function graph(src = SRC) {
  if (moduleGraphs.has(src)) return moduleGraphs.get(src);
  const moduleGraph = new Map();
  moduleGraphs.set(src, moduleGraph);
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        const a = placeOf(path, src);
        if (!CYCLE_ZONES.includes(a.zone)) continue;
        const key = `${a.zone}:${a.module}`;
        if (!moduleGraph.has(key)) moduleGraph.set(key, new Set());
        for (const m of readFileSync(path, 'utf8').matchAll(IMPORT_RE)) {
          const target = resolveImport(path, m[1] ?? m[2]);
          // A table's foreign key naming another module's table (schema to schema) is no dependency of one
          // module's code on another's: only table definitions flow that way (see boundaryProblem).
          if (target && isSchema(path) && isSchema(target)) continue;
          const b = target && placeOf(target, src);
          if (b && b.zone === a.zone && b.module !== a.module) moduleGraph.get(key).add(`${b.zone}:${b.module}`);
        }
      }
    }
  };
  walk(join(src, 'server', 'modules'));
  walk(join(src, 'shared'));
  walk(join(src, 'client', 'features'));
  return moduleGraph;
}

/** A path of modules from `start` back to `goal`, or null. */
function pathBack(start, goal, src) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [node, path] = stack.pop();
    if (node === goal) return path;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of graph(src).get(node) ?? []) stack.push([next, [...path, next]]);
  }
  return null;
}

/** The module an import names: a string literal, or a template literal with nothing interpolated. */
function importSources(node) {
  const source = node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ImportExpression' ? node.source : null;
  if (source?.type === 'TemplateLiteral' && source.expressions.length === 0) return { ...source, value: source.quasis[0].value.cooked };
  return source;
}

const visitImports = (check) => ({
  ImportDeclaration: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
  ImportExpression: check,
});

export default {
  rules: {
    'module-boundaries': {
      meta: { type: 'problem', docs: { description: 'Module boundaries of docs/decisions/0005-module-layout.md' }, schema: [] },
      create(context) {
        const file = context.filename;
        return visitImports((node) => {
          const source = importSources(node);
          if (node.type === 'ImportExpression' && source && typeof source.value !== 'string' && file.includes(`${sep}src${sep}server${sep}`)) {
            context.report({ node: source, message: 'A server import must name its module plainly: a computed path escapes the module boundaries' });
            return;
          }
          if (!source || typeof source.value !== 'string') return;
          const target = resolveImport(file, source.value);
          if (!target) return;
          const problem = boundaryProblem(file, target);
          if (problem) context.report({ node: source, message: problem });
        });
      },
    },
    'no-module-cycles': {
      meta: { type: 'problem', docs: { description: 'No import cycle between modules' }, schema: [] },
      create(context) {
        const file = context.filename;
        const src = context.settings?.afya?.src ?? SRC;
        const a = placeOf(file, src);
        if (!CYCLE_ZONES.includes(a.zone)) return {};
        return visitImports((node) => {
          const source = importSources(node);
          if (!source || typeof source.value !== 'string') return;
          const target = resolveImport(file, source.value);
          if (target && isSchema(file) && isSchema(target)) return;
          const b = target && placeOf(target, src);
          if (!b || b.zone !== a.zone || b.module === a.module) return;
          const loop = pathBack(`${b.zone}:${b.module}`, `${a.zone}:${a.module}`, src);
          if (loop) context.report({ node: source, message: `Import cycle between modules: ${[a.module, ...loop.map((k) => k.split(':')[1])].join(' -> ')}` });
        });
      },
    },
    'no-foreign-table-writes': {
      meta: { type: 'problem', docs: { description: "A module writes only its own tables; another module's through its functions" }, schema: [] },
      create(context) {
        const file = context.filename;
        const here = placeOf(file);
        if (here.zone !== 'server-module') return {};
        /** Local names imported from outside this module. */
        const foreign = new Map();
        return {
          ImportDeclaration(node) {
            const target = typeof node.source.value === 'string' ? resolveImport(file, node.source.value) : null;
            const there = target && placeOf(target);
            if (!there || (there.zone === 'server-module' && there.module === here.module)) return;
            for (const spec of node.specifiers) foreign.set(spec.local.name, there.module ?? posix(relative(SRC, target)));
          },
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
            if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
            const table = node.arguments[0];
            if (!table || table.type !== 'Identifier' || !foreign.has(table.name)) return;
            context.report({
              node: table,
              message: `${callee.property.name} on ${table.name}, a table of ${foreign.get(table.name)}: change another module's data through its exported functions`,
            });
          },
        };
      },
    },
  },
};

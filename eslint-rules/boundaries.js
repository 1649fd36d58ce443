// AfyaKaunti's module boundaries as lint rules (docs/decisions/0005-module-layout.md), so that a violation fails
// `npm run lint`:
// - module-boundaries: infrastructure never imports a module; a module reaches another module only through its
//   index.ts; src/shared stands alone; the client's shared parts never import a screen.
// - no-module-cycles: no two modules import each other, directly or round a longer loop (the server's modules, the
//   shared contracts, and the client's screen modules, src/client/features/<name>).
// - no-foreign-table-writes: a module inserts into, updates and deletes from its own tables only; another
//   module's data changes through that module's exported functions.
// - no-foreign-table-reads: a module queries its own tables only; another module's data is read through the read
//   functions that module exports, and no index.ts exports a table. The reporting area (REPORTING_AREA below) alone
//   may join other modules' tables, read-only, importing their *.schema.ts directly.
// bench/ and scripts/ are held to the same rules as code outside every module: they use a module through its
// index.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository; the rules' tests point `settings.afya.src` at the src folder of a small fixture tree instead. */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const posix = (p) => p.split(sep).join('/');

/**
 * The reporting area (docs/decisions/0005-module-layout.md, "Reads"): the only code that may read other modules'
 * tables itself, joining them in one statement where a read across several modules must be fast. It imports their
 * *.schema.ts directly and only reads: no-foreign-table-writes holds here as everywhere. Paths are under
 * src/server/modules/; one ending in '/' is a folder. Everything else reads another module's data through the
 * functions its owner exports.
 */
export const REPORTING_AREA = [
  // The landing screen's figures: patients registered and seen, staff on duty and money received within the actor's
  // reach, in one prepared statement on the screen every role opens first.
  'dashboard/',
  // Revenue Management: money received by facility, payment method and service, and the records list with each
  // invoice's facility and patient: one statement per card and per page.
  'revenue/',
  // The bell: low stock lines with their facility's name, and overdue follow-ups, at the user's facilities, on every
  // poll.
  'notifications/',
  // The analysis reports: grouped counts over visits, patients, bills, claims, stock and referrals per facility
  // and period, on data sets of millions of visits.
  'reports/analyses/',
  // The Reports screen's figures, and which facilities a report covers when it is generated.
  'reports/reports.stats.ts',
  'reports/reports.generate.ts',
  // MOH counting: the 705A/B, 717 and 204A/B forms count visits, diagnoses, patients, referrals and bills in one
  // pass per form (moh/*.ts except the settings and KHIS mapping, which read only the moh module's tables); the new
  // cases of 705A/B are counted by new-cases.ts, for the forms and the disease analyses alike.
  'moh/new-cases.ts',
  'moh/moh705.ts',
  'moh/moh717.ts',
  'moh/moh204.ts',
  'moh/forms.ts',
  // The financial statements: ledger totals per facility, named and grouped by facility and sub-county.
  'accounting/statements.service.ts',
  'accounting/statements/',
];

/** Whether a file (a place from placeOf) is in the reporting area. */
const inReportingArea = (place) => place.zone === 'server-module' && REPORTING_AREA.some((entry) => (entry.endsWith('/') ? `${place.module}/${place.rest}`.startsWith(entry) : `${place.module}/${place.rest}` === entry));

/** What a lint run computes once per repository root: the module graph and who owns which table. */
const projects = new Map();
function project(root = REPO) {
  let p = projects.get(root);
  if (!p) projects.set(root, (p = { root, src: join(root, 'src'), graph: undefined, tables: undefined }));
  return p;
}
const projectOf = (context) => {
  const src = context.settings?.afya?.src;
  return project(src ? resolve(src, '..') : REPO);
};

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
 * Where a file sits in the project `p`: { zone, module, rest }.
 * zones: server-module, server-infra, server-root, server-test, shared-module, shared, client-feature, client-infra,
 * client-app, tool (bench/, scripts/), other.
 */
function placeOf(p, file) {
  const top = posix(relative(p.root, file));
  if (/^(bench|scripts)\//.test(top)) return { zone: 'tool' };
  const rel = posix(relative(p.src, file));
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
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** Why importing `to` from `from` crosses a boundary, or null. */
function boundaryProblem(p, from, to) {
  const a = placeOf(p, from);
  const b = placeOf(p, to);
  // A table's foreign key names the table it references: a *.schema.ts file may import another's tables directly
  // (the audit trail's user_id references the auth module's users). Nothing but table definitions flows this way.
  if (isSchema(from) && isSchema(to) && posix(relative(p.src, from)).startsWith('server/') && posix(relative(p.src, to)).startsWith('server/')) return null;
  // The reporting area reads other modules' tables itself, so it imports their table definitions (read-only:
  // no-foreign-table-writes still holds).
  if (inReportingArea(a) && b.zone === 'server-module' && isSchema(to)) return null;
  if (a.zone === 'server-infra' && (b.zone === 'server-module' || b.zone === 'server-root')) {
    return 'Infrastructure (core, plugins, db) must not import a module or the composition root: have the module or app.ts hand it what it needs';
  }
  // Tests compose what they test: they may build the whole app.
  if (a.zone === 'server-module' && b.zone === 'server-root' && !isTest(from)) return 'A module must not import the composition root (app.ts, main.ts, modules/index.ts)';
  if (a.zone === 'server-module' && b.zone === 'server-module' && a.module !== b.module && !isIndex(b.rest)) {
    return `Import the ${b.module} module through its public index.ts, not ${b.rest}`;
  }
  // Benchmarks and scripts drive the server from outside: what they use of a module is what its index.ts offers.
  if (a.zone === 'tool' && b.zone === 'server-module' && !isIndex(b.rest)) {
    return `bench/ and scripts/ use the ${b.module} module through its public index.ts, not ${b.rest}`;
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

/** Every file under `dir` that `keep` accepts. */
function filesUnder(dir, keep, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, keep, out);
    else if (keep(name)) out.push(path);
  }
  return out;
}

/** The zones whose modules may not import each other round a loop. */
const CYCLE_ZONES = ['server-module', 'shared-module', 'client-feature'];

/**
 * module → modules it imports, for the server's modules, the shared contracts and the client's screens (computed once
 * per lint run and project).
 */
function graph(p) {
  if (p.graph) return p.graph;
  p.graph = new Map();
  const files = ['server/modules', 'shared', 'client/features'].flatMap((dir) => filesUnder(join(p.src, dir), (n) => /\.tsx?$/.test(n)));
  for (const path of files) {
    if (isTest(path)) continue;
    const a = placeOf(p, path);
    if (!CYCLE_ZONES.includes(a.zone)) continue;
    const key = `${a.zone}:${a.module}`;
    if (!p.graph.has(key)) p.graph.set(key, new Set());
    for (const m of readFileSync(path, 'utf8').matchAll(IMPORT_RE)) {
      const target = resolveImport(path, m[1] ?? m[2]);
      // A table's foreign key naming another module's table (schema to schema) is no dependency of one
      // module's code on another's: only table definitions flow that way (see boundaryProblem).
      if (target && isSchema(path) && isSchema(target)) continue;
      const b = target && placeOf(p, target);
      if (b && b.zone === a.zone && b.module !== a.module) p.graph.get(key).add(`${b.zone}:${b.module}`);
    }
  }
  return p.graph;
}

/**
 * Who owns which table, from the `pgTable('name'` declarations of every server *.schema.ts (computed once per lint
 * run): `bySql` maps a table's SQL name to its module, `byModule` a module to the names its schema files export
 * as tables. Infrastructure's own tables (the audit trail, jobs, document counters in core/) belong to no module.
 */
function tables(p) {
  if (p.tables) return p.tables;
  p.tables = { bySql: new Map(), byModule: new Map() };
  for (const path of filesUnder(join(p.src, 'server', 'modules'), (n) => /\.schema\.ts$/.test(n))) {
    const { module } = placeOf(p, path);
    if (!p.tables.byModule.has(module)) p.tables.byModule.set(module, new Set());
    for (const m of readFileSync(path, 'utf8').matchAll(/export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"`]([^'"`]+)['"`]/g)) {
      p.tables.byModule.get(module).add(m[1]);
      p.tables.bySql.set(m[2], module);
    }
  }
  return p.tables;
}

/** A path of modules from `start` back to `goal`, or null. */
function pathBack(p, start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [node, path] = stack.pop();
    if (node === goal) return path;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of graph(p).get(node) ?? []) stack.push([next, [...path, next]]);
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

/**
 * The tables a piece of SQL text names after FROM, JOIN, INTO, UPDATE or DELETE FROM, each with whether it writes.
 * Interpolated values are cut out first, so `from ${table}` names nothing here: a Drizzle table object is the
 * import check's. A name followed by `.` or `(` is a column or a function, not a table.
 */
const SQL_TABLE_RE = /\b(delete\s+from|from|join|into|update)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?(?![\w.(])/gi;
function tablesNamed(text) {
  return [...text.matchAll(SQL_TABLE_RE)].map((m) => ({ name: m[2].toLowerCase(), writes: !/^from$|^join$/i.test(m[1]) }));
}

/** The SQL text of a node that holds raw SQL: a sql`…` template, or a string given to db.execute() or sql.raw(). */
function rawSqlText(node) {
  const textOf = (n) => {
    if (n?.type === 'Literal' && typeof n.value === 'string') return n.value;
    if (n?.type === 'TemplateLiteral') return n.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' \u0000 ');
    return null;
  };
  if (node.type === 'TaggedTemplateExpression') {
    const tag = node.tag;
    return tag.type === 'Identifier' && tag.name === 'sql' ? textOf(node.quasi) : null;
  }
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier') {
    const callee = node.callee;
    const isRaw = callee.property.name === 'raw' && callee.object.type === 'Identifier' && callee.object.name === 'sql';
    if (isRaw || callee.property.name === 'execute') return textOf(node.arguments[0]);
  }
  return null;
}

/** The tables of modules other than `owner` that a node's raw SQL reads (writes: false) or writes (true). */
function foreignTablesIn(p, node, owner, writes) {
  const text = rawSqlText(node);
  if (text === null) return [];
  return tablesNamed(text).flatMap((t) => {
    const module = tables(p).bySql.get(t.name);
    return module && module !== owner && t.writes === writes ? [{ name: t.name, module }] : [];
  });
}

/** Whose tables the file's own code may touch: its module's, or none for code outside every module. */
function ownerOf(place) {
  return place.zone === 'server-module' ? place.module : null;
}

/** Files the table rules leave alone: tests and their helpers arrange and inspect every module's rows. */
const checksTables = (file, place) => !isTest(file) && place.zone !== 'server-test' && !/\.hostile\.ts$/.test(file);

export default {
  rules: {
    'module-boundaries': {
      meta: { type: 'problem', docs: { description: 'Module boundaries of docs/decisions/0005-module-layout.md' }, schema: [] },
      create(context) {
        const p = projectOf(context);
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
          const problem = boundaryProblem(p, file, target);
          if (problem) context.report({ node: source, message: problem });
        });
      },
    },
    'no-module-cycles': {
      meta: { type: 'problem', docs: { description: 'No import cycle between modules' }, schema: [] },
      create(context) {
        const p = projectOf(context);
        const file = context.filename;
        const a = placeOf(p, file);
        if (!CYCLE_ZONES.includes(a.zone)) return {};
        return visitImports((node) => {
          const source = importSources(node);
          if (!source || typeof source.value !== 'string') return;
          const target = resolveImport(file, source.value);
          if (target && isSchema(file) && isSchema(target)) return;
          const b = target && placeOf(p, target);
          if (!b || b.zone !== a.zone || b.module === a.module) return;
          const loop = pathBack(p, `${b.zone}:${b.module}`, `${a.zone}:${a.module}`);
          if (loop) context.report({ node: source, message: `Import cycle between modules: ${[a.module, ...loop.map((k) => k.split(':')[1])].join(' -> ')}` });
        });
      },
    },
    'no-foreign-table-writes': {
      meta: { type: 'problem', docs: { description: "A module writes only its own tables; another module's through its functions" }, schema: [] },
      create(context) {
        const p = projectOf(context);
        const file = context.filename;
        const here = placeOf(p, file);
        if (here.zone !== 'server-module') return {};
        /** Local names imported from outside this module. */
        const foreign = new Map();
        const rawSql = (node) => {
          if (!checksTables(file, here)) return;
          for (const { name, module } of foreignTablesIn(p, node, here.module, true)) {
            context.report({ node, message: `This SQL writes ${name}, a table of the ${module} module: change another module's data through its exported functions` });
          }
        };
        return {
          TaggedTemplateExpression: rawSql,
          ImportDeclaration(node) {
            const target = typeof node.source.value === 'string' ? resolveImport(file, node.source.value) : null;
            const there = target && placeOf(p, target);
            if (!there || (there.zone === 'server-module' && there.module === here.module)) return;
            for (const spec of node.specifiers) foreign.set(spec.local.name, there.module ?? posix(relative(p.src, target)));
          },
          CallExpression(node) {
            rawSql(node);
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
    'no-foreign-table-reads': {
      meta: {
        type: 'problem',
        docs: { description: "A module queries only its own tables; another module's data through the reads it exports (the reporting area excepted, read-only)" },
        schema: [],
      },
      create(context) {
        const p = projectOf(context);
        const file = context.filename;
        const here = placeOf(p, file);
        if (!['server-module', 'server-root', 'tool'].includes(here.zone) || !checksTables(file, here)) return {};
        const owner = ownerOf(here);
        const reporting = inReportingArea(here);
        const rawSql = (node) => {
          if (reporting) return;
          for (const { name, module } of foreignTablesIn(p, node, owner, false)) {
            context.report({
              node,
              message: `This SQL reads ${name}, a table of the ${module} module: use a read the ${module} module exports (only the reporting area, eslint-rules/boundaries.js REPORTING_AREA, joins other modules' tables)`,
            });
          }
        };
        /** An index.ts handing out its own tables: what others need of them is a read the module exports instead. */
        const exportsTables = (node) => {
          if (here.zone !== 'server-module' || !isIndex(here.rest) || typeof node.source?.value !== 'string') return;
          const target = resolveImport(file, node.source.value);
          if (!target || !isSchema(target) || node.exportKind === 'type') return;
          const names = tables(p).byModule.get(here.module) ?? new Set();
          const named = node.type === 'ExportAllDeclaration' ? ['*'] : node.specifiers.filter((s) => s.exportKind !== 'type' && names.has(s.local.name ?? s.local.value)).map((s) => s.local.name ?? s.local.value);
          if (named.length) context.report({ node, message: `A module's index.ts exports reads, not tables (${named.join(', ')}): export the function another module needs instead` });
        };
        return {
          ExportNamedDeclaration: exportsTables,
          ExportAllDeclaration: exportsTables,
          ImportDeclaration(node) {
            // A table's foreign key names another module's table: schema files may import them (module-boundaries).
            if (isSchema(file) || reporting || node.importKind === 'type') return;
            const target = typeof node.source.value === 'string' ? resolveImport(file, node.source.value) : null;
            const there = target && placeOf(p, target);
            if (!there || there.zone !== 'server-module' || there.module === owner) return;
            const names = tables(p).byModule.get(there.module) ?? new Set();
            for (const spec of node.specifiers) {
              if (spec.type === 'ImportSpecifier' && spec.importKind === 'type') continue;
              const imported = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : null;
              if (spec.type === 'ImportNamespaceSpecifier' ? !isSchema(target) : !names.has(imported)) continue;
              context.report({
                node: spec,
                message: `${spec.type === 'ImportNamespaceSpecifier' ? `The tables of ${there.rest}` : imported}, a table of the ${there.module} module: read its data through the functions its index.ts exports (only the reporting area, eslint-rules/boundaries.js REPORTING_AREA, joins other modules' tables)`,
              });
            }
          },
          TaggedTemplateExpression: rawSql,
          CallExpression: rawSql,
        };
      },
    },
  },
};

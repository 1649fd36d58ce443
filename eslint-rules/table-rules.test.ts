// The table rules of eslint-rules/boundaries.js on small fixture modules (eslint-rules/fixtures/server-tables):
// clinic owns `visits`, people owns `people`, and dashboard is in the reporting area. Each case is a file of one of
// them, or of bench/ or scripts/, as lint sees it.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import boundaries from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = fileURLToPath(new URL('./fixtures/server-tables', import.meta.url));
const modules = join(root, 'src', 'server', 'modules');
const at = (path: string) => join(modules, path);

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
  // The rules read this src folder (and bench/, scripts/ beside it) instead of the project's.
  settings: { afya: { src: join(root, 'src') } },
});

const readsMessage = (table: string, module: string) => `${table}, a table of the ${module} module: read its data through the functions its index.ts exports (only the reporting area, eslint-rules/boundaries.js REPORTING_AREA, joins other modules' tables)`;
const rawReadMessage = (table: string, module: string) => `This SQL reads ${table}, a table of the ${module} module: use a read the ${module} module exports (only the reporting area, eslint-rules/boundaries.js REPORTING_AREA, joins other modules' tables)`;

tester.run('no-foreign-table-reads', boundaries.rules['no-foreign-table-reads'], {
  valid: [
    {
      name: "a module queries its own tables, and another module's data through the read it exports",
      filename: at('clinic/clinic.service.ts'),
      code: `
        import { sql, eq } from 'drizzle-orm';
        import { visits } from './clinic.schema.js';
        import { personName } from '../people/index.js';
        export const list = (db) => db.select({ id: visits.id, name: personName(visits.personId) }).from(visits);
        export const count = (db) => db.execute(sql\`select count(*) from visits where person_id = \${1}\`);
        export const own = (db) => db.execute('select id from visits');
      `,
    },
    {
      name: "the reporting area joins other modules' tables, imported from their schema files",
      filename: at('dashboard/dashboard.service.ts'),
      code: `
        import { eq, sql } from 'drizzle-orm';
        import { visits } from '../clinic/clinic.schema.js';
        import { people } from '../people/people.schema.js';
        export const perPerson = (db) => db.select({ name: people.name, n: sql\`count(*)\` }).from(visits).innerJoin(people, eq(people.id, visits.personId));
        export const raw = (db) => db.execute(sql\`select p.name, count(*) from visits v join people p on p.id = v.person_id group by 1\`);
      `,
    },
    {
      name: "a schema file names another module's table for a foreign key",
      filename: at('clinic/clinic.schema.ts'),
      code: `import { people } from '../people/people.schema.js'; export const fk = () => people.id;`,
    },
    {
      name: 'a type-only import queries nothing',
      filename: at('clinic/clinic.service.ts'),
      code: `import type { people } from '../people/people.schema.js'; export type Person = typeof people.$inferSelect;`,
    },
    {
      name: 'tests arrange and inspect every module’s rows',
      filename: at('clinic/clinic.test.ts'),
      code: `import { sql } from 'drizzle-orm'; export const q = sql\`select name from people\`;`,
    },
    {
      name: 'words that only look like a table after FROM: a column, a function, an interpolated table',
      filename: at('clinic/clinic.service.ts'),
      code: `
        import { sql } from 'drizzle-orm';
        import { visits } from './clinic.schema.js';
        export const a = sql\`extract(year from people.born)\`;
        export const b = sql\`select 1 from people(1)\`;
        export const c = sql\`select 1 from \${visits}\`;
      `,
    },
  ],
  invalid: [
    {
      name: "another module's table imported through its index.ts",
      filename: at('clinic/clinic.service.ts'),
      code: `import { people } from '../people/index.js'; export const q = (db) => db.select().from(people);`,
      errors: [{ message: readsMessage('people', 'people') }],
    },
    {
      name: "another module's table imported from its schema file",
      filename: at('clinic/clinic.service.ts'),
      code: `import { people as persons } from '../people/people.schema.js'; export const q = (db) => db.select().from(persons);`,
      errors: [{ message: readsMessage('people', 'people') }],
    },
    {
      name: "raw SQL naming another module's table after FROM or JOIN",
      filename: at('clinic/clinic.service.ts'),
      code: `
        import { sql } from 'drizzle-orm';
        export const a = (db, id) => db.execute(sql\`select name from people where id = \${id}\`);
        export const b = sql\`select v.id from visits v join "people" p on p.id = v.person_id\`;
      `,
      errors: [{ message: rawReadMessage('people', 'people') }, { message: rawReadMessage('people', 'people') }],
    },
    {
      name: 'a string handed to db.execute or sql.raw',
      filename: at('clinic/clinic.service.ts'),
      code: `import { sql } from 'drizzle-orm'; export const a = (db) => db.execute('select * from public.people'); export const b = sql.raw(\`select count(*) from people\`);`,
      errors: [{ message: rawReadMessage('people', 'people') }, { message: rawReadMessage('people', 'people') }],
    },
    {
      name: "a module's index.ts exports reads, not its tables",
      filename: at('people/index.ts'),
      code: `export { people } from './people.schema.js'; export * from './people.schema.js'; export type { people as P } from './people.schema.js';`,
      errors: [
        { message: "A module's index.ts exports reads, not tables (people): export the function another module needs instead" },
        { message: "A module's index.ts exports reads, not tables (*): export the function another module needs instead" },
      ],
    },
    {
      name: "a benchmark or script reads no module's tables either",
      filename: join(root, 'bench', 'measure.ts'),
      code: `import { visits } from '../src/server/modules/clinic/clinic.schema.js'; export const v = visits;`,
      errors: [{ message: readsMessage('visits', 'clinic') }],
    },
  ],
});

tester.run('no-foreign-table-writes', boundaries.rules['no-foreign-table-writes'], {
  valid: [
    {
      name: 'a module writes its own tables, with drizzle or in SQL',
      filename: at('clinic/clinic.service.ts'),
      code: `import { sql } from 'drizzle-orm'; import { visits } from './clinic.schema.js'; export const a = (db) => db.insert(visits).values({ id: 1 }); export const b = sql\`update visits set person_id = null\`;`,
    },
  ],
  invalid: [
    {
      name: 'the reporting area reads other modules’ tables but writes none of them',
      filename: at('dashboard/dashboard.service.ts'),
      code: `
        import { sql } from 'drizzle-orm';
        import { people } from '../people/people.schema.js';
        export const a = (db) => db.update(people).set({ name: 'x' });
        export const b = (db) => db.execute(sql\`insert into people (id, name) values (1, 'x')\`);
        export const c = sql\`delete from people where id = 1\`;
      `,
      errors: [
        { message: "update on people, a table of people: change another module's data through its exported functions" },
        { message: "This SQL writes people, a table of the people module: change another module's data through its exported functions" },
        { message: "This SQL writes people, a table of the people module: change another module's data through its exported functions" },
      ],
    },
  ],
});

tester.run('module-boundaries', boundaries.rules['module-boundaries'], {
  valid: [
    {
      name: "the reporting area imports another module's schema file",
      filename: at('dashboard/dashboard.service.ts'),
      code: `import { people } from '../people/people.schema.js'; export const t = people;`,
    },
    {
      name: 'a benchmark uses a module through its index.ts',
      filename: join(root, 'bench', 'measure.ts'),
      code: `import { clinicModule } from '../src/server/modules/clinic/index.js'; export const m = clinicModule;`,
    },
  ],
  invalid: [
    {
      name: "a module outside the reporting area reaches into another's schema file",
      filename: at('clinic/clinic.service.ts'),
      code: `import { people } from '../people/people.schema.js'; export const t = people;`,
      errors: [{ message: 'Import the people module through its public index.ts, not people.schema.ts' }],
    },
    {
      name: "a benchmark reaches into a module's files",
      filename: join(root, 'scripts', 'probe.ts'),
      code: `import { visits } from '../src/server/modules/clinic/clinic.schema.js'; export const t = visits;`,
      errors: [{ message: 'bench/ and scripts/ use the clinic module through its public index.ts, not clinic.schema.ts' }],
    },
  ],
});

// The module-cycle lint rule on fixtures (eslint-rules/fixtures): the client's screen modules (src/client/features/<name>)
// may not import each other round a loop, as the server's modules may not; a screen that shows another's part takes it
// from the registry (app/), which is no module.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from './boundaries.js';

async function lintFixtures(name: string) {
  const root = fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url));
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { afya: boundaries },
        // The rule reads this src folder instead of the project's.
        settings: { afya: { src: `${root}src` } },
        rules: { 'afya/no-module-cycles': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(['src/**/*.ts']);
  return Object.fromEntries(results.map((r) => [r.filePath.slice(root.length), r.messages.map((m) => m.message)]));
}

describe('afya/no-module-cycles on the client', () => {
  it('fails both sides of a cycle between two screen modules, naming the loop', async () => {
    const found = await lintFixtures('client-features');
    expect(found['src/client/features/alpha/alpha-page.ts']).toEqual(['Import cycle between modules: alpha -> beta -> alpha']);
    expect(found['src/client/features/beta/beta-part.ts']).toEqual(['Import cycle between modules: beta -> alpha -> beta']);
  });

  it('lets a screen module use another one way, and the registry compose them all', async () => {
    const found = await lintFixtures('client-features');
    expect(found['src/client/features/gamma/index.ts']).toEqual([]);
    expect(found['src/client/features/alpha/index.ts']).toEqual([]);
    expect(found['src/client/app/registry.ts']).toEqual([]);
  });
});

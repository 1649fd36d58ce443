// The server project's globalSetup (vitest.config.ts): builds the migrated and the seeded template once per run,
// hands their location to the test workers, and removes them when the run ends (test/template-db.ts).
import type { TestProject } from 'vitest/node';
import { buildTemplates } from './template-db.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await buildTemplates();
  project.provide('testTemplates', templates);
  return remove;
}

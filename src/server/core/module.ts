// A module's server side, registered in one place (src/server/modules/index.ts): its routes, its tables, its
// part of the demo county, and its hostile-input strategies. docs/decisions/0005-module-layout.md.
import type { FastifyInstance } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ModuleId } from '../../shared/modules.js';
import type { SeedStep } from '../db/seed/context.js';
import type { AppDeps } from './deps.js';
import type { JobKinds, Periodic } from './jobs.js';

export type ServerModule = {
  id: ModuleId;
  /** Registers the module's routes; each declares its access (core/access.ts). */
  routes?: (app: FastifyInstance, deps: AppDeps) => void;
  /** The tables the module owns: only its own code writes them (lint: no-foreign-table-writes). */
  tables?: readonly PgTable[];
  /** Its part of the demo county, run in registry order inside the seed's one transaction. */
  seed?: SeedStep;
  /**
   * A last part, run after every module's seed step (in registry order): the ledger closes the months behind us
   * once every module has posted its history into them (the payroll's three months of runs come after the ledger).
   */
  seedLast?: SeedStep;
  /**
   * The hostile-input test's strategies for the module's routes (src/server/hostile-input.test.ts), loaded only
   * by that test: production never imports fast-check.
   */
  hostileInput?: () => Promise<{ default: unknown }>;
  /**
   * The background jobs the module enqueues (core/jobs.ts), by kind, named `<module id>:<what>` so no two modules
   * claim one name (a duplicate stops the server at start). A job may run more than once: handlers are idempotent.
   */
  jobs?: JobKinds;
  /** Work to do every so often, once per interval across all server processes (a nightly sweep). */
  periodic?: Periodic[];
};

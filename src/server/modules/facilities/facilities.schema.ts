// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';

export const facilities = pgTable(
  'facilities',
  {
    id: id(),
    mflCode: text().notNull().unique(),
    name: text().notNull(),
    level: smallint().notNull(),
    type: text().notNull(),
    owner: text().notNull(),
    location: text().notNull(),
    ward: text(),
    subcounty: text().notNull(),
    healthSubcounty: text(),
    capacity: integer(),
    cots: integer(),
    status: text().notNull().default('operational'),
    /** The services the facility offers (keys of FACILITY_SERVICES, src/shared/facilities), kept by the county. */
    services: text().array().notNull().default(sql`'{}'::text[]`),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    createdAt: createdAt(),
  },
  (t) => [
    check('facilities_level_check', sql`${t.level} between 2 and 6`),
    check('facilities_status_check', sql`${t.status} in ('operational', 'limited', 'maintenance')`),
    check('facilities_mfl_code_check', sql`${t.mflCode} ~ '^[0-9]{5,6}$'`),
  ],
);

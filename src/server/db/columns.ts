// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });

// Two database roles on PostgreSQL (issue 11, finding 3; README, "Security"): the owner, who runs the migrations
// and owns every table, and the app's role, which the server connects as. The app's role may read and write the
// county's data but only INSERT and SELECT on the audit trail and its seals: it cannot rewrite them, empty them, or
// switch off the triggers that keep them append-only (only a table's owner may). The embedded database has one user
// and no roles.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The user a postgres:// URL connects as. */
export function userOf(url: string): string {
  return decodeURIComponent(new URL(url).username) || 'postgres';
}

/**
 * Gives the app's role what the server needs, over the owner's connection; run after every migration, so a table
 * a migration adds is granted too.
 */
export async function grantAppRole(owner: Db, role: string): Promise<void> {
  if (!ROLE_NAME.test(role)) throw new Error(`Cannot grant to the database role "${role}": use a lower-case name of letters, digits and _`);
  const statements = [
    `grant usage on schema public to ${role}`,
    `grant select, insert, update, delete on all tables in schema public to ${role}`,
    `revoke update, delete, truncate, references, trigger on audit_events from ${role}`,
    // The seals the server writes (core/audit-seal.ts): it adds them and reads them, and never changes one.
    `revoke update, delete, truncate, references, trigger on audit_seals from ${role}`,
    `grant usage, select, update on all sequences in schema public to ${role}`,
    // To see, at start, that the owner has run every migration (db/setup.ts).
    `grant usage on schema drizzle to ${role}`,
    `grant select on all tables in schema drizzle to ${role}`,
  ];
  await owner.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

export type AuditProtection = { protected: boolean; role: string; reason: string };

/** Whether the role this handle connects as could rewrite the audit trail: what the server says when it starts. */
export async function auditTrailProtection(db: Db): Promise<AuditProtection> {
  const result = (await db.execute(sql`
    select current_user as role,
      (select rolsuper from pg_roles where rolname = current_user) as superuser,
      pg_has_role(current_user, (select tableowner from pg_tables where schemaname = 'public' and tablename = 'audit_events'), 'USAGE') as owner,
      has_table_privilege('audit_events', 'UPDATE') or has_table_privilege('audit_events', 'DELETE') or has_table_privilege('audit_events', 'TRUNCATE')
        or has_table_privilege('audit_seals', 'UPDATE') or has_table_privilege('audit_seals', 'DELETE') or has_table_privilege('audit_seals', 'TRUNCATE') as can_rewrite`)) as unknown as {
    rows: { role: string; superuser: boolean; owner: boolean; can_rewrite: boolean }[];
  };
  const r = result.rows[0]!;
  if (r.superuser) return { protected: false, role: r.role, reason: 'it is a superuser' };
  if (r.owner) return { protected: false, role: r.role, reason: 'it owns the audit table' };
  if (r.can_rewrite) return { protected: false, role: r.role, reason: 'it may update, delete or truncate the audit table or its seals' };
  return { protected: true, role: r.role, reason: 'it may only insert and read the audit table and its seals' };
}

// Access Control's contracts (issue 15): the role × permission matrix as the server enforces it (GRANTS itself,
// never a copy), each user's role, facility and status, their sessions and passkeys, and the audit trail's filters.
import { z } from 'zod';
import { isoDate, optionalEnumQuery, optionalIdQuery, pageQuery, requiredId, requiredText, searchQuery } from '../validation.js';
import { PERMISSIONS, SCOPES } from './permissions.js';
import { ROLES } from './roles.js';

/** GET /api/access/matrix: every role, every permission with its module, and each grant's scope. */
export const accessMatrixSchema = z.object({
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.object({ permission: z.enum(PERMISSIONS), module: z.string() })),
  grants: z.record(z.string(), z.record(z.string(), z.enum(SCOPES))),
});
export type AccessMatrix = z.infer<typeof accessMatrixSchema>;

export const USER_STATUSES = ['active', 'inactive'] as const;

export const listAccessUsersQuery = z.object({
  search: searchQuery,
  role: optionalEnumQuery(ROLES, 'Unknown role'),
  facilityId: optionalIdQuery,
  status: optionalEnumQuery(USER_STATUSES, 'Unknown status'),
  ...pageQuery,
});
export type ListAccessUsersQuery = z.infer<typeof listAccessUsersQuery>;

export const accessUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  facilityId: z.number().nullable(),
  facilityName: z.string().nullable(),
  subcounty: z.string().nullable(),
  isActive: z.boolean(),
  isDemo: z.boolean(),
  activeSessions: z.number(),
  lastSeenAt: z.string().nullable(),
  passkeys: z.number(),
  /** Whether the signed-in manager may change this account (not their own, a role they may manage, not a demo account). */
  canChange: z.boolean(),
  /** A role asked for and waiting for a second person's confirmation (Staff Management); the account keeps its own. */
  pendingRole: z.enum(ROLES).nullable(),
});
export type AccessUser = z.infer<typeof accessUserSchema>;

/** PATCH /api/access/users/:id: a new role, facility or status, with the reason kept in the audit trail. */
export const updateAccessSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Please select a role' }).optional(),
    facilityId: requiredId('Please select a facility').optional(),
    isActive: z.boolean().optional(),
    reason: requiredText('A reason is required', 300, 'Reason must be at most 300 characters'),
  })
  .strict()
  .refine((b) => b.role !== undefined || b.facilityId !== undefined || b.isActive !== undefined, { path: ['role'], message: 'Change the role, the facility or the status' });
export type UpdateAccessInput = z.infer<typeof updateAccessSchema>;
export type UpdateAccessForm = z.input<typeof updateAccessSchema>;

export const SESSION_METHODS = ['password', 'passkey', 'demo'] as const;

export const accessSessionSchema = z.object({
  id: z.number(),
  userId: z.number(),
  method: z.enum(SESSION_METHODS),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccessSession = z.infer<typeof accessSessionSchema>;

/** A member of staff's passkey as Access Control shows it (the auth module's passkeySchema: never the key). */
export const accessPasskeySchema = z.object({
  id: z.number(),
  name: z.string(),
  deviceType: z.string(),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AccessPasskey = z.infer<typeof accessPasskeySchema>;

/** GET /api/audit-events filters: who (userId), what (action prefix), which patient, which dates, outcome. */
export const auditEventsQuery = z
  .object({
    userId: optionalIdQuery,
    /** Who, by name or email (part of either). */
    who: searchQuery,
    action: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(60, 'Action must be at most 60 characters').regex(/^[a-z0-9_.-]*$/, 'Action is letters, digits, . _ -').optional()),
    entity: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(40).regex(/^[a-z0-9_.-]*$/, 'Entity is letters, digits, . _ -').optional()),
    patientId: optionalIdQuery,
    outcome: optionalEnumQuery(['success', 'denied', 'failure'] as const, 'Unknown outcome'),
    from: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
    to: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
    ...pageQuery,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date must not be before the start date' });
export type AuditEventsQuery = z.infer<typeof auditEventsQuery>;

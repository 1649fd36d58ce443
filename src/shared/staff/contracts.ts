// Staff Management (SPEC.md §2.12): the county's staff directory, its cards, Add Staff Member and the duty roster.
import { z } from 'zod';
import { ROLES } from '../access/index.js';
import { normalisePhone } from '../format.js';
import {
  hasNoNul,
  isoDate,
  NUL_MESSAGE,
  optionalEnumQuery,
  optionalIdQuery,
  optionalText,
  pageQuery,
  requiredId,
  requiredText,
  searchQuery,
} from '../validation.js';

/** SPEC.md §4: a staff member is active or inactive; inactive counts as 'On Leave'. */
export const STAFF_STATUSES = ['active', 'inactive'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** SPEC.md §2.12: the role filter lists every role but the nutritionist (the list itself shows every role). */
export const STAFF_FILTER_ROLES = ROLES.filter((r) => r !== 'nutritionist');

export const listStaffQuery = z.object({
  search: searchQuery,
  facilityId: optionalIdQuery,
  role: optionalEnumQuery(ROLES, 'Unknown role'),
  status: optionalEnumQuery(STAFF_STATUSES, 'Status must be active or inactive'),
  ...pageQuery,
});
export type ListStaffQuery = z.infer<typeof listStaffQuery>;

export const staffStatsQuery = z.object({ facilityId: optionalIdQuery });

/**
 * A row of the staff directory. Colleague information only: the phone number is masked (e.g. "0712 ••• 678")
 * and the national ID is never sent.
 */
export const staffMemberSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  facilityId: z.number().nullable(),
  facilityName: z.string().nullable(),
  facilityLevel: z.number().nullable(),
  facilityLocation: z.string().nullable(),
  maskedPhone: z.string().nullable(),
  isActive: z.boolean(),
  joinedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the signed-in user may deactivate or reactivate this account (the role rule above, never oneself). */
  canChangeStatus: z.boolean(),
  /** A new account waiting for a second person's confirmation (issue 25 finding 1): it cannot sign in yet. */
  awaitingConfirmation: z.boolean(),
  /** A change of role waiting for confirmation: the role asked for (the account keeps its own until then). */
  pendingRole: z.enum(ROLES).nullable(),
  /** Opened, but its owner has not yet replaced the temporary password sent to them. */
  awaitingFirstSignIn: z.boolean(),
  /** Whether the signed-in user may send this account a new temporary password (by SMS, to its owner). */
  canSendPassword: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** The four cards of SPEC.md §2.12. */
export const staffStatsSchema = z.object({
  total: z.number(),
  active: z.number(),
  medicalOfficers: z.number(),
  nurses: z.number(),
  onLeave: z.number(),
});
export type StaffStats = z.infer<typeof staffStatsSchema>;

const name = (label: string) =>
  z
    .string({ error: `${label} must be at least 2 characters` })
    .trim()
    .min(2, `${label} must be at least 2 characters`)
    .max(100, `${label} must be at most 100 characters`)
    .refine(hasNoNul, NUL_MESSAGE);

/** Add Staff Member. Kenyan mobile numbers are stored as +254…; others (Ugandan, at the border) as typed. */
export const createStaffSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .pipe(z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters')),
  role: z.enum(ROLES, { error: 'Please select a role' }),
  facilityId: requiredId('Please select a facility'),
  phoneNumber: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(20, 'Phone number must be at most 20 characters')
    .refine((v) => /^\+?[\d\s-]{7,20}$/.test(v) && v.replace(/\D/g, '').length >= 9, 'Phone number must be a valid phone number')
    .transform(normalisePhone),
  nationalId: optionalText(20, 'National ID must be at most 20 characters')
    .refine((v) => v === null || /^\d{7,10}$/.test(v), 'National ID must be 7 to 10 digits'),
  joinedAt: isoDate('Join date is required', { earliest: '1963-01-01', tooEarly: 'Join date must be after 1963' }),
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;
export type CreateStaffForm = z.input<typeof createStaffSchema>;

export const STAFF_SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;

/**
 * A temporary password's journey to its owner's phone: how the gateway answered, and whether it was the simulator
 * (nothing left the server: in demo mode the demo phone shows it). Never the password itself.
 */
export const staffSmsSchema = z.object({
  status: z.enum(STAFF_SMS_STATUSES),
  gateway: z.enum(['simulator', 'africastalking']),
  /** The number it went to, masked as the directory shows it. */
  maskedPhone: z.string().nullable(),
  error: z.string().nullable(),
});
export type StaffSms = z.infer<typeof staffSmsSchema>;

/**
 * The answer to Add Staff Member (issue 25 finding 1). No password is ever shown to the person who creates an
 * account: one that will approve money or read clinical records waits for a second person's confirmation
 * (`pending`), and its temporary password then goes by SMS to its owner; any other account's goes at once (`sms`).
 */
export const createdStaffSchema = z.object({
  staff: staffMemberSchema,
  confirmation: z.enum(['pending', 'not_needed']),
  sms: staffSmsSchema.nullable(),
});
export type CreatedStaff = z.infer<typeof createdStaffSchema>;

export const ACCOUNT_REQUEST_KINDS = ['new', 'role'] as const;
export const ACCOUNT_REQUEST_STATUSES = ['pending', 'confirmed', 'declined'] as const;

/** A new account, or a change of role, waiting for (or given) a second person's confirmation. */
export const accountRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(ACCOUNT_REQUEST_KINDS),
  status: z.enum(ACCOUNT_REQUEST_STATUSES),
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  maskedPhone: z.string().nullable(),
  role: z.enum(ROLES),
  facilityId: z.number(),
  facilityName: z.string(),
  subcounty: z.string(),
  previousRole: z.enum(ROLES).nullable(),
  previousFacilityName: z.string().nullable(),
  reason: z.string().nullable(),
  requestedById: z.number(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** Whether the signed-in user may confirm or decline it: a confirmer within reach who did not ask for it. */
  canDecide: z.boolean(),
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;

export const listAccountRequestsQuery = z.object({
  status: optionalEnumQuery(ACCOUNT_REQUEST_STATUSES, 'Unknown status'),
  ...pageQuery,
});
export type ListAccountRequestsQuery = z.infer<typeof listAccountRequestsQuery>;

export const declineAccountRequestSchema = z.object({
  reason: requiredText('A reason is required', 300, 'Reason must be at most 300 characters'),
});
export type DeclineAccountRequestInput = z.infer<typeof declineAccountRequestSchema>;

/** The answer to a confirmation: the request as decided, and the SMS that carried a new account's password. */
export const confirmedAccountRequestSchema = z.object({ request: accountRequestSchema, sms: staffSmsSchema.nullable() });
export type ConfirmedAccountRequest = z.infer<typeof confirmedAccountRequestSchema>;

/** The answer to "send a new temporary password": only how the SMS went. */
export const sentPasswordSchema = z.object({ sms: staffSmsSchema });
export type SentPassword = z.infer<typeof sentPasswordSchema>;

export const staffStatusSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

/** The duty roster (staff_shifts): a day, night or on-call shift per person and county day. */
export const SHIFT_KINDS = ['day', 'night', 'on_call'] as const;
export type ShiftKind = (typeof SHIFT_KINDS)[number];

/** A roster read covers at most this many days. */
export const SHIFTS_MAX_DAYS = 31;

export const shiftsQuery = z.object({
  facilityId: optionalIdQuery,
  from: z.preprocess((v) => (v === '' ? undefined : v), isoDate('from must be a date').optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoDate('to must be a date').optional()),
});
export type ShiftsQuery = z.infer<typeof shiftsQuery>;

export const staffShiftSchema = z.object({
  id: z.number(),
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  facilityId: z.number(),
  facilityName: z.string(),
  shiftDate: z.string(),
  shift: z.enum(SHIFT_KINDS),
});
export type StaffShift = z.infer<typeof staffShiftSchema>;

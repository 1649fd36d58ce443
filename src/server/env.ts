// The only reader of process.env (STYLE.md rule 6). Parsed once at start; a bad value stops the server
// with a message naming it (DESIGN.md §4).
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

/** A setting that may be left unset or blank. */
const optionalSetting = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** host[:port]: a DNS name, an IPv4 address or a bracketed IPv6 one, and an optional port. */
const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:\d{1,5})?$/;

/** An IPv4 or IPv6 address, or a CIDR range of either (10.0.0.0/8, fd00::/8): what METRICS_ALLOW lists. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || address.includes('%')) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A PostgreSQL connection that may be left unset or blank. */
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** A secret kept out of logs, JSON and inspection: only reveal() gives its bytes. */
export class Secret {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = Buffer.from(bytes);
  }
  reveal(): Buffer {
    return this.#bytes;
  }
  toJSON(): string {
    return '[secret]';
  }
  toString(): string {
    return '[secret]';
  }
  [inspect.custom](): string {
    return 'Secret [secret]';
  }
}

const AUDIT_CHAIN_KEY_RULE = 'must be at least 32 random bytes, written as 64 hex characters or base64 (e.g. the output of `openssl rand -hex 32`)';

/**
 * The bytes of an audit chain key written as hex (64 digits or more) or base64, or null when it is shorter than
 * 32 bytes or plainly not random (fewer than 16 different byte values, or base64 of fewer than 16 different letters:
 * a repeated character, word or pattern, which 32 random bytes all but never are).
 */
export function decodeAuditChainKey(text: string): Buffer | null {
  const v = text.trim();
  let bytes: Buffer | null = null;
  // Hex digits only are read as hex, never as base64: 62 of them are 31 bytes, too few, not 46.
  if (/^[0-9a-fA-F]+$/.test(v)) bytes = v.length % 2 === 0 ? Buffer.from(v, 'hex') : null;
  // Base64 of 32 random bytes uses some 30 of its 64 letters; a word repeated uses a handful.
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && v.replace(/=+$/, '').length % 4 !== 1 && new Set(v).size >= 16) bytes = Buffer.from(v, 'base64');
  if (!bytes || bytes.length < 32 || new Set(bytes).size < 16) return null;
  return bytes;
}

/** The fixed key of the tests (testConfig) and of the servers they start: never a county's. */
export const TEST_AUDIT_CHAIN_KEY = '5f0c2a9e7d3b41c8a6e2f90b17d4c3a85e6b0f2d9c1a7e4b3f8d2c6a0e9b5d17';

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  // Server processes on PostgreSQL (issue 16): one per core by default, sharing the port (node:cluster). The embedded
  // PGlite is one process whatever this says: its data directory is locked to the process that opened it.
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Unset: loopback in demo mode (a passwordless county director must not face the LAN), every interface otherwise. */
  HOST: optionalSetting,
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web client; tests and journeys may point at another build. */
  CLIENT_DIR: z.string().min(1).optional(),
  DATABASE_URL: postgresUrl,
  /**
   * The database owner's connection, for migrations only: with it, DATABASE_URL may name a role that may not
   * change the schema or rewrite the audit trail (README, "Security"). Its user is granted what the app needs.
   */
  MIGRATION_DATABASE_URL: postgresUrl,
  /**
   * A PostgreSQL streaming replica of DATABASE_URL (issue 32 item 5, db/replica.ts): the heavy reads (MOH and
   * analysis reports, financial statements, exports) go there while it is at most REPLICA_MAX_LAG_SECONDS behind.
   * Nothing is ever written there: its connections are read-only.
   */
  REPLICA_DATABASE_URL: postgresUrl,
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  DEMO_MODE: bool.optional(),
  // Backups (ops/backup.ts, docs/operations.md): where they are written, an optional second directory (a mounted
  // off-site disk) that receives a copy, when the nightly one is taken (county time, or off) and how many are kept.
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_COPY_DIR: optionalSetting,
  BACKUP_TIME: z
    .string()
    .default('02:00')
    .refine((v) => v === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'must be a county time HH:MM (e.g. 02:00), or off'),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(1200).default(12),
  SEED_ON_START: bool.optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(12),
  // Sign-in throttle (DESIGN.md §7, auth.service.ts beginLoginAttempt): growing delays per account *and* address,
  // so an attacker elsewhere cannot lock a member of staff out; a high per-address ceiling against spraying.
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_DELAY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOGIN_DELAY_MAX_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  LOGIN_FAILURE_MEMORY_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(300),
  LOGIN_IP_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  // Passkey sign-ins started and not finished from one address (issue 25 finding 4): each holds a challenge for 5
  // minutes. At most a tenth of the store's ceiling (MAX_OPEN_CHALLENGES, 5,000), so one address cannot fill it.
  PASSKEY_CHALLENGES_PER_IP: z.coerce.number().int().min(1).max(500).default(30),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string[] => {
      if (['true', 'false'].includes(v)) return v === 'true';
      if (/^\d+$/.test(v)) return Number(v);
      return v.split(',').map((s) => s.trim()).filter(Boolean);
    }),
  /**
   * The host names (host[:port]) the server answers for (issue 25 finding 5): a request for any other Host is refused
   * (421), so a DNS-rebinding page that points its own name at this server reaches nothing. Comma-separated.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .superRefine((hosts, ctx) => {
      const bad = hosts.filter((h) => !HOST_AND_PORT.test(h));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `must be host names with an optional port, without a scheme or path (e.g. afya.busia.go.ke or 10.0.0.5:5000): not ${bad.join(', ')}` });
      }
    }),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /**
   * The client addresses that may read GET /metrics (core/metrics.ts): IP addresses and CIDR ranges, comma-separated.
   * The metrics name no patient, but they tell how busy each screen is and when the backups ran: this machine only by
   * default. Blank is the default too.
   */
  METRICS_ALLOW: optionalSetting
    .transform((v) => (v ?? '127.0.0.1,::1').split(',').map((s) => s.trim()).filter(Boolean))
    .superRefine((entries, ctx) => {
      const bad = entries.filter((e) => !isAddressOrRange(e));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `must be IP addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,::1,10.0.0.0/8): not ${bad.join(', ')}` });
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // M-Pesa Daraja (Lipa Na M-Pesa Online, domain/KENYA.md). With the four credentials unset, the built-in sandbox
  // simulator answers STK pushes instead and no money moves.
  MPESA_CONSUMER_KEY: optionalSetting,
  MPESA_CONSUMER_SECRET: optionalSetting,
  MPESA_SHORTCODE: optionalSetting.pipe(z.string().regex(/^\d{5,7}$/, 'must be the 5 to 7 digit paybill or till number').optional()),
  MPESA_PASSKEY: optionalSetting,
  MPESA_CALLBACK_URL: optionalSetting.pipe(
    z.url({ protocol: /^https$/, error: 'must be an https:// URL that Safaricom can reach (ending in /api/payments/mpesa/callback)' }).optional(),
  ),
  MPESA_ENVIRONMENT: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
  /** CustomerPayBillOnline for a paybill; CustomerBuyGoodsOnline for a till (then MPESA_PARTY_B is the till number). */
  MPESA_TRANSACTION_TYPE: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'], { error: 'must be CustomerPayBillOnline or CustomerBuyGoodsOnline' }).default('CustomerPayBillOnline'),
  MPESA_PARTY_B: optionalSetting.pipe(z.string().regex(/^\d{5,7}$/, 'must be the 5 to 7 digit paybill or till number').optional()),
  /** How long the simulator waits before it "calls back" (a person entering their PIN). */
  MPESA_SIMULATOR_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(120_000).default(1500),
  /**
   * The callback route's limit per source address (issue 11, finding 4): this many at once, refilled at
   * MPESA_CALLBACK_PER_MINUTE. Safaricom calls back once or twice per payment from a few addresses; a busy county
   * takes a few payments a second at its peak, well inside 60 at once and 600 a minute.
   */
  MPESA_CALLBACK_BURST: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(60),
  MPESA_CALLBACK_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000).default(600),
  /** Africa's Talking's delivery reports, one per message from a few addresses: a reminder run sends thousands. */
  SMS_DELIVERY_BURST: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000).default(2000),
  SMS_DELIVERY_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000_000).default(20_000),
  // KHIS, Kenya's DHIS2 (domain/REPORTING.md): where the monthly MOH forms are pushed. All three or none; with none,
  // the forms can still be exported as files.
  DHIS2_URL: optionalSetting.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be the DHIS2 server\'s http:// or https:// address (e.g. https://hiskenya.org)' })
      .refine((u) => !URL.canParse(u) || (!new URL(u).username && !new URL(u).password), 'must not hold a username or password: set DHIS2_USERNAME and DHIS2_PASSWORD')
      .optional(),
  ),
  DHIS2_USERNAME: optionalSetting,
  /** Taken as written: a password's spaces are part of it. */
  DHIS2_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v)),
  // SMS reminders (issue 15) through Africa's Talking: its username and API key, both or neither; with neither, the
  // built-in simulator keeps each message without sending it. The sender ID is the county's registered short code
  // or alphanumeric name (optional: the gateway's shared one otherwise).
  SMS_USERNAME: optionalSetting,
  SMS_API_KEY: optionalSetting,
  SMS_SENDER_ID: optionalSetting.pipe(z.string().regex(/^[A-Za-z0-9 ]{3,11}$/, 'must be the 3 to 11 letter or digit sender ID registered with the gateway').optional()),
  SMS_ENVIRONMENT: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
  // Passkeys (WebAuthn): the relying party's id (the site's domain, e.g. afya.busia.go.ke) and the origins a browser
  // may sign in from. Unset: the address the browser used, when it is this server's own (localhost in the demo).
  WEBAUTHN_RP_ID: optionalSetting.pipe(z.string().regex(/^[a-z0-9.-]+$/, 'must be a domain name such as afya.busia.go.ke').optional()),
  // The browser journeys move the server's clock a day on (POST /api/test/clock): never in production.
  CLOCK_CONTROL: bool.optional(),
  // The audit chain's key (issue 25 finding 10, ADR 0016): the server seals the chain with it, and the database
  // never holds it. Required in production; elsewhere a generated one is kept in DATA_DIR (core/audit-key.ts).
  AUDIT_CHAIN_KEY: optionalSetting.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const key = decodeAuditChainKey(v);
    if (key) return new Secret(key);
    ctx.addIssue({ code: 'custom', message: AUDIT_CHAIN_KEY_RULE });
    return z.NEVER;
  }),
});

const SMS_CREDENTIALS = ['SMS_USERNAME', 'SMS_API_KEY'] as const;

/** Africa's Talking with its username and API key; the simulator with neither. */
const smsRules = (e: z.infer<typeof envObject>, ctx: z.RefinementCtx) => {
  const set = SMS_CREDENTIALS.filter((k) => e[k] !== undefined);
  if (set.length === 0 || set.length === SMS_CREDENTIALS.length) return;
  for (const k of SMS_CREDENTIALS.filter((k) => e[k] === undefined)) {
    ctx.addIssue({ code: 'custom', path: [k], message: `is required with ${set.join(', ')} (set both SMS gateway credentials, or none for the simulator)` });
  }
};

const clockRules = (e: z.infer<typeof envObject>, ctx: z.RefinementCtx) => {
  if (e.CLOCK_CONTROL && e.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['CLOCK_CONTROL'], message: 'is for the browser journeys only and cannot be on in production' });
  }
};

const MPESA_CREDENTIALS = ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY'] as const;

/** Daraja with all four credentials and a callback URL; the simulator with none; anything between is a mistake. */
const mpesaRules = (e: z.infer<typeof envObject>, ctx: z.RefinementCtx) => {
  const set = MPESA_CREDENTIALS.filter((k) => e[k] !== undefined);
  if (set.length > 0 && set.length < MPESA_CREDENTIALS.length) {
    for (const k of MPESA_CREDENTIALS.filter((k) => e[k] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [k], message: `is required with ${set.join(', ')} (set all four M-Pesa credentials, or none for the simulator)` });
    }
  }
  if (set.length === MPESA_CREDENTIALS.length && !e.MPESA_CALLBACK_URL) {
    ctx.addIssue({ code: 'custom', path: ['MPESA_CALLBACK_URL'], message: 'is required with the M-Pesa credentials' });
  }
};

/** Demo mode: asked for, or by default with the embedded database outside production (DESIGN.md §4). */
const demoModeOf = (e: z.infer<typeof envObject>) => e.DEMO_MODE ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL);

/** A county's production server must be told its own name: only loopback is answered by default. */
const hostRules = (e: z.infer<typeof envObject>, ctx: z.RefinementCtx) => {
  if (e.NODE_ENV === 'production' && !demoModeOf(e) && e.ALLOWED_HOSTS.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['ALLOWED_HOSTS'],
      message: "is required in production: the host names staff's browsers reach the server by, comma-separated (e.g. afya.busia.go.ke)",
    });
  }
};

const databaseRules = (e: z.infer<typeof envObject>, ctx: z.RefinementCtx) => {
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['MIGRATION_DATABASE_URL'], message: 'needs DATABASE_URL (the app\'s own connection) beside it' });
  }
  if (e.REPLICA_DATABASE_URL && !e.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['REPLICA_DATABASE_URL'], message: 'needs DATABASE_URL: a replica is of a PostgreSQL primary, and the embedded database has none' });
  }
  if (e.REPLICA_DATABASE_URL && e.REPLICA_DATABASE_URL === e.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['REPLICA_DATABASE_URL'], message: 'names the same database as DATABASE_URL: it must be the standby' });
  }
};

const DHIS2_SETTINGS = ['DHIS2_URL', 'DHIS2_USERNAME', 'DHIS2_PASSWORD'] as const;

/** The KHIS connection needs its address and both credentials; a partial set is a mistake, named. */
const dhis2Rules = (e: z.infer<typeof envObject>, ctx: z.RefinementCtx) => {
  const set = DHIS2_SETTINGS.filter((k) => e[k] !== undefined);
  if (set.length === 0 || set.length === DHIS2_SETTINGS.length) return;
  for (const k of DHIS2_SETTINGS.filter((k) => e[k] === undefined)) {
    ctx.addIssue({ code: 'custom', path: [k], message: `is required with ${set.join(', ')} (set all three KHIS settings, or none)` });
  }
};

/** Production seals the audit trail with a key the operator keeps; it is never generated there. */
const auditChainKeyRules = (e: z.infer<typeof envObject>, ctx: z.RefinementCtx) => {
  if (e.NODE_ENV === 'production' && !e.AUDIT_CHAIN_KEY) {
    ctx.addIssue({ code: 'custom', path: ['AUDIT_CHAIN_KEY'], message: `is required in production: ${AUDIT_CHAIN_KEY_RULE.replace(/^must be /, '')}, kept outside the database and its backups` });
  }
};

const envSchema = envObject
  .superRefine(auditChainKeyRules)
  .superRefine(mpesaRules)
  .superRefine(databaseRules)
  .superRefine(dhis2Rules)
  .superRefine(smsRules)
  .superRefine(clockRules)
  .superRefine(hostRules);

/** M-Pesa: Safaricom Daraja when credentials are configured, else the built-in sandbox simulator. */
export type MpesaConfig =
  | { mode: 'simulator'; simulatorDelayMs: number }
  | {
      mode: 'daraja';
      environment: 'sandbox' | 'production';
      consumerKey: string;
      consumerSecret: string;
      shortcode: string;
      passkey: string;
      callbackUrl: string;
      transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
      partyB: string;
      simulatorDelayMs: number;
    };

/** A DHIS2 server (KHIS) and the account the county pushes its forms with. */
export type Dhis2Connection = { url: string; username: string; password: string };

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  clientDir: string | undefined;
  databaseUrl: string | undefined;
  /** The owner's connection for migrations; undefined: DATABASE_URL migrates too. */
  migrationDatabaseUrl: string | undefined;
  /** The streaming replica for heavy reads, and how far behind it may be before they fall back to the primary. */
  replica: { url: string; maxLagSeconds: number } | undefined;
  demoMode: boolean;
  seedOnStart: boolean;
  backup: {
    dir: string;
    copyDir: string | undefined;
    /** The nightly backup's county time (HH:MM), or null: none scheduled. */
    time: string | null;
    keep: { daily: number; weekly: number; monthly: number };
  };
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Failed sign-ins of one account from one address before each further attempt waits. */
  loginFailuresBeforeDelay: number;
  /** The first wait; it doubles with every further failure of the pair, up to loginDelayMaxMinutes. */
  loginDelayBaseSeconds: number;
  loginDelayMaxMinutes: number;
  /** How long an (account, address) pair's failures count (a success from the pair clears them sooner). */
  loginFailureMemoryHours: number;
  /** Failed sign-ins from one address, whatever the account, within loginIpWindowMinutes before 429. */
  loginMaxFailuresPerIp: number;
  loginIpWindowMinutes: number;
  /** Unfinished passkey sign-ins (open challenges) one address may hold before 429. */
  passkeyChallengesPerIp: number;
  /** Fastify's trustProxy: false, true (any), a number of hops, or the proxies' addresses / CIDRs. */
  trustProxy: boolean | number | string[];
  /** host[:port] entries the server answers for (lower case); a request for another Host is refused with 421. */
  allowedHosts: string[];
  allowedOrigins: string[];
  /** METRICS_ALLOW: the addresses and CIDR ranges GET /metrics answers (others get 403). */
  metricsAllow: string[];
  logLevel: string;
  /** Server processes: WORKERS, or the machine's cores; main.ts runs one unless DATABASE_URL is set. */
  workers: number;
  mpesa: MpesaConfig;
  /** Callbacks per source address: `burst` at once, refilled at `perMinute`. */
  mpesaCallbackLimit: { burst: number; perMinute: number };
  smsDeliveryLimit: { burst: number; perMinute: number };
  /** KHIS; undefined: not configured (the forms can still be exported as files). */
  dhis2: Dhis2Connection | undefined;
  /** SMS reminders: Africa's Talking when configured, else the simulator (messages kept, nothing sent). */
  sms: SmsConfig;
  /** Passkeys: the relying party's id; undefined: the host the browser used. */
  webauthnRpId: string | undefined;
  /** The journeys' clock control (POST /api/test/clock); never in production. */
  clockControl: boolean;
  /**
   * The audit chain's key: AUDIT_CHAIN_KEY, or (never in production) the file in DATA_DIR where a generated one is
   * kept, outside the database (core/audit-key.ts reads or makes it).
   */
  auditChainKey: { from: 'environment'; key: Secret } | { from: 'file'; path: string };
};

export type SmsConfig =
  | { mode: 'simulator' }
  | { mode: 'africastalking'; username: string; apiKey: string; senderId: string | undefined; environment: 'sandbox' | 'production' };

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The hosts the server answers for: ALLOWED_HOSTS, and always this machine's loopback names on the server's port
 * (only a browser on this machine sends them: a rebinding page's Host is its own domain name); the address HOST
 * names when it is one address rather than every interface; and the host of MPESA_CALLBACK_URL, where Safaricom
 * calls back.
 */
function allowedHostsOf(configured: string[], server: { port: number; host: string; mpesaCallbackUrl: string | undefined }): string[] {
  const host = server.host.toLowerCase();
  const listening = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const hosts = [
    ...configured,
    ...['localhost', '127.0.0.1', '[::1]'].map((h) => `${h}:${server.port}`),
    ...(WILDCARD_HOSTS.has(listening) ? [] : [`${listening}:${server.port}`]),
    ...(server.mpesaCallbackUrl ? [new URL(server.mpesaCallbackUrl).host] : []),
  ];
  return [...new Set(hosts)];
}

export function parseConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Demo mode defaults on with the embedded database, off in production or on a real PostgreSQL
  // (DESIGN.md §4); the demo county is loaded on first start unless in production.
  const demoMode = demoModeOf(e);
  const host = e.HOST ?? (demoMode ? '127.0.0.1' : '0.0.0.0');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // Demo mode signs anyone in as any demo account, the county director included, without a password: by
    // default only this machine may reach it. HOST set explicitly (0.0.0.0 for the LAN) is the operator's choice.
    host,
    dataDir: e.DATA_DIR,
    // @fastify/static needs an absolute root.
    clientDir: e.CLIENT_DIR ? resolve(e.CLIENT_DIR) : undefined,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    replica: e.REPLICA_DATABASE_URL ? { url: e.REPLICA_DATABASE_URL, maxLagSeconds: e.REPLICA_MAX_LAG_SECONDS } : undefined,
    demoMode,
    seedOnStart: e.SEED_ON_START ?? e.NODE_ENV !== 'production',
    backup: {
      dir: resolve(e.BACKUP_DIR),
      copyDir: e.BACKUP_COPY_DIR ? resolve(e.BACKUP_COPY_DIR) : undefined,
      time: e.BACKUP_TIME === 'off' ? null : e.BACKUP_TIME,
      keep: { daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY, monthly: e.BACKUP_KEEP_MONTHLY },
    },
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    loginFailuresBeforeDelay: e.LOGIN_FAILURES_BEFORE_DELAY,
    loginDelayBaseSeconds: e.LOGIN_DELAY_BASE_SECONDS,
    loginDelayMaxMinutes: e.LOGIN_DELAY_MAX_MINUTES,
    loginFailureMemoryHours: e.LOGIN_FAILURE_MEMORY_HOURS,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginIpWindowMinutes: e.LOGIN_IP_WINDOW_MINUTES,
    passkeyChallengesPerIp: e.PASSKEY_CHALLENGES_PER_IP,
    trustProxy: e.TRUST_PROXY,
    allowedHosts: allowedHostsOf(e.ALLOWED_HOSTS, { port: e.PORT, host, mpesaCallbackUrl: e.MPESA_CALLBACK_URL }),
    allowedOrigins: e.ALLOWED_ORIGINS,
    metricsAllow: e.METRICS_ALLOW,
    logLevel: e.LOG_LEVEL,
    workers: e.WORKERS ?? availableParallelism(),
    mpesa:
      e.MPESA_CONSUMER_KEY && e.MPESA_CONSUMER_SECRET && e.MPESA_SHORTCODE && e.MPESA_PASSKEY && e.MPESA_CALLBACK_URL
        ? {
            mode: 'daraja',
            environment: e.MPESA_ENVIRONMENT,
            consumerKey: e.MPESA_CONSUMER_KEY,
            consumerSecret: e.MPESA_CONSUMER_SECRET,
            shortcode: e.MPESA_SHORTCODE,
            passkey: e.MPESA_PASSKEY,
            callbackUrl: e.MPESA_CALLBACK_URL,
            transactionType: e.MPESA_TRANSACTION_TYPE,
            partyB: e.MPESA_PARTY_B ?? e.MPESA_SHORTCODE,
            simulatorDelayMs: e.MPESA_SIMULATOR_DELAY_MS,
          }
        : { mode: 'simulator', simulatorDelayMs: e.MPESA_SIMULATOR_DELAY_MS },
    mpesaCallbackLimit: { burst: e.MPESA_CALLBACK_BURST, perMinute: e.MPESA_CALLBACK_PER_MINUTE },
    smsDeliveryLimit: { burst: e.SMS_DELIVERY_BURST, perMinute: e.SMS_DELIVERY_PER_MINUTE },
    dhis2: e.DHIS2_URL && e.DHIS2_USERNAME && e.DHIS2_PASSWORD ? { url: e.DHIS2_URL, username: e.DHIS2_USERNAME, password: e.DHIS2_PASSWORD } : undefined,
    sms:
      e.SMS_USERNAME && e.SMS_API_KEY
        ? { mode: 'africastalking', username: e.SMS_USERNAME, apiKey: e.SMS_API_KEY, senderId: e.SMS_SENDER_ID, environment: e.SMS_ENVIRONMENT }
        : { mode: 'simulator' },
    webauthnRpId: e.WEBAUTHN_RP_ID,
    clockControl: e.CLOCK_CONTROL ?? false,
    auditChainKey: e.AUDIT_CHAIN_KEY ? { from: 'environment', key: e.AUDIT_CHAIN_KEY } : { from: 'file', path: join(e.DATA_DIR, 'audit-chain.key') },
  };
}

export function loadConfig(): Config {
  return parseConfig(process.env);
}

/**
 * The configuration the API tests run with: every default, demo mode on, the tests' audit chain key. Fastify's inject
 * calls the server localhost:80, so the tests' server says it listens on port 80 and answers for this machine's names
 * on it, as a real one on its own port does.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '80', AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY }), ...overrides };
}

// The only reader of process.env (STYLE.md rule 6). Parsed once at start; a bad value stops the server
// with a message naming it (DESIGN.md §4).
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

/** A setting that may be left unset or blank. */
const optionalSetting = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web client; tests and journeys may point at another build. */
  CLIENT_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEMO_MODE: bool.optional(),
  SEED_ON_START: bool.optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(12),
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string[] => {
      if (['true', 'false'].includes(v)) return v === 'true';
      if (/^\d+$/.test(v)) return Number(v);
      return v.split(',').map((s) => s.trim()).filter(Boolean);
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
});

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

const envSchema = envObject.superRefine(mpesaRules);

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

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  clientDir: string | undefined;
  databaseUrl: string | undefined;
  demoMode: boolean;
  seedOnStart: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  loginMaxAttemptsPerAccount: number;
  loginMaxAttemptsPerIp: number;
  loginWindowMinutes: number;
  /** Fastify's trustProxy: false, true (any), a number of hops, or the proxies' addresses / CIDRs. */
  trustProxy: boolean | number | string[];
  allowedOrigins: string[];
  logLevel: string;
  mpesa: MpesaConfig;
};

export function parseConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    // @fastify/static needs an absolute root.
    clientDir: e.CLIENT_DIR ? resolve(e.CLIENT_DIR) : undefined,
    databaseUrl: e.DATABASE_URL,
    // Demo mode defaults on with the embedded database, off in production or on a real PostgreSQL
    // (DESIGN.md §4); the demo county is loaded on first start unless in production.
    demoMode: e.DEMO_MODE ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL),
    seedOnStart: e.SEED_ON_START ?? e.NODE_ENV !== 'production',
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    loginMaxAttemptsPerAccount: e.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
    loginMaxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    logLevel: e.LOG_LEVEL,
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
  };
}

export function loadConfig(): Config {
  return parseConfig(process.env);
}

/** The configuration the API tests run with: every default, demo mode on. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

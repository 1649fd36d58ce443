// The only reader of process.env (STYLE.md rule 6). Parsed once at start; a bad value stops the server
// with a message naming it (DESIGN.md §4).
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const envSchema = z.object({
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
});

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
  };
}

export function loadConfig(): Config {
  return parseConfig(process.env);
}

/** The configuration the API tests run with: every default, demo mode on. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

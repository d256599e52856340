import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { MAX_BYTES } from './lib/media-types';
import type { RemoteImageSettings } from './lib/remote-images';
import type { S3Settings } from './lib/s3-storage';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** `max/seconds`, e.g. `20/60`: at most 20 requests in 60 seconds. */
const rateRule = z
  .string()
  .regex(/^\d{1,6}\/\d{1,6}$/, 'must be max/seconds, e.g. 20/60')
  .transform((value) => {
    const [max, seconds] = value.split('/').map(Number) as [number, number];
    return { max, windowSeconds: seconds };
  });

export interface RateRule {
  max: number;
  windowSeconds: number;
}

/**
 * The abuse limits (issue 13, docs/security.md). Anonymous callers are counted per IP; signed-in callers
 * per account, so a school behind one IP is not one client. Sign-in is per IP (password spraying); the
 * per-account lock-out is separate (per account and IP, auth.service).
 */
export const RATE_LIMIT_DEFAULTS = {
  signIn: { max: 30, windowSeconds: 60 },
  register: { max: 60, windowSeconds: 3600 },
  organizationApplication: { max: 5, windowSeconds: 3600 },
  forgotPassword: { max: 30, windowSeconds: 3600 },
  resetCode: { max: 30, windowSeconds: 900 },
  upload: { max: 60, windowSeconds: 60 },
  search: { max: 120, windowSeconds: 60 },
  /** The authors' spoken preview (eSpeak NG, 1–2 s of CPU per new text; issue 26). */
  speech: { max: 20, windowSeconds: 60 },
  /** Starts of an assigned test, per account: guesses of an access code (issue 29). */
  accessCode: { max: 20, windowSeconds: 600 },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

/**
 * Hourly mail limits (issue 26, docs/security.md), counted in the database (`mail_limit_events`) so
 * every process shares them, and on whatever RATE_LIMITS says: they protect the recipients' inboxes.
 * Invitation mails (invitations and roster imports) per sending account and per recipient address;
 * password-reset and sign-in-code requests per e-mail (known or not, so a refusal reveals nothing).
 */
export const MAIL_LIMIT_DEFAULTS = {
  invitationsPerSender: { max: 300, windowSeconds: 3600 },
  invitationsPerRecipient: { max: 3, windowSeconds: 3600 },
  resetCodesPerAccount: { max: 5, windowSeconds: 3600 },
  signInCodesPerAccount: { max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

export type MailLimitName = keyof typeof MAIL_LIMIT_DEFAULTS;

const envSchema = z.object({
  APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().url().optional(),
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_MODE: z.enum(['production', 'development', 'none']).default('production'),
  JWT_SECRET: z.string().min(32).optional(),
  COOKIE_SECRET: z.string().min(32).optional(),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  SEED_DEMO: booleanFromEnv.optional(),
  REDIS_URL: z.string().url().optional(),
  RATE_LIMITS: booleanFromEnv.default(true),
  RATE_LIMIT_SIGN_IN: rateRule.optional(),
  RATE_LIMIT_REGISTER: rateRule.optional(),
  RATE_LIMIT_ORGANIZATION_APPLICATION: rateRule.optional(),
  RATE_LIMIT_FORGOT_PASSWORD: rateRule.optional(),
  RATE_LIMIT_RESET_CODE: rateRule.optional(),
  RATE_LIMIT_UPLOAD: rateRule.optional(),
  RATE_LIMIT_SEARCH: rateRule.optional(),
  RATE_LIMIT_SPEECH: rateRule.optional(),
  RATE_LIMIT_ACCESS_CODE: rateRule.optional(),
  MAIL_LIMIT_INVITATIONS_PER_SENDER: rateRule.optional(),
  MAIL_LIMIT_INVITATIONS_PER_RECIPIENT: rateRule.optional(),
  MAIL_LIMIT_RESET_CODES: rateRule.optional(),
  MAIL_LIMIT_SIGN_IN_CODES: rateRule.optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Prepwise <no-reply@prepwise.vn>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  VNPAY_TMN_CODE: z.string().min(1).max(20).optional(),
  VNPAY_HASH_SECRET: z.string().min(8).optional(),
  VNPAY_URL: z.string().url().optional(),
  VNPAY_API_URL: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  AI_BASE_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  AI_TRANSCRIPTION_MODEL: z
    .string()
    .max(200)
    .regex(/^\S+$/, 'must be one model name without spaces, e.g. whisper-1, or offline')
    .optional(),
  REMOTE_IMAGES_ALLOW_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:4500')
    .optional(),
  REMOTE_IMAGES_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]+$/, "may hold only letters, digits, / and !-_.*'()")
    .optional(),
});

export type AppEnv = z.infer<typeof envSchema>['APP_ENV'];

export interface AiSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /**
   * The provider's speech-to-text model (`AI_TRANSCRIPTION_MODEL`, default `whisper-1`) for spoken
   * answers' transcripts; null when set to `offline`: PocketSphinx transcribes even with a provider.
   */
  transcriptionModel: string | null;
}

export interface Config {
  appEnv: AppEnv;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Server processes sharing the port (node:cluster); more than one only on PostgreSQL. */
  workers: number;
  logLevel: string;
  webMode: 'production' | 'development' | 'none';
  secrets: { jwt: string; cookie: string };
  bodyLimit: number;
  publicUrl: string;
  trustProxy: boolean;
  seedDemo: boolean;
  redisUrl: string | undefined;
  /** null: no rate limits (RATE_LIMITS=false). */
  rateLimits: Record<RateLimitName, RateRule> | null;
  /** Always on (RATE_LIMITS does not turn them off). */
  mailLimits: Record<MailLimitName, RateRule>;
  auth: { accessTokenTtlSeconds: number; refreshTokenTtlDays: number };
  mail: { smtpUrl: string | undefined; from: string };
  google: { clientId: string | undefined; jwksUrl: string };
  /** An S3-compatible bucket for uploads; undefined → files under `DATA_DIR/uploads`. */
  s3: S3Settings | undefined;
  /**
   * The payment gateway: VNPay when its four variables are set; otherwise, outside production, the
   * built-in simulator (same protocol, `/payment-simulator`); in production without VNPay, none.
   */
  payments: PaymentSettings | undefined;
  /**
   * The OpenAI-compatible provider for question generation, essay bands and transcripts of spoken answers;
   * absent: the built-in generator and the offline recogniser only.
   */
  ai: AiSettings | undefined;
  /** Fetching third-party pictures of an organization's rich text into its media (lib/remote-images.ts). */
  remoteImages: RemoteImageSettings;
}

export interface PaymentSettings {
  provider: 'vnpay' | 'simulator';
  tmnCode: string;
  hashSecret: string;
  /** Where the learner pays (VNPay's vpcpay.html or our simulator page). */
  paymentUrl: string;
  /** VNPay's merchant API (querydr); the simulator answers it itself. */
  apiUrl: string;
}

const VNPAY_VARIABLES = ['VNPAY_TMN_CODE', 'VNPAY_HASH_SECRET', 'VNPAY_URL', 'VNPAY_API_URL'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SECRET_NAMES = ['JWT_SECRET', 'COOKIE_SECRET'] as const;

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

/**
 * Reads the environment. Outside production, missing secrets are generated once into
 * `DATA_DIR/secrets.json` so development needs no `.env`; production refuses to start without them.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as operators expect.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const isProduction = e.APP_ENV === 'production';

  let jwt = e.JWT_SECRET;
  let cookie = e.COOKIE_SECRET;
  if (isProduction) {
    const missing = SECRET_NAMES.filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `APP_ENV=production needs ${missing.join(' and ')} (at least 32 characters each); refusing to start.`,
      );
    }
  } else if (!jwt || !cookie) {
    const generated = readOrCreateDevelopmentSecrets(dataDir);
    jwt ??= generated.JWT_SECRET;
    cookie ??= generated.COOKIE_SECRET;
  }

  if (isProduction && e.REMOTE_IMAGES_ALLOW_HOST) {
    throw new ConfigError(
      'REMOTE_IMAGES_ALLOW_HOST lets pictures be fetched from a private address over http, for tests only; unset it when APP_ENV=production.',
    );
  }

  // `auto`: one per CPU on PostgreSQL; PGlite serves a single process.
  const workers = e.WORKERS === 'auto' ? (e.DATABASE_URL ? availableParallelism() : 1) : e.WORKERS;
  if (workers > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `WORKERS=${e.WORKERS} needs DATABASE_URL (PostgreSQL): the embedded PGlite database serves one process.`,
    );
  }

  const seedDemo = e.SEED_DEMO ?? !isProduction;
  const payments = paymentSettings(e, cookie!);
  refuseAccidentalDevelopment(env, present, { seedDemo, simulator: payments?.provider === 'simulator' });

  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    workers,
    logLevel: e.LOG_LEVEL,
    webMode: e.WEB_MODE,
    secrets: { jwt: jwt!, cookie: cookie! },
    bodyLimit: e.BODY_LIMIT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    seedDemo,
    redisUrl: e.REDIS_URL,
    rateLimits: e.RATE_LIMITS
      ? {
          signIn: e.RATE_LIMIT_SIGN_IN ?? RATE_LIMIT_DEFAULTS.signIn,
          register: e.RATE_LIMIT_REGISTER ?? RATE_LIMIT_DEFAULTS.register,
          organizationApplication:
            e.RATE_LIMIT_ORGANIZATION_APPLICATION ?? RATE_LIMIT_DEFAULTS.organizationApplication,
          forgotPassword: e.RATE_LIMIT_FORGOT_PASSWORD ?? RATE_LIMIT_DEFAULTS.forgotPassword,
          resetCode: e.RATE_LIMIT_RESET_CODE ?? RATE_LIMIT_DEFAULTS.resetCode,
          upload: e.RATE_LIMIT_UPLOAD ?? RATE_LIMIT_DEFAULTS.upload,
          search: e.RATE_LIMIT_SEARCH ?? RATE_LIMIT_DEFAULTS.search,
          speech: e.RATE_LIMIT_SPEECH ?? RATE_LIMIT_DEFAULTS.speech,
          accessCode: e.RATE_LIMIT_ACCESS_CODE ?? RATE_LIMIT_DEFAULTS.accessCode,
        }
      : null,
    mailLimits: {
      invitationsPerSender: e.MAIL_LIMIT_INVITATIONS_PER_SENDER ?? MAIL_LIMIT_DEFAULTS.invitationsPerSender,
      invitationsPerRecipient:
        e.MAIL_LIMIT_INVITATIONS_PER_RECIPIENT ?? MAIL_LIMIT_DEFAULTS.invitationsPerRecipient,
      resetCodesPerAccount: e.MAIL_LIMIT_RESET_CODES ?? MAIL_LIMIT_DEFAULTS.resetCodesPerAccount,
      signInCodesPerAccount: e.MAIL_LIMIT_SIGN_IN_CODES ?? MAIL_LIMIT_DEFAULTS.signInCodesPerAccount,
    },
    auth: { accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL, refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    s3: s3Settings(e),
    payments,
    ai: aiSettings(e),
    remoteImages: {
      allowHost: e.REMOTE_IMAGES_ALLOW_HOST,
      timeoutMs: e.REMOTE_IMAGES_TIMEOUT_SECONDS * 1000,
      maxBytes: MAX_BYTES.image,
    },
  };
}

/**
 * NODE_ENV=production with APP_ENV left to its default is most likely a deployment that forgot APP_ENV
 * (issue 26): development mode would seed the demo accounts, whose password is published, and run the
 * payment simulator, which credits any wallet for free. Refused unless APP_ENV is set (decision 004).
 */
function refuseAccidentalDevelopment(
  env: NodeJS.ProcessEnv,
  present: Record<string, string | undefined>,
  wouldRun: { seedDemo: boolean; simulator: boolean },
) {
  if (env.NODE_ENV !== 'production' || present.APP_ENV !== undefined) return;
  const dangers = [
    wouldRun.seedDemo ? 'the demo accounts with their published password (SEED_DEMO)' : undefined,
    wouldRun.simulator
      ? 'the payment simulator, which credits any wallet for free (no VNPAY_* variables)'
      : undefined,
  ].filter(Boolean);
  if (dangers.length === 0) return;
  throw new ConfigError(
    `NODE_ENV=production but APP_ENV is not set, so Prepwise would start in development mode with ${dangers.join(' and ')}; refusing to start. Set APP_ENV=production for a deployment (with JWT_SECRET and COOKIE_SECRET), or APP_ENV=development to run development mode on purpose.`,
  );
}

/** VNPay all or nothing; the simulator (signed with a key derived from the cookie secret) outside production. */
function paymentSettings(e: z.infer<typeof envSchema>, cookieSecret: string): PaymentSettings | undefined {
  const given = VNPAY_VARIABLES.filter((name) => e[name] !== undefined);
  if (given.length > 0) {
    const missing = VNPAY_VARIABLES.filter((name) => e[name] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `VNPay is half configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Set all of ${VNPAY_VARIABLES.join(', ')}, or none to use the local payment simulator (refused in production).`,
      );
    }
    return {
      provider: 'vnpay',
      tmnCode: e.VNPAY_TMN_CODE!,
      hashSecret: e.VNPAY_HASH_SECRET!,
      paymentUrl: e.VNPAY_URL!,
      apiUrl: e.VNPAY_API_URL!,
    };
  }
  if (e.APP_ENV === 'production') return undefined;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    provider: 'simulator',
    tmnCode: 'PWSIMULA',
    hashSecret: createHmac('sha256', cookieSecret).update('prepwise payment simulator').digest('hex'),
    paymentUrl: `${publicUrl}/payment-simulator`,
    apiUrl: `${publicUrl}/api/public/payment-simulator/querydr`,
  };
}

/** AI_BASE_URL and AI_MODEL together switch the OpenAI-compatible provider on; one without the other is an error. */
function aiSettings(e: z.infer<typeof envSchema>): AiSettings | undefined {
  if (!e.AI_BASE_URL && !e.AI_MODEL) {
    if (e.AI_TRANSCRIPTION_MODEL && e.AI_TRANSCRIPTION_MODEL !== 'offline')
      throw new ConfigError(
        'AI_TRANSCRIPTION_MODEL names a model of the AI provider: set AI_BASE_URL and AI_MODEL too, or unset it to transcribe offline.',
      );
    return undefined;
  }
  if (!e.AI_BASE_URL || !e.AI_MODEL) {
    throw new ConfigError(
      `AI_BASE_URL and AI_MODEL go together: set both to use an AI provider, or neither.`,
    );
  }
  return {
    baseUrl: e.AI_BASE_URL,
    apiKey: e.AI_API_KEY,
    model: e.AI_MODEL,
    timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    transcriptionModel:
      e.AI_TRANSCRIPTION_MODEL === 'offline' ? null : (e.AI_TRANSCRIPTION_MODEL ?? 'whisper-1'),
  };
}

/** All or nothing: any S3_* variable turns S3 storage on, and then the four required ones must be set. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => e[name] !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `S3 storage is half configured: ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Set all of ${S3_REQUIRED.join(', ')} to store uploads in S3, or none of the S3_* variables to keep them in DATA_DIR/uploads.`,
    );
  }
  const prefix = (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket: e.S3_BUCKET!,
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
    region: e.S3_REGION!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    prefix: prefix ? `${prefix}/` : '',
  };
}

function readOrCreateDevelopmentSecrets(dataDir: string): Record<(typeof SECRET_NAMES)[number], string> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (
      SECRET_NAMES.every((name) => typeof stored[name] === 'string' && (stored[name] as string).length >= 32)
    ) {
      return stored as Record<(typeof SECRET_NAMES)[number], string>;
    }
  } catch {
    // First run: fall through and generate.
  }
  const secrets = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    COOKIE_SECRET: randomBytes(48).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

import { z } from "zod";

/**
 * The one place that reads process.env. Parsed once at start-up; a missing or
 * malformed variable stops the process with one line naming it.
 */
const flag = z.enum(["0", "1", "true", "false"]).transform((value) => value === "1" || value === "true");

/** Parses as a URL; the URL parser itself refuses ports above 65535. */
function isDatabaseUrl(value: string): boolean {
  try {
    return new URL(value).port !== "0";
  } catch {
    return false;
  }
}

/** A deployment's budgets per visitor address, when not set (10 minutes each, but for holds, which last while a checkout is open). */
const ADDRESS_BUDGETS = { form: 10, auth: 30, checkout: 20, holds: 5 } as const;
/**
 * The hourly budgets of the emails anyone can make the site send by filling in
 * a form: of each kind to any one mailbox that someone typed the address of
 * (newsletter and interest confirmations, "account exists"; sign-up confirmations
 * and reset links have their own caps per account), and of staff's notices of
 * forms sent, for the whole site. Each form's own limits count per visitor address;
 * these hold however many addresses a sender has, and however an address is spelled.
 */
export interface MailBudgets {
  perRecipient: number;
  staffNotices: number;
}
const MAIL_BUDGETS = { perRecipient: 6, staffNotices: 30 } as const;

/**
 * With the built-in providers on, every visitor is this machine: its checkout and mailbox answer nobody
 * else. One address there is everyone trying the demo (or a test suite run against it), so its budgets
 * per address are this many times a deployment's, unless set. Per-account limits are the same.
 */
export const DEMO_BUDGET_FACTOR = 5;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default(".data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      // Caught here, at once, rather than as a bare "Invalid URL" when the first connection is tried.
      .refine(isDatabaseUrl, "must be a well-formed URL (a port, if given, from 1 to 65535)")
      .optional(),
    SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    LOCAL_PROVIDERS: flag.optional(),
    SEED_DEMO_DATA: flag.optional(),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
    RECIPIENT_EMAIL_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
    STAFF_NOTICE_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
    ACCOUNT_LOGIN_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    PAGE_VIEW_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DEMO_ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    PLAUSIBLE_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain such as example.com")
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      // Caught here, not as "Invalid URL" at the first send, nor as mail quietly sent to this machine for "smtp://".
      .refine((value) => URL.canParse(value) && new URL(value).hostname !== "", "must be a well-formed URL naming the mail server's host")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Global Implant Institute <no-reply@globalimplantinstitute.com>"),
    STAFF_EMAIL: z.email({ error: "must be an email address" }).default("info@globalimplantinstitute.com"),
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")
      .optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=_]+$/, "must be a webhook signing secret (whsec_…)")
      .optional(),
    STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:12111" }).optional(),
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    OUTBOX_CLAIM_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
    CHECKOUT_HOLDS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).optional(),
    KLARNA_MAX_AMOUNT_GBP: z.coerce.number().int().min(0).max(100_000).default(4000),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, "must be 16 or more printable characters without spaces")
      .optional(),
  })
  .refine((env) => Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET), {
    message: "goes with STRIPE_SECRET_KEY: set both or neither",
    path: ["STRIPE_WEBHOOK_SECRET"],
  })
  .refine((env) => !(env.PLAUSIBLE_DOMAIN && env.GA_MEASUREMENT_ID), {
    message: "set only one of PLAUSIBLE_DOMAIN and GA_MEASUREMENT_ID",
    path: ["GA_MEASUREMENT_ID"],
  })
  .refine((env) => env.BETTER_AUTH_SECRET || !env.DATABASE_URL || env.NODE_ENV !== "production", {
    message: "is required in production (32 or more random characters)",
    path: ["BETTER_AUTH_SECRET"],
  })
  // Every link in every email, the sitemap and the session cookie's Secure flag are made from it: an origin, nothing after it.
  .refine((env) => !env.SITE_URL || isBareOrigin(env.SITE_URL), {
    message: "must be the site's address alone, such as https://globalimplantinstitute.com (no path, query or #)",
    path: ["SITE_URL"],
  });

/** True for an origin alone; a value that is no URL at all is the field's own check's to name. */
function isBareOrigin(value: string): boolean {
  if (!URL.canParse(value)) return true;
  const url = new URL(value);
  return (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash && !url.username && !url.password;
}

const isLoopbackUrl = (value: string) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(value).hostname);

/**
 * What production cannot run without: a missing one is a start-up error naming it, never a shop whose
 * emails link to localhost or whose checkout is the demo's. A real deployment (built-in providers off,
 * on either database) needs SMTP and Stripe; whatever reaches the world (a real deployment, or real
 * mail or payments beside the demo's other provider) needs the site's own address for its links.
 */
function productionProblem(env: z.output<typeof EnvSchema>, localProviders: boolean): [name: string, message: string] | undefined {
  if (!localProviders && !env.SMTP_URL) return ["SMTP_URL", "is required in production (or set LOCAL_PROVIDERS=1 to keep mail in the built-in mailbox)"];
  if (!localProviders && !env.STRIPE_SECRET_KEY)
    return ["STRIPE_SECRET_KEY", "is required in production (or set LOCAL_PROVIDERS=1 to use the built-in checkout)"];
  if (localProviders && !env.SMTP_URL && !env.STRIPE_SECRET_KEY) return undefined;
  if (!env.SITE_URL)
    return ["SITE_URL", "is required in production with real mail or payments: the site's https:// address, which its emails and checkouts link to"];
  // Plain http only on this machine, as a production build tried locally is.
  if (!env.SITE_URL.startsWith("https://") && !isLoopbackUrl(env.SITE_URL)) return ["SITE_URL", "must be an https:// address in production"];
  return undefined;
}

/** Stripe when its keys are set; otherwise the built-in checkout of the embedded demo (design.md 3). */
type PaymentsConfig =
  | {
      kind: "stripe";
      secretKey: string;
      webhookSecret: string;
      apiBase: { host: string; port: number; protocol: "http" | "https" } | undefined;
      /** The longest any one Stripe call may take, retries included, before the buyer is told it failed. */
      timeoutMs: number;
    }
  | { kind: "local" };

type AnalyticsProvider = { kind: "first-party" } | { kind: "plausible"; domain: string } | { kind: "ga4"; measurementId: string };

export interface Env {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  /** Built-in checkout, mailbox and /dev routes: on for the embedded demo, off for a real deployment. */
  localProviders: boolean;
  seedDemoData: boolean;
  /** Number of proxy hops in front of the app; 0 when it faces visitors directly. */
  trustProxy: number;
  /** Submissions of one form allowed per address in 10 minutes. */
  formRateLimit: number;
  /** Sign-in, sign-up and reset attempts allowed per address in 10 minutes. */
  authRateLimit: number;
  /** Failed logins allowed per account in 10 minutes (a successful one gives its attempt back). */
  accountLoginLimit: number;
  /** Page views recorded per address in 10 minutes. */
  pageViewRateLimit: number;
  /** Signs sessions and tokens; unset in the embedded demo, which keeps one in DATA_DIR. */
  authSecret: string | undefined;
  /** The demo admin's password when demo data is seeded; random (and printed once) when unset. */
  demoAdminPassword: string | undefined;
  analytics: AnalyticsProvider;
  payments: PaymentsConfig;
  /** Checkouts started per address in 10 minutes. */
  checkoutRateLimit: number;
  /** Places one address may hold at once on open checkouts (a hold lasts 31 minutes). */
  checkoutHoldsPerAddress: number;
  /** The largest amount Klarna is offered for, in pence. */
  klarnaMaxAmount: number;
  mail: {
    /** Unset: mail stays in the outbox and shows at /dev/mailbox (local providers only). */
    smtpUrl: string | undefined;
    from: string;
    staffEmail: string;
    /** How long an email claimed by an instance stays its own: one that died (kill -9) leaves its claims to the others after this. */
    claimTimeoutMs: number;
    budgets: MailBudgets;
  };
  /** Lets a scraper on another machine read /metrics (`Authorization: Bearer …`); this machine needs none. */
  metricsToken: string | undefined;
}

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).map(([key, value]) => [key, value === "" ? undefined : value]));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const env = result.data;
  const embedded = !env.DATABASE_URL;
  const localProviders = env.LOCAL_PROVIDERS ?? (embedded || env.NODE_ENV !== "production");
  const problem = env.NODE_ENV === "production" ? productionProblem(env, localProviders) : undefined;
  if (problem) throw new EnvError(`Invalid environment variable ${problem[0]}: ${problem[1]}`);
  const demoFactor = localProviders ? DEMO_BUDGET_FACTOR : 1;
  const perAddress = (set: number | undefined, budget: keyof typeof ADDRESS_BUDGETS) => set ?? ADDRESS_BUDGETS[budget] * demoFactor;
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    localProviders,
    // Demo dates are for a demo: never put on sale for real money unless asked.
    seedDemoData: env.SEED_DEMO_DATA ?? (embedded && !env.STRIPE_SECRET_KEY),
    trustProxy: env.TRUST_PROXY,
    formRateLimit: perAddress(env.FORM_RATE_LIMIT, "form"),
    authRateLimit: perAddress(env.AUTH_RATE_LIMIT, "auth"),
    accountLoginLimit: env.ACCOUNT_LOGIN_LIMIT,
    pageViewRateLimit: env.PAGE_VIEW_RATE_LIMIT,
    authSecret: env.BETTER_AUTH_SECRET,
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD,
    analytics: env.PLAUSIBLE_DOMAIN
      ? { kind: "plausible", domain: env.PLAUSIBLE_DOMAIN }
      : env.GA_MEASUREMENT_ID
        ? { kind: "ga4", measurementId: env.GA_MEASUREMENT_ID }
        : { kind: "first-party" },
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            kind: "stripe",
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: apiBase(env.STRIPE_API_BASE),
            timeoutMs: env.STRIPE_TIMEOUT_MS,
          }
        : { kind: "local" },
    checkoutRateLimit: perAddress(env.CHECKOUT_RATE_LIMIT, "checkout"),
    checkoutHoldsPerAddress: perAddress(env.CHECKOUT_HOLDS_PER_ADDRESS, "holds"),
    klarnaMaxAmount: env.KLARNA_MAX_AMOUNT_GBP * 100,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      staffEmail: env.STAFF_EMAIL,
      claimTimeoutMs: env.OUTBOX_CLAIM_TIMEOUT_MS,
      budgets: {
        perRecipient: env.RECIPIENT_EMAIL_LIMIT ?? MAIL_BUDGETS.perRecipient * demoFactor,
        staffNotices: env.STAFF_NOTICE_LIMIT ?? MAIL_BUDGETS.staffNotices * demoFactor,
      },
    },
    metricsToken: env.METRICS_TOKEN,
  };
}

/** Where the Stripe SDK sends its calls when not to Stripe itself: a Stripe-compatible test server. */
function apiBase(url: string | undefined) {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === "http:" ? "http" : "https";
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === "http" ? 80 : 443)), protocol } as const;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** What the browser may know: never a secret. */
export function publicEnv(env: Env) {
  return { siteUrl: env.siteUrl, analytics: env.analytics, klarnaMaxAmount: env.klarnaMaxAmount };
}
export type PublicEnv = ReturnType<typeof publicEnv>;

/**
 * What the built-in providers stand in for, which every page's demo ribbon names; null when nothing is
 * simulated (no local providers, or Stripe and SMTP both configured), where the site is a real shop.
 */
export function simulatedProviders(env: Env) {
  if (!env.localProviders) return null;
  const simulated = { payments: env.payments.kind === "local", mail: !env.mail.smtpUrl };
  return simulated.payments || simulated.mail ? simulated : null;
}
export type SimulatedProviders = NonNullable<ReturnType<typeof simulatedProviders>>;

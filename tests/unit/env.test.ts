import { describe, expect, it } from "vitest";

import { DEMO_BUDGET_FACTOR, EnvError, parseEnv } from "~/server/platform/env.server";

describe("environment", () => {
  it("needs nothing: embedded database, port 3000, local providers and demo data", () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.dataDir).toBe(".data");
    expect(env.databaseUrl).toBeUndefined();
    expect(env.siteUrl).toBe("http://localhost:3000");
    expect(env.localProviders).toBe(true);
    expect(env.seedDemoData).toBe(true);
    expect(env.analytics).toEqual({ kind: "first-party" });
    expect(env.pageViewRateLimit).toBe(120);
  });

  it("lets a crashed instance's email claims pass to the others after OUTBOX_CLAIM_TIMEOUT_MS (2 minutes unless set)", () => {
    expect(parseEnv({}).mail.claimTimeoutMs).toBe(120_000);
    expect(parseEnv({ OUTBOX_CLAIM_TIMEOUT_MS: "3000" }).mail.claimTimeoutMs).toBe(3_000);
    expect(() => parseEnv({ OUTBOX_CLAIM_TIMEOUT_MS: "10" })).toThrow(/^Invalid environment variable OUTBOX_CLAIM_TIMEOUT_MS: /);
  });

  it("honours PAGE_VIEW_RATE_LIMIT", () => {
    expect(parseEnv({ PAGE_VIEW_RATE_LIMIT: "30" }).pageViewRateLimit).toBe(30);
  });

  it("budgets each address as a deployment does, and the demo, whose every visitor is this machine, five times as much unless set", () => {
    const deployment = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/gii",
      SMTP_URL: "smtp://mail:25",
      BETTER_AUTH_SECRET: "s".repeat(32),
      SITE_URL: "https://globalimplantinstitute.com",
    };
    const budgets = (env: ReturnType<typeof parseEnv>) => [env.formRateLimit, env.authRateLimit, env.checkoutRateLimit, env.checkoutHoldsPerAddress];
    expect(budgets(parseEnv({ ...deployment, STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_def" }))).toEqual([10, 30, 20, 5]);
    expect(DEMO_BUDGET_FACTOR).toBe(5);
    expect(budgets(parseEnv({ NODE_ENV: "production" }))).toEqual([50, 150, 100, 25]);
    expect(budgets(parseEnv({ ...deployment, LOCAL_PROVIDERS: "1" }))).toEqual([50, 150, 100, 25]);
    expect(budgets(parseEnv({ FORM_RATE_LIMIT: "3", AUTH_RATE_LIMIT: "4", CHECKOUT_RATE_LIMIT: "5", CHECKOUT_HOLDS_PER_ADDRESS: "6" }))).toEqual([3, 4, 5, 6]);
    // Not per address: the same everywhere.
    expect([parseEnv({}).accountLoginLimit, parseEnv({}).pageViewRateLimit]).toEqual([10, 120]);
    // The mail budgets, per hour: to one mailbox, and of staff notices for the site.
    expect(parseEnv({ ...deployment, STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_def" }).mail.budgets).toEqual({
      perRecipient: 6,
      staffNotices: 30,
    });
    expect(parseEnv({ NODE_ENV: "production" }).mail.budgets).toEqual({ perRecipient: 30, staffNotices: 150 });
    expect(parseEnv({ RECIPIENT_EMAIL_LIMIT: "2", STAFF_NOTICE_LIMIT: "7" }).mail.budgets).toEqual({ perRecipient: 2, staffNotices: 7 });
    expect(() => parseEnv({ STAFF_NOTICE_LIMIT: "0" })).toThrow(/STAFF_NOTICE_LIMIT/);
  });

  it("honours PORT, DATA_DIR, DATABASE_URL and SITE_URL", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      DATA_DIR: "/var/lib/gii",
      DATABASE_URL: "postgres://u:p@db:5432/gii",
      SMTP_URL: "smtp://mail:25",
      BETTER_AUTH_SECRET: "s".repeat(32),
      STRIPE_SECRET_KEY: "sk_live_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      SITE_URL: "https://globalimplantinstitute.com/",
    });
    expect(env.port).toBe(8080);
    expect(env.dataDir).toBe("/var/lib/gii");
    expect(env.databaseUrl).toBe("postgres://u:p@db:5432/gii");
    expect(env.siteUrl).toBe("https://globalimplantinstitute.com");
    // A real deployment gets no built-in providers and no demo data unless asked.
    expect(env.localProviders).toBe(false);
    expect(env.seedDemoData).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DATABASE_URL: "postgres://u:p@127.0.0.1:99999/db" }, "DATABASE_URL"],
    [{ DATABASE_URL: "postgres://u:p@127.0.0.1:0/db" }, "DATABASE_URL"],
    [{ DATABASE_URL: "postgres://u:p@[bad/db" }, "DATABASE_URL"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ SITE_URL: "ftp://example.com" }, "SITE_URL"],
    [{ SITE_URL: "https://globalimplantinstitute.com/shop" }, "SITE_URL"],
    [{ SITE_URL: "https://globalimplantinstitute.com/?x=1" }, "SITE_URL"],
    [{ SITE_URL: "https://globalimplantinstitute.com/#top" }, "SITE_URL"],
    [{ SITE_URL: "https://user:pass@globalimplantinstitute.com" }, "SITE_URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ GA_MEASUREMENT_ID: "UA-1" }, "GA_MEASUREMENT_ID"],
    [{ LOCAL_PROVIDERS: "yes" }, "LOCAL_PROVIDERS"],
    [{ PAGE_VIEW_RATE_LIMIT: "0" }, "PAGE_VIEW_RATE_LIMIT"],
    [{ PAGE_VIEW_RATE_LIMIT: "many" }, "PAGE_VIEW_RATE_LIMIT"],
  ])("stops with one line naming a malformed variable: %o", (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
  });

  it("switches analytics to Plausible or GA4, never both", () => {
    expect(parseEnv({ PLAUSIBLE_DOMAIN: "globalimplantinstitute.com" }).analytics).toEqual({
      kind: "plausible",
      domain: "globalimplantinstitute.com",
    });
    expect(parseEnv({ GA_MEASUREMENT_ID: "G-ABC123" }).analytics).toEqual({ kind: "ga4", measurementId: "G-ABC123" });
    expect(() => parseEnv({ PLAUSIBLE_DOMAIN: "a.com", GA_MEASUREMENT_ID: "G-ABC123" })).toThrow(EnvError);
  });
});

describe("mail settings", () => {
  it("keeps mail in the built-in mailbox by default", () => {
    const env = parseEnv({});
    expect(env.mail.smtpUrl).toBeUndefined();
    expect(env.mail.staffEmail).toBe("info@globalimplantinstitute.com");
  });

  it("refuses a production deployment without SMTP_URL unless local providers are asked for", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://u:p@db/gii", BETTER_AUTH_SECRET: "s".repeat(32), SITE_URL: "https://gii.example" };
    expect(() => parseEnv(production)).toThrow(/^Invalid environment variable SMTP_URL: is required in production/);
    expect(parseEnv({ ...production, LOCAL_PROVIDERS: "1" }).mail.smtpUrl).toBeUndefined();
    const withStripe = { ...production, STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_def" };
    expect(parseEnv({ ...withStripe, SMTP_URL: "smtps://user:pass@smtp.resend.com:465" }).mail.smtpUrl).toBe("smtps://user:pass@smtp.resend.com:465");
  });

  it("rejects a malformed SMTP_URL and STAFF_EMAIL", () => {
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    for (const url of ["smtp://", "smtp://us er:p@ss@[bad", "smtps://:465"]) {
      expect(() => parseEnv({ SMTP_URL: url }), url).toThrow(
        /^Invalid environment variable SMTP_URL: must be a well-formed URL naming the mail server's host$/,
      );
    }
    expect(() => parseEnv({ STAFF_EMAIL: "staff" })).toThrow(/STAFF_EMAIL/);
  });
});

describe("auth settings", () => {
  it("needs BETTER_AUTH_SECRET in a production deployment, of 32 characters or more", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/gii",
      SMTP_URL: "smtp://mail:25",
      STRIPE_SECRET_KEY: "sk_live_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      SITE_URL: "https://gii.example",
    };
    expect(() => parseEnv(production)).toThrow(/^Invalid environment variable BETTER_AUTH_SECRET: is required in production/);
    expect(() => parseEnv({ ...production, BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET: must be at least 32 characters/);
    expect(parseEnv({ ...production, BETTER_AUTH_SECRET: "k".repeat(40) }).authSecret).toBe("k".repeat(40));
  });
});

describe("payment settings", () => {
  const production = {
    NODE_ENV: "production",
    DATABASE_URL: "postgres://u:p@db/gii",
    SMTP_URL: "smtp://mail:25",
    BETTER_AUTH_SECRET: "s".repeat(32),
    SITE_URL: "https://gii.example",
  };

  it("uses the built-in checkout by default, with Klarna up to £4,000", () => {
    const env = parseEnv({});
    expect(env.payments).toEqual({ kind: "local" });
    expect(env.klarnaMaxAmount).toBe(400_000);
    expect(parseEnv({ CHECKOUT_RATE_LIMIT: "3", CHECKOUT_HOLDS_PER_ADDRESS: "2", KLARNA_MAX_AMOUNT_GBP: "1500" })).toMatchObject({
      checkoutRateLimit: 3,
      checkoutHoldsPerAddress: 2,
      klarnaMaxAmount: 150_000,
    });
  });

  it("uses Stripe when its keys are set, through STRIPE_API_BASE when given", () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_def" }).payments).toEqual({
      kind: "stripe",
      secretKey: "sk_test_abc",
      webhookSecret: "whsec_def",
      apiBase: undefined,
      timeoutMs: 8_000,
    });
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_def", STRIPE_TIMEOUT_MS: "1500" }).payments).toMatchObject({
      timeoutMs: 1_500,
    });
    expect(
      parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_def", STRIPE_API_BASE: "http://127.0.0.1:12111" }).payments,
    ).toMatchObject({
      apiBase: { host: "127.0.0.1", port: 12111, protocol: "http" },
    });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_def" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_def" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "secret" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_API_BASE: "localhost:12111" }, "STRIPE_API_BASE"],
    [{ CHECKOUT_RATE_LIMIT: "0" }, "CHECKOUT_RATE_LIMIT"],
    [{ CHECKOUT_HOLDS_PER_ADDRESS: "0" }, "CHECKOUT_HOLDS_PER_ADDRESS"],
    [{ KLARNA_MAX_AMOUNT_GBP: "lots" }, "KLARNA_MAX_AMOUNT_GBP"],
    [{ STRIPE_TIMEOUT_MS: "0" }, "STRIPE_TIMEOUT_MS"],
    [{ STRIPE_TIMEOUT_MS: "8s" }, "STRIPE_TIMEOUT_MS"],
  ])("stops with one line naming a malformed payment setting: %o", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
  });

  it("refuses a production deployment without Stripe unless the built-in checkout is asked for", () => {
    expect(() => parseEnv(production)).toThrow(/^Invalid environment variable STRIPE_SECRET_KEY: is required in production/);
    expect(parseEnv({ ...production, LOCAL_PROVIDERS: "1" }).payments).toEqual({ kind: "local" });
    expect(parseEnv({ ...production, STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_def" }).payments.kind).toBe("stripe");
  });
});

describe("metrics settings", () => {
  it("has no METRICS_TOKEN by default and refuses a short or spaced one", () => {
    expect(parseEnv({}).metricsToken).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "m".repeat(24) }).metricsToken).toBe("m".repeat(24));
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/^Invalid environment variable METRICS_TOKEN: /);
    expect(() => parseEnv({ METRICS_TOKEN: "a token with spaces in it" })).toThrow(/METRICS_TOKEN/);
  });
});

describe("a real deployment", () => {
  const deployed = {
    NODE_ENV: "production",
    DATABASE_URL: "postgres://u:p@db/gii",
    BETTER_AUTH_SECRET: "s".repeat(32),
    SMTP_URL: "smtp://mail:25",
    STRIPE_SECRET_KEY: "sk_live_abc",
    STRIPE_WEBHOOK_SECRET: "whsec_def",
    SITE_URL: "https://globalimplantinstitute.com",
  };

  it("needs SITE_URL, an https:// address, so its emails never link to localhost", () => {
    expect(parseEnv(deployed).siteUrl).toBe("https://globalimplantinstitute.com");
    expect(() => parseEnv({ ...deployed, SITE_URL: undefined })).toThrow(/^Invalid environment variable SITE_URL: is required in production/);
    expect(() => parseEnv({ ...deployed, SITE_URL: "http://globalimplantinstitute.com" })).toThrow(
      /^Invalid environment variable SITE_URL: must be an https:\/\/ address/,
    );
    // A production build tried on this machine may stay on plain http.
    expect(parseEnv({ ...deployed, SITE_URL: "http://localhost:3000" }).siteUrl).toBe("http://localhost:3000");
    expect(parseEnv({ ...deployed, SITE_URL: "http://127.0.0.1:4100" }).siteUrl).toBe("http://127.0.0.1:4100");
    // Real mail or payments beside the demo's other provider, on either database, link out too.
    expect(() => parseEnv({ ...deployed, SITE_URL: undefined, LOCAL_PROVIDERS: "1" })).toThrow(/^Invalid environment variable SITE_URL: is required/);
    const { DATABASE_URL: _database, BETTER_AUTH_SECRET: _secret, ...embedded } = deployed;
    expect(() => parseEnv({ ...embedded, SITE_URL: undefined })).toThrow(/^Invalid environment variable SITE_URL: is required/);
    expect(() => parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail:25" })).toThrow(/^Invalid environment variable SITE_URL: is required/);
    // The demo itself, all simulated, needs nothing.
    expect(parseEnv({ NODE_ENV: "production" }).siteUrl).toBe("http://localhost:3000");
  });

  it("on the embedded database too: LOCAL_PROVIDERS=0 needs mail, payments and its address, as PostgreSQL does", () => {
    const embedded = { NODE_ENV: "production", LOCAL_PROVIDERS: "0" };
    expect(() => parseEnv(embedded)).toThrow(/^Invalid environment variable SMTP_URL: is required in production/);
    expect(() => parseEnv({ ...embedded, SMTP_URL: "smtp://mail:25" })).toThrow(/^Invalid environment variable STRIPE_SECRET_KEY: is required in production/);
    const withProviders = { ...embedded, SMTP_URL: "smtp://mail:25", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_def" };
    expect(() => parseEnv(withProviders)).toThrow(/^Invalid environment variable SITE_URL: is required in production/);
    expect(parseEnv({ ...withProviders, SITE_URL: "https://gii.example" })).toMatchObject({ localProviders: false, seedDemoData: false });
  });

  it("seeds no demo dates where payments are real, unless asked", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_def", SITE_URL: "https://gii.example" };
    expect(parseEnv({ NODE_ENV: "production", ...stripe }).seedDemoData).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", ...stripe, SMTP_URL: "smtp://mail:25" }).seedDemoData).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", ...stripe, SEED_DEMO_DATA: "1" }).seedDemoData).toBe(true);
    // Real mail with the built-in checkout: nothing is sold for money, the demo's dates stay.
    expect(parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail:25", SITE_URL: "https://gii.example" }).seedDemoData).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/server/env.server";

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
  });

  it("honours PORT, DATA_DIR, DATABASE_URL and SITE_URL", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      DATA_DIR: "/var/lib/gii",
      DATABASE_URL: "postgres://u:p@db:5432/gii",
      SMTP_URL: "smtp://mail:25",
      BETTER_AUTH_SECRET: "s".repeat(32),
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
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ SITE_URL: "ftp://example.com" }, "SITE_URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ GA_MEASUREMENT_ID: "UA-1" }, "GA_MEASUREMENT_ID"],
    [{ LOCAL_PROVIDERS: "yes" }, "LOCAL_PROVIDERS"],
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
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://u:p@db/gii", BETTER_AUTH_SECRET: "s".repeat(32) };
    expect(() => parseEnv(production)).toThrow(/^Invalid environment variable SMTP_URL: is required in production/);
    expect(parseEnv({ ...production, LOCAL_PROVIDERS: "1" }).mail.smtpUrl).toBeUndefined();
    expect(parseEnv({ ...production, SMTP_URL: "smtps://user:pass@smtp.resend.com:465" }).mail.smtpUrl).toBe(
      "smtps://user:pass@smtp.resend.com:465",
    );
  });

  it("rejects a malformed SMTP_URL and STAFF_EMAIL", () => {
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ STAFF_EMAIL: "staff" })).toThrow(/STAFF_EMAIL/);
  });
});

describe("auth settings", () => {
  it("needs BETTER_AUTH_SECRET in a production deployment, of 32 characters or more", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://u:p@db/gii", SMTP_URL: "smtp://mail:25" };
    expect(() => parseEnv(production)).toThrow(/^Invalid environment variable BETTER_AUTH_SECRET: is required in production/);
    expect(() => parseEnv({ ...production, BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET: must be at least 32 characters/);
    expect(parseEnv({ ...production, BETTER_AUTH_SECRET: "k".repeat(40) }).authSecret).toBe("k".repeat(40));
  });
});

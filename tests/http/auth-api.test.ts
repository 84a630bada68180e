import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { emailOutbox } from "~/server/db/schema.server";
import { settleBackgroundWork } from "~/server/platform/background.server";

import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";
import { createPerson } from "../support/people";

let app: HttpApp;
beforeAll(async () => {
  // The product's own login budgets at their defaults, as deployed.
  app = await startHttpApp({ AUTH_RATE_LIMIT: "30", ACCOUNT_LOGIN_LIMIT: "10" });
});
afterAll(async () => {
  await app?.close();
});

describe("the auth library's login endpoint", () => {
  it("is judged by the product's login budgets only: a dentist logging in a few times in a row is let in each time", async () => {
    const dentist = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await rawRequest(app.url, {
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { "Content-Type": "application/json", Origin: app.url },
        body: JSON.stringify({ email: dentist.email, password: dentist.password }),
      });
      statuses.push(answer.status);
    }
    // The library's own rule would have answered the fourth with 429, in its words rather than the product's.
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe("the auth library's refusals", () => {
  const signIn = (body: string) =>
    rawRequest(app.url, { method: "POST", path: "/api/auth/sign-in/email", headers: { "Content-Type": "application/json", Origin: app.url }, body });

  it("answer { error } as every endpoint does, with the library's message, and never its internal field names", async () => {
    const dentist = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const answers = {
      empty: await signIn("{}"),
      notJson: await signIn("{not json"),
      wrongPassword: await signIn(JSON.stringify({ email: dentist.email, password: "not-the-password" })),
      notAnAddress: await signIn(JSON.stringify({ email: "john@gmail", password: "a-password" })),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => [name, { status: answer.status, error: (JSON.parse(answer.body) as { error?: string }).error }]),
    );
    expect(seen).toEqual({
      empty: { status: 400, error: "Email and password are required." },
      notJson: { status: 400, error: "Email and password are required." },
      wrongPassword: { status: 401, error: "Invalid email or password" },
      // As every other form says it, not the library's "Invalid email".
      notAnAddress: { status: 400, error: "Please enter a valid email address." },
    });
    // Its own clients still read the library's fields.
    expect(JSON.parse(answers.wrongPassword.body)).toMatchObject({ message: "Invalid email or password", code: "INVALID_EMAIL_OR_PASSWORD" });
  });

  it.each([
    ["no body", undefined, "Email and password are required."],
    ["null", "null", "Email and password are required."],
    ["a list", "[]", "Email and password are required."],
    ["a number", "1", "Email and password are required."],
    ["a string", '"x"', "Email and password are required."],
    ["a number for an email", '{"email":5,"password":"a-password"}', "Email and password are required."],
    ["a blank password", '{"email":"a@b.co","password":"   "}', "Email and password are required."],
    ["a key the login form has not", '{"email":"a@b.co","password":"xxxxxxx","x":1}', "Login failed. Please check your credentials."],
    ["a remember-me that is not true or false", '{"email":"a@b.co","password":"xxxxxxx","rememberMe":"yes"}', "Login failed. Please check your credentials."],
    [
      "an overlong callback",
      JSON.stringify({ email: "a@b.co", password: "xxxxxxx", callbackURL: `/${"a".repeat(300)}` }),
      "The callback must be a path on this site.",
    ],
    ["a callback that is not text", '{"email":"a@b.co","password":"xxxxxxx","callbackURL":5}', "Email and password are required."],
  ])("answer a login body of %s with 400 and the login form's message, never the schema library's", async (_case, body, error) => {
    const answer = await rawRequest(app.url, {
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), Origin: app.url },
      body,
    });
    expect({ status: answer.status, error: (JSON.parse(answer.body) as { error?: string }).error }).toEqual({ status: 400, error });
  });

  it("answer a logout body they cannot read with the plain invalid request, never the library's words; a logout with no body is no refusal", async () => {
    const dentist = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const login = await signIn(JSON.stringify({ email: dentist.email, password: dentist.password }));
    const bodiless = await rawRequest(app.url, {
      method: "POST",
      path: "/api/auth/sign-out",
      headers: { Authorization: `Bearer ${String(login.headers["set-auth-token"])}` },
    });
    expect({ status: bodiless.status, body: JSON.parse(bodiless.body) as unknown }).toEqual({ status: 200, body: { success: true } });
    for (const body of ["{not json", "null", '{"callbackURL":5}']) {
      const answer = await rawRequest(app.url, {
        method: "POST",
        path: "/api/auth/sign-out",
        headers: { "Content-Type": "application/json", Origin: app.url },
        body,
      });
      expect({ status: answer.status, error: (JSON.parse(answer.body) as { error?: string }).error }, body).toEqual({ status: 400, error: "Invalid request." });
    }
  });
});

describe("the auth library's links with another site's return address", () => {
  it("lead to the site's own pages, and a login naming one is refused (403) in the product's words, logged as a warning", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      // A reset link leads to the page that asks for the new password, whatever return address it carries, or none.
      for (const path of [
        "/api/auth/reset-password/abc?callbackURL=https%3A%2F%2Fevil.example%2F",
        "/api/auth/reset-password/abc?callbackURL=javascript%3Aalert(1)",
        "/api/auth/reset-password/abc?callbackURL=",
        "/api/auth/reset-password/abc",
      ]) {
        const answer = await rawRequest(app.url, { path });
        expect([answer.status, answer.headers.location], path).toEqual([302, `${app.url}/auth/reset-password?error=INVALID_TOKEN`]);
      }
      // The library's confirmation URL goes to the site's own page that asks first, wherever it asks to return.
      const confirmation = await rawRequest(app.url, { path: "/api/auth/verify-email?token=abc&signup=x&callbackURL=https%3A%2F%2Fevil.example" });
      expect([confirmation.status, confirmation.headers.location]).toEqual([302, "/auth/confirm?token=abc&signup=x"]);
      for (const callbackURL of ["https://evil.example/", "/\\evil.example"]) {
        const signIn = await rawRequest(app.url, {
          method: "POST",
          path: "/api/auth/sign-in/email",
          headers: { "Content-Type": "application/json", Origin: app.url },
          body: JSON.stringify({ email: "nobody@example.com", password: "a-password", callbackURL }),
        });
        expect({ status: signIn.status, error: (JSON.parse(signIn.body) as { error?: string }).error }, callbackURL).toEqual({
          status: 403,
          error: "The callback must be a path on this site.",
        });
      }
      const logged = (spy: typeof errors) => spy.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
      expect(logged(warnings)).toContain("auth: Invalid callbackURL: https://evil.example/");
      expect(logged(errors)).not.toContain("auth:");
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it("a reset link cut short by a mail client still opens the page for the new password", async () => {
    const person = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    await app.services.auth.api.requestPasswordReset({ body: { email: person.email, redirectTo: "/auth/reset-password" } });
    await settleBackgroundWork();
    const [mail] = await app.services.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person.email), eq(emailOutbox.template, "reset-password")));
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    const token = link.pathname.split("/").at(-1)!;
    const answer = await rawRequest(app.url, { path: link.pathname });
    expect([answer.status, answer.headers.location]).toEqual([302, `${app.url}/auth/reset-password?token=${token}`]);
  });
});

describe("bearer-token clients", () => {
  it("log in with the platform's own fetch, which sends Sec-Fetch-Mode and no Origin, and get their token", async () => {
    const dentist = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const answer = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `  ${dentist.email} `, password: dentist.password }),
    });
    expect(answer.status).toBe(200);
    const token = answer.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    const session = await fetch(`${app.url}/api/auth/get-session`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe(dentist.email);
  });

  it("are not browsers: a request carrying a cookie and no Origin is refused in the product's words", async () => {
    const dentist = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const answer = await rawRequest(app.url, { method: "POST", path: "/api/auth/sign-out", headers: { Cookie: dentist.cookie, "Sec-Fetch-Mode": "cors" } });
    expect({ status: answer.status, error: (JSON.parse(answer.body) as { error?: string }).error }).toEqual({
      status: 403,
      error: "Cross-site requests are not allowed.",
    });
    expect((await rawRequest(app.url, { path: "/account", headers: { Cookie: dentist.cookie } })).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

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
      resetWithoutReturn: await rawRequest(app.url, { path: "/api/auth/reset-password/abc" }),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => [name, { status: answer.status, error: (JSON.parse(answer.body) as { error?: string }).error }]),
    );
    expect(seen).toEqual({
      empty: { status: 400, error: "Email and password are required." },
      notJson: { status: 400, error: "Email and password are required." },
      wrongPassword: { status: 401, error: "Invalid email or password" },
      resetWithoutReturn: { status: 400, error: "Invalid request." },
    });
    expect(answers.resetWithoutReturn.body).not.toContain("callbackURL");
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
  it("are refused (403), and logged as a warning: a stranger's request is not the server's error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      for (const path of [
        "/api/auth/reset-password/abc?callbackURL=https%3A%2F%2Fevil.example%2F",
        "/api/auth/reset-password/abc?callbackURL=javascript%3Aalert(1)",
      ]) {
        const answer = await rawRequest(app.url, { path });
        expect([answer.status, answer.headers.location], path).toEqual([403, undefined]);
      }
      // The library's confirmation URL goes to the site's own page that asks first, wherever it asks to return.
      const confirmation = await rawRequest(app.url, { path: "/api/auth/verify-email?token=abc&signup=x&callbackURL=https%3A%2F%2Fevil.example" });
      expect([confirmation.status, confirmation.headers.location]).toEqual([302, "/auth/confirm?token=abc&signup=x"]);
      const signIn = await rawRequest(app.url, {
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { "Content-Type": "application/json", Origin: app.url },
        body: JSON.stringify({ email: "nobody@example.com", password: "a-password", callbackURL: "https://evil.example/" }),
      });
      expect(signIn.status).toBe(403);
      const logged = (spy: typeof errors) => spy.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
      expect(logged(warnings)).toContain("auth: Invalid callbackURL: https://evil.example/");
      expect(logged(warnings)).toContain("auth: Invalid callbackURL: javascript:alert(1)");
      expect(logged(errors)).not.toContain("auth:");
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});

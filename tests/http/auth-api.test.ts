import { afterAll, beforeAll, describe, expect, it } from "vitest";

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

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seatHolds } from "~/server/db/schema.server";
import { limitedAddress } from "~/server/platform/rate-limit.server";

import { editionFor } from "../support/booking";
import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";
import { createPerson } from "../support/people";

describe("the address a request's limits count against", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2::a", "2001:0db8:0001:0002:0000:0000:0000:0000"],
    ["2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002:0000:0000:0000:0000"],
    ["2001:db8:1:3::a", "2001:0db8:0001:0003:0000:0000:0000:0000"],
    [undefined, "unknown"],
  ])("counts %s as %s", (address, counted) => {
    expect(limitedAddress(address)).toBe(counted);
  });
});

describe("limits behind a proxy, for visitors on IPv6", () => {
  let app: HttpApp;
  beforeAll(async () => {
    app = await startHttpApp({ TRUST_PROXY: "1", CHECKOUT_RATE_LIMIT: "2", CHECKOUT_HOLDS_PER_ADDRESS: "1000", AUTH_RATE_LIMIT: "2" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const from = (address: string) => ({ "X-Forwarded-For": address, "Content-Type": "application/json", Origin: app.url });

  it("counts checkouts from one /64 network together, whichever of its addresses each comes from, and holds its places under that network", async () => {
    const edition = await editionFor(app.services.database, { capacity: 10 });
    const checkout = (address: string) =>
      rawRequest(app.url, { method: "POST", path: "/api/v2/create-checkout-session", headers: from(address), body: JSON.stringify({ courseId: edition.id }) });

    const statuses = [];
    for (const address of ["2001:db8:1:2::a", "2001:db8:1:2::b", "2001:db8:1:2:ffff::c"]) statuses.push((await checkout(address)).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Another network has a budget of its own.
    expect((await checkout("2001:db8:1:3::a")).status).toBe(200);

    const holds = await app.services.database.db.select({ address: seatHolds.clientAddress }).from(seatHolds).where(eq(seatHolds.courseId, edition.id));
    expect(holds.map((hold) => hold.address).sort()).toEqual([
      "2001:0db8:0001:0002:0000:0000:0000:0000",
      "2001:0db8:0001:0002:0000:0000:0000:0000",
      "2001:0db8:0001:0003:0000:0000:0000:0000",
    ]);
  });

  it("counts logins to the auth library's endpoint from one /64 network against one address budget", async () => {
    const dentist = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const login = (address: string) =>
      rawRequest(app.url, {
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: from(address),
        body: JSON.stringify({ email: dentist.email, password: "a-wrong-password" }),
      });

    const statuses = [];
    for (const address of ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6::3"]) statuses.push((await login(address)).status);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

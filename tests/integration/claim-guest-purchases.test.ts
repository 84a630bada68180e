import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as apiFunctionsClaimGuestPurchasesRoute from "~/routes/api.functions.claim-guest-purchases";
import { courses, userCoursePurchases } from "~/server/db/schema.server";

import { testDriver, useTestDatabase } from "../support/database";
import { createPerson } from "../support/people";
import { guarded, jsonRequest, routeArgs, settle, TEST_SITE_URL, testAuth } from "../support/route-args";

const claimAction = guarded(apiFunctionsClaimGuestPurchasesRoute, "action");
const claimLoader = guarded(apiFunctionsClaimGuestPurchasesRoute, "loader");

const handle = useTestDatabase();
let courseId: string;

/** An account, verified or not, with a session of its own (an unverified account cannot log in, so it is made directly). */
const person = (email: string, verified = true) =>
  createPerson({ db: handle.db, auth: testAuth(handle) }, { email, verified, firstName: "Guest", lastName: "Buyer" });

let stripeSession = 0;
async function guestPurchase(customerEmail: string, userId: string | null = null) {
  const [row] = await handle.db
    .insert(userCoursePurchases)
    .values({
      userId,
      courseId,
      customerEmail,
      status: "paid",
      amountSubtotal: 150000,
      amountTotal: 150000,
      currency: "gbp",
      stripeSessionId: `cs_claim_${++stripeSession}`,
    })
    .returning({ id: userCoursePurchases.id });
  return row.id;
}

const owner = async (purchaseId: string) =>
  (await handle.db.select({ userId: userCoursePurchases.userId }).from(userCoursePurchases).where(eq(userCoursePurchases.id, purchaseId)))[0].userId;

function claim(headers: Record<string, string>) {
  const request = jsonRequest("/api/functions/claim-guest-purchases", {}, { Origin: TEST_SITE_URL, ...headers });
  return settle(() => claimAction(routeArgs(request, handle)));
}

beforeAll(async () => {
  const [course] = await handle.db
    .insert(courses)
    .values({ offeringKey: "sinus-grafting", title: "Sinus Grafting", slug: "sinus-grafting" })
    .returning({ id: courses.id });
  courseId = course.id;
});

describe(`claiming guest purchases on ${testDriver}`, () => {
  it("gives a verified person the unclaimed purchases made with their email, in any letter case, once", async () => {
    const mine = await guestPurchase("Dana.Guest@Example.com");
    const mineToo = await guestPurchase("dana.guest@example.com");
    const someoneElses = await guestPurchase("other.guest@example.com");
    const dana = await person("dana.guest@example.com");

    expect(await claim({ Cookie: dana.cookie })).toEqual({ status: 200, body: { claimed_count: 2 } });
    expect([await owner(mine), await owner(mineToo), await owner(someoneElses)]).toEqual([dana.id, dana.id, null]);
    // Nothing is left to claim the second time.
    expect(await claim({ Cookie: dana.cookie })).toEqual({ status: 200, body: { claimed_count: 0 } });
  });

  it("never moves a purchase that already belongs to an account", async () => {
    const first = await person("first.owner@example.com");
    const owned = await guestPurchase("shared.inbox@example.com", first.id);
    const claimer = await person("shared.inbox@example.com");
    expect(await claim({ Cookie: claimer.cookie })).toEqual({ status: 200, body: { claimed_count: 0 } });
    expect(await owner(owned)).toBe(first.id);
  });

  it("claims nothing for an account whose email is not verified: the address is not proven theirs", async () => {
    const waiting = await guestPurchase("unverified.buyer@example.com");
    const unverified = await person("unverified.buyer@example.com", false);
    expect(await claim({ Cookie: unverified.cookie })).toEqual({ status: 200, body: { claimed_count: 0 } });
    expect(await owner(waiting)).toBeNull();
  });

  it("answers 401 without a session, 403 from another site and 405 to a GET, changing nothing", async () => {
    const waiting = await guestPurchase("nobody.yet@example.com");
    expect(await claim({})).toEqual({ status: 401, body: { error: "You must be logged in." } });
    expect(await claim({ Cookie: "gii.session_token=forged.token" })).toEqual({ status: 401, body: { error: "You must be logged in." } });
    const someone = await person("nobody.yet@example.com");
    expect(await claim({ Cookie: someone.cookie, Origin: "https://evil.example" })).toEqual({
      status: 403,
      body: { error: "Cross-site requests are not allowed." },
    });
    expect(await owner(waiting)).toBeNull();
    const get = await settle(() => claimLoader(routeArgs(new Request(new URL("/api/functions/claim-guest-purchases", TEST_SITE_URL)), handle) as never));
    expect(get).toEqual({ status: 405, body: { error: "Method not allowed." } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatDateRange } from "~/lib/format";
import { ADMIN_LOGIN_REQUIRED_PATH } from "~/lib/pages";
import { deactivateEdition } from "~/server/admin/schedule.server";
import { emailOutbox } from "~/server/db/schema.server";

import { editionFor } from "../support/booking";
import { addPurchase } from "../support/catalogue";
import { type HttpApp, type RawAnswer, rawRequest, startHttpApp } from "../support/http-app";
import { createPerson } from "../support/people";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});

/** React's text separators out, so "4 places left" reads as it shows. */
const text = (answer: RawAnswer) => answer.body.replace(/<!-- -->/g, "");
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(app.url, { path, headers });
/** Asks until the page comes from the public page cache, so a later change must drop it to be seen. */
async function cached(path: string): Promise<RawAnswer> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(path);
    if (answer.headers["x-cache"] === "HIT") return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never came from the cache`);
}
const post = (path: string, headers: Record<string, string>) =>
  rawRequest(app.url, {
    method: "POST",
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, ...headers },
    body: "intent=reactivate",
  });

describe("a date taken off sale, on its back-office page", () => {
  it("says it is off sale and offers to put it back, only to an admin; back on sale, the public page sells it with its paid places taken, and nobody is emailed", async () => {
    const { db } = app.services.database;
    const people = { db, auth: app.services.auth };
    const admin = await createPerson(people, { admin: true });
    const dentist = await createPerson(people);
    const edition = await editionFor(app.services.database, { days: 190, capacity: 5 });
    await addPurchase(db, edition.id, "paid");
    await deactivateEdition(app.services, admin, edition.id);
    const dates = formatDateRange(edition.startDate!, edition.endDate);
    const path = `/admin/editions/${edition.id}`;

    const page = text(await get(path, { Cookie: admin.cookie }));
    expect(page).toContain("Not on sale: taken off sale by staff.");
    expect(page).toContain('name="intent" value="reactivate"');
    expect(page).toContain("Put back on sale");
    expect(text(await cached("/courses/grafting"))).not.toContain(dates);
    const mails = (await db.select({ id: emailOutbox.id }).from(emailOutbox)).length;

    // Guarded as the page's other forms: a visitor signs in, a dentist goes to their account, another site is refused.
    for (const [headers, status, location] of [
      [{}, 302, ADMIN_LOGIN_REQUIRED_PATH],
      [{ Cookie: dentist.cookie }, 302, "/account"],
      [{ Cookie: admin.cookie, Origin: "https://evil.example" }, 403, undefined],
    ] as const) {
      const refused = await post(path, headers);
      expect(refused.status).toBe(status);
      expect(refused.headers.location).toBe(location);
    }
    expect(text(await get(path, { Cookie: admin.cookie }))).toContain("Not on sale: taken off sale by staff.");

    // Without scripts the form posts to the page itself, which comes back with the date on sale.
    const done = await post(path, { Cookie: admin.cookie });
    expect(done.status).toBe(200);
    expect(text(done)).not.toContain("Not on sale");
    const course = await get("/courses/grafting");
    expect(course.headers["x-cache"]).toBe("MISS");
    expect(text(course)).toContain(dates);
    expect(text(course)).toContain("4 places left");
    expect((await db.select({ id: emailOutbox.id }).from(emailOutbox)).length).toBe(mails);
  });
});

import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { pageViews } from "~/server/db/schema.server";
import { recordPageView } from "~/server/marketing/analytics.server";

import { testDriver, useTestDatabase } from "../support/database";
import { countPageViews } from "../support/marketing";

const handle = useTestDatabase();

const SITE = "https://www.globalimplantinstitute.com";
const ALSO = "http://127.0.0.1:3000";

let lastIp = 0;
const freshIp = () => `198.51.100.${++lastIp}`;

const record = (view: { location: string; title: string; referrer?: string }, { clientIp = freshIp(), limit = 100 } = {}) =>
  recordPageView(handle.db, view, { siteOrigins: [SITE, ALSO], clientIp, limit });
const newest = async () => (await handle.db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(1))[0];

describe(`recordPageView on ${testDriver}`, () => {
  it("stores a page of the site as its public location, path, title and public referrer", async () => {
    expect(
      await record({
        location: `${SITE}/courses/level-2?utm_source=mail&email=someone%40example.com&view=list#dates`,
        title: "Level 2",
        referrer: "https://mail.example/inbox/123?q=secret",
      }),
    ).toBe("recorded");
    expect(await newest()).toMatchObject({
      location: "/courses/level-2?utm_source=mail&view=list",
      path: "/courses/level-2",
      title: "Level 2",
      referrer: "https://mail.example",
    });
  });

  it("counts a page of any of the site's addresses, and keeps a same-site referrer as its public location", async () => {
    expect(await record({ location: `${ALSO}/contact`, title: "Contact", referrer: `${SITE}/courses?ref=x&utm_medium=qr` })).toBe("recorded");
    expect(await newest()).toMatchObject({ location: "/contact", path: "/contact", referrer: "/courses?utm_medium=qr" });
  });

  it("stores no referrer when none is given or it is not a web address", async () => {
    await record({ location: `${SITE}/`, title: "Home" });
    expect((await newest()).referrer).toBeNull();
    await record({ location: `${SITE}/`, title: "Home", referrer: "android-app://com.google.android.gm/" });
    expect((await newest()).referrer).toBeNull();
  });

  it("redacts a secret in the path, in the location and the path alike", async () => {
    await record({ location: `${SITE}/api/auth/reset-password/Xk3pQ9vLm2Rt7YwZ8aBc4DeF?callbackURL=%2Fauth`, title: "Reset" });
    const row = await newest();
    expect(row.path).toBe("/api/auth/reset-password/:token");
    expect(row.location).toBe("/api/auth/reset-password/:token");
    expect(JSON.stringify(row)).not.toContain("Xk3pQ9vLm2Rt7YwZ8aBc4DeF");
  });

  it("refuses a page of another site ('other-origin'), storing nothing and spending none of the visitor's budget", async () => {
    const ip = freshIp();
    const before = await countPageViews(handle.db);
    for (const location of ["https://evil.example/", "http://www.globalimplantinstitute.com/", "https://127.0.0.1:3000/"]) {
      expect(await record({ location, title: "Elsewhere" }, { clientIp: ip, limit: 1 }), location).toBe("other-origin");
    }
    expect(await countPageViews(handle.db)).toBe(before);
    expect(await record({ location: `${SITE}/`, title: "Home" }, { clientIp: ip, limit: 1 })).toBe("recorded");
  });

  it("stores at most `limit` views from one visitor's address in the window ('rate-limited' after), another address counted on its own", async () => {
    const ip = freshIp();
    const view = { location: `${SITE}/booking`, title: "Booking" };
    expect(await record(view, { clientIp: ip, limit: 2 })).toBe("recorded");
    expect(await record(view, { clientIp: ip, limit: 2 })).toBe("recorded");
    const before = await countPageViews(handle.db);
    expect(await record(view, { clientIp: ip, limit: 2 })).toBe("rate-limited");
    expect(await countPageViews(handle.db)).toBe(before);
    expect(await record(view, { clientIp: freshIp(), limit: 2 })).toBe("recorded");
    expect(await countPageViews(handle.db)).toBe(before + 1);
  });
});

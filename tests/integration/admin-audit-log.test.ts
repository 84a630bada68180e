import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";

import * as auditLogPage from "~/routes/admin.audit-log";
import { recordAdminAction } from "~/server/admin/audit.server";
import { courses, offerings } from "~/server/db/schema.server";

import { testDriver, useTestDatabase } from "../support/database";
import { createPerson } from "../support/people";
import { guarded, routeArgs, TEST_SITE_URL, testServices } from "../support/route-args";

const handle = useTestDatabase();
const auditLoader = guarded(auditLogPage, "loader");

/** The page as the admin's browser is sent it, from its loader's answer. */
function renderPage(loaderData: Awaited<ReturnType<typeof auditLoader>>) {
  const page = createElement(auditLogPage.default, { loaderData } as never);
  const Stub = createRoutesStub([{ path: "/admin/audit-log", Component: () => page }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/audit-log"] }));
}

describe(`the audit log in staff's words on ${testDriver}`, () => {
  it("shows a refund in pounds and a scheduled date without its internal fields, leaving what is stored as it was", async () => {
    const admin = await createPerson({ db: handle.db, auth: testServices(handle).auth }, { admin: true });
    const actor = { id: admin.id, email: admin.email };
    await handle.db.insert(offerings).values({
      key: "audit-course",
      title: "Audit Course",
      slug: "audit-course",
      format: "2 days",
      location: "London",
      lengthDays: 2,
      defaultCapacity: 10,
      priceAmount: 95_050,
    });
    const [row] = await handle.db
      .insert(courses)
      .values({
        offeringKey: "audit-course",
        title: "Audit Course",
        slug: "audit-course",
        imageUrl: "/images/audit-course.jpg",
        startDate: "2027-03-12",
        endDate: "2027-03-13",
        location: "London",
        priceAmount: 95_050,
        stripePriceId: "price_audit",
        capacity: 10,
      })
      .returning();
    // As scheduling and a partial refund record them (schedule.server.ts, bookings.server.ts).
    await recordAdminAction(handle.db, actor, { action: "edition.schedule", subjectType: "edition", subjectId: row.id, summary: "Scheduled", after: row });
    await recordAdminAction(handle.db, actor, {
      action: "booking.cancel",
      subjectType: "booking",
      summary: "Refunded",
      before: { status: "paid", amountRefunded: 0, refundedAt: null },
      after: { status: "canceled", amountRefunded: 1_000_000, refundedAt: "2026-11-21T14:03:00.000Z" },
    });

    const loaderData = await auditLoader(routeArgs(new Request(new URL("/admin/audit-log", TEST_SITE_URL), { headers: { Cookie: admin.cookie } }), handle));
    const html = renderPage(loaderData);
    expect(html).toContain("Amount refunded");
    expect(html).toContain("£10,000");
    expect(html).not.toContain("1000000");
    expect(html).toContain("£950.50");
    expect(html).toContain("12 March 2027");
    for (const internal of ["imageUrl", "audit-course.jpg", "slug", "price_audit", "priceCurrency", "gbp", "createdAt", row.id]) {
      expect(html).not.toContain(internal);
    }
    // Presentation only: the stored entry keeps every field as it was written.
    const stored = await handle.db.query.adminAuditLog.findMany();
    const schedule = stored.find((entry) => entry.action === "edition.schedule");
    expect(schedule?.after).toMatchObject({
      id: row.id,
      slug: "audit-course",
      imageUrl: "/images/audit-course.jpg",
      priceAmount: 95_050,
      priceCurrency: "gbp",
    });
    expect(stored.find((entry) => entry.action === "booking.cancel")?.after).toMatchObject({ amountRefunded: 1_000_000 });
  });
});

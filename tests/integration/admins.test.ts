import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";

import { DEMO_ADMIN_EMAIL, ensureDemoAdmin, grantAdmin } from "~/server/accounts/admins.server";
import { emailOutbox, profiles, users } from "~/server/db/schema.server";

import { useTestDatabase } from "../support/database";
import { testAuth } from "../support/route-args";

const handle = useTestDatabase();

afterAll(async () => {});

const signIn = (email: string, password: string) => testAuth(handle).api.signInEmail({ body: { email, password }, asResponse: true });

describe("the demo admin", () => {
  it("is made once, verified and an administrator, signs in with its password, and is sent no email", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    await ensureDemoAdmin(handle.db, testAuth(handle), "demo-admin-password");
    await ensureDemoAdmin(handle.db, testAuth(handle), "another-password");
    vi.restoreAllMocks();

    const rows = await handle.db
      .select({ id: users.id, verified: users.emailVerified, isAdmin: profiles.isAdmin, firstName: profiles.firstName })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(rows).toEqual([{ id: expect.any(String), verified: true, isAdmin: true, firstName: "Institute" }]);
    expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, DEMO_ADMIN_EMAIL))).toEqual([]);

    expect((await signIn(DEMO_ADMIN_EMAIL, "demo-admin-password")).status).toBe(200);
    expect((await signIn(DEMO_ADMIN_EMAIL, "another-password")).status).toBe(401);
    // The chosen password is never printed; the announcement is made once.
    expect(lines.filter((line) => line.includes("Demo admin created"))).toHaveLength(1);
    expect(lines.join("\n")).not.toContain("demo-admin-password");
  });
});

describe("granting admin rights", () => {
  it("makes an existing account an administrator, and says so when there is no such account", async () => {
    await testAuth(handle).api.signUpEmail({
      body: { name: "Staff Member", email: "staff.member@example.com", password: "staff-password", firstName: "Staff", lastName: "Member" },
    });
    expect(await grantAdmin(handle.db, "  Staff.Member@example.com ")).toBe(true);
    const [row] = await handle.db
      .select({ isAdmin: profiles.isAdmin })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, "staff.member@example.com"));
    expect(row).toEqual({ isAdmin: true });
    expect(await grantAdmin(handle.db, "nobody@example.com")).toBe(false);
  });
});

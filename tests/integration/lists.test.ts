import { describe, expect, it } from "vitest";

import { confirmedSubscribers, interestByCourse } from "~/server/admin/lists.server";
import { interestRegistrations, newsletterSubscribers } from "~/server/db/schema.server";

import { testDriver, useTestDatabase } from "../support/database";

const handle = useTestDatabase();

const at = (iso: string) => new Date(iso);
let lastToken = 0;
const token = () => `unsubscribe-${++lastToken}`;

describe(`the back office's lists on ${testDriver}`, () => {
  it("has no interest groups and no subscribers on a fresh database", async () => {
    expect(await interestByCourse(handle.db)).toEqual([]);
    expect(await confirmedSubscribers(handle.db)).toEqual([]);
  });

  it("groups interest by course in the offerings' order, newest first, a registration in each course it names once, empty courses left out", async () => {
    const [older, both, newest, gone] = await handle.db
      .insert(interestRegistrations)
      .values([
        { name: "Older", email: "older@example.com", offeringKeys: ["level-2"], createdAt: at("2026-01-01T09:00:00Z") },
        {
          name: "Both",
          email: "both@example.com",
          offeringKeys: ["complications", "level-2", "level-2"],
          createdAt: at("2026-02-01T09:00:00Z"),
          confirmedAt: at("2026-02-01T10:00:00Z"),
        },
        {
          name: "Newest",
          email: "newest@example.com",
          offeringKeys: ["level-2"],
          createdAt: at("2026-03-01T09:00:00Z"),
          unsubscribedAt: at("2026-03-02T09:00:00Z"),
        },
        { name: "Gone", email: "gone@example.com", offeringKeys: ["retired-course"], createdAt: at("2026-03-03T09:00:00Z") },
      ])
      .returning();

    const groups = await interestByCourse(handle.db);
    expect(groups.map((group) => [group.offeringKey, group.course])).toEqual([
      ["level-2", "Level 2 - Ultimate Full Arch Live Course"],
      ["complications", "Full Arch Complications"],
      // An offering no longer in the catalogue is shown by its key, after the catalogue's own.
      ["retired-course", "retired-course"],
    ]);
    expect(groups[0].registrations.map((row) => row.id)).toEqual([newest.id, both.id, older.id]);
    expect(groups[1].registrations.map((row) => row.id)).toEqual([both.id]);
    expect(groups[2].registrations.map((row) => row.id)).toEqual([gone.id]);
    expect(groups[0].registrations[1]).toEqual({
      id: both.id,
      name: "Both",
      email: "both@example.com",
      registeredAt: at("2026-02-01T09:00:00Z"),
      confirmedAt: at("2026-02-01T10:00:00Z"),
      unsubscribedAt: null,
    });
    expect(groups[0].registrations[0]).toMatchObject({ confirmedAt: null, unsubscribedAt: at("2026-03-02T09:00:00Z") });
  });

  it("orders registrations made at the same moment the same way every time", async () => {
    const moment = at("2026-04-01T09:00:00Z");
    await handle.db.insert(interestRegistrations).values([
      { name: "Tie A", email: "tie-a@example.com", offeringKeys: ["level-1"], createdAt: moment },
      { name: "Tie B", email: "tie-b@example.com", offeringKeys: ["level-1"], createdAt: moment },
    ]);
    const first = (await interestByCourse(handle.db)).find((group) => group.offeringKey === "level-1")!.registrations.map((row) => row.id);
    const second = (await interestByCourse(handle.db)).find((group) => group.offeringKey === "level-1")!.registrations.map((row) => row.id);
    expect(first).toHaveLength(2);
    expect(second).toEqual(first);
    // Ties are broken by id, highest first.
    expect(first).toEqual([...first].sort().reverse());
  });

  it("lists only subscribers who confirmed and have not unsubscribed, newest confirmation first, then by address", async () => {
    await handle.db.insert(newsletterSubscribers).values([
      { email: "first@example.com", name: "First", unsubscribeToken: token(), confirmedAt: at("2026-01-01T09:00:00Z") },
      { email: "zed@example.com", name: null, unsubscribeToken: token(), confirmedAt: at("2026-02-01T09:00:00Z") },
      { email: "amy@example.com", name: "Amy", unsubscribeToken: token(), confirmedAt: at("2026-02-01T09:00:00Z") },
      { email: "pending@example.com", name: "Pending", unsubscribeToken: token(), confirmationToken: "confirm-me" },
      {
        email: "left@example.com",
        name: "Left",
        unsubscribeToken: token(),
        confirmedAt: at("2026-03-01T09:00:00Z"),
        unsubscribedAt: at("2026-03-05T09:00:00Z"),
      },
    ]);
    const listed = await confirmedSubscribers(handle.db);
    expect(listed.map((row) => row.email)).toEqual(["amy@example.com", "zed@example.com", "first@example.com"]);
    expect(listed[0]).toEqual({ id: expect.any(String), name: "Amy", email: "amy@example.com", confirmedAt: at("2026-02-01T09:00:00Z") });
    expect(listed[1].name).toBeNull();
  });
});

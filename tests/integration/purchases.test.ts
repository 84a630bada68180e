import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { listPurchases } from "~/server/accounts/purchases.server";
import { TEST_PRODUCT_KEY } from "~/server/catalogue/offerings.server";
import { courses } from "~/server/db/schema.server";

import { inDays } from "../support/booking";
import { addEdition, addPurchase } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson } from "../support/people";
import { testServices } from "../support/route-args";

const handle = useTestDatabase();
const person = () => createPerson({ db: handle.db, auth: testServices(handle).auth });
const on = (iso: string) => ({ purchaseDate: new Date(iso) });

describe(`listPurchases on ${testDriver}`, () => {
  it("answers none for a person who has bought nothing", async () => {
    const who = await person();
    expect(await listPurchases(handle.db, who.id)).toEqual([]);
  });

  it("lists the person's own purchases in every state, newest first, each with its course", async () => {
    const who = await person();
    const sinus = await addEdition(handle.db, {
      startDate: inDays(30),
      endDate: inDays(30),
      description: "One day of sinus lifts.",
      location: "London, United Kingdom",
      imageUrl: "/media/img/sinus.webp",
    });
    const level2 = await addEdition(handle.db, { offeringKey: "level-2", title: "Level 2", slug: "level-2", startDate: inDays(60), endDate: inDays(63) });
    const paid = await addPurchase(handle.db, sinus.id, "paid", { userId: who.id, receiptUrl: "https://pay.example/r/1", ...on("2026-03-01T10:00:00Z") });
    const refunded = await addPurchase(handle.db, level2.id, "refunded", { userId: who.id, amountRefunded: 150_000, ...on("2026-04-01T10:00:00Z") });
    const pending = await addPurchase(handle.db, sinus.id, "pending", { userId: who.id, ...on("2026-05-01T10:00:00Z") });

    const listed = await listPurchases(handle.db, who.id);
    expect(listed.map((row) => [row.id, row.status])).toEqual([
      [pending.id, "pending"],
      [refunded.id, "refunded"],
      [paid.id, "paid"],
    ]);
    expect(listed[2]).toEqual({
      id: paid.id,
      purchaseDate: new Date("2026-03-01T10:00:00Z"),
      status: "paid",
      receiptUrl: "https://pay.example/r/1",
      amountRefunded: 0,
      course: {
        id: sinus.id,
        title: "Sinus Grafting",
        description: "One day of sinus lifts.",
        imageUrl: "/media/img/sinus.webp",
        slug: "sinus-grafting",
        startDate: inDays(30),
        endDate: inDays(30),
        location: "London, United Kingdom",
        listed: true,
      },
    });
    expect(listed[1]).toMatchObject({ amountRefunded: 150_000, course: { id: level2.id, title: "Level 2", endDate: inDays(63) } });
  });

  it("lists nobody else's purchases, nor a guest purchase with the same address that the account has not claimed", async () => {
    const who = await person();
    const other = await person();
    const edition = await addEdition(handle.db, { startDate: inDays(40) });
    const mine = await addPurchase(handle.db, edition.id, "paid", { userId: who.id });
    await addPurchase(handle.db, edition.id, "paid", { userId: other.id });
    await addPurchase(handle.db, edition.id, "paid", { userId: null, customerEmail: who.email });
    expect((await listPurchases(handle.db, who.id)).map((row) => row.id)).toEqual([mine.id]);
  });

  it("marks a purchase of an offering visitors never see (the test product) as not listed", async () => {
    const who = await person();
    const [testEdition] = await handle.db.select().from(courses).where(eq(courses.offeringKey, TEST_PRODUCT_KEY));
    await addPurchase(handle.db, testEdition.id, "paid", { userId: who.id });
    const [row] = await listPurchases(handle.db, who.id);
    expect(row.course).toMatchObject({ id: testEdition.id, title: "Test Product", listed: false });
  });
});

import { describe, expect, it } from "vitest";

import { fieldChanges } from "~/lib/audit-diff";

describe("an audit entry's before and after as changed fields", () => {
  it("lists changed, added and removed fields, leaving unchanged ones out", () => {
    expect(
      fieldChanges(
        { title: "Sinus Grafting", capacity: 12, isActive: true, venue: "Dubai" },
        { title: "Sinus Grafting", capacity: 10, isActive: false, priceAmount: 150_000 },
      ),
    ).toEqual([
      { field: "isActive", label: "Active", kind: "changed", before: "Yes", after: "No" },
      { field: "priceAmount", label: "Price", kind: "added", after: "£1,500" },
      { field: "capacity", label: "Capacity", kind: "changed", before: "12", after: "10" },
      { field: "venue", label: "Venue", kind: "removed", before: "Dubai" },
    ]);
  });

  it("treats a missing snapshot as no fields: a creation adds every field, a deletion removes them", () => {
    expect(fieldChanges(null, { title: "Level 1", startDate: "2027-03-12" })).toEqual([
      { field: "title", label: "Title", kind: "added", after: "Level 1" },
      { field: "startDate", label: "Start date", kind: "added", after: "12 March 2027" },
    ]);
    expect(fieldChanges({ title: "Level 1" }, undefined)).toEqual([{ field: "title", label: "Title", kind: "removed", before: "Level 1" }]);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it("shows every value as text: empty values, nested objects and arrays", () => {
    expect(fieldChanges({ note: null, tags: ["a"], place: { city: "Dubai" } }, { note: "hi", tags: ["a", "b"], place: { city: "Dubai" } })).toEqual([
      { field: "note", label: "Note", kind: "changed", before: "(empty)", after: "hi" },
      { field: "tags", label: "Tags", kind: "changed", before: '["a"]', after: '["a","b"]' },
    ]);
  });

  it("names a bare value `value`, and keeps markup as plain text", () => {
    expect(fieldChanges("<b>old</b>", "<script>new</script>")).toEqual([
      { field: "value", label: "Value", kind: "changed", before: "<b>old</b>", after: "<script>new</script>" },
    ]);
  });
});

describe("an audit entry in staff's words", () => {
  it("shows a partial refund in pounds, not pence, with its status and date as words", () => {
    expect(
      fieldChanges(
        { status: "paid", amountRefunded: 0, refundedAt: null },
        { status: "canceled", amountRefunded: 1_000_000, refundedAt: "2026-11-21T14:03:00.000Z" },
      ),
    ).toEqual([
      { field: "status", label: "Status", kind: "changed", before: "Paid", after: "Cancelled" },
      { field: "amountRefunded", label: "Amount refunded", kind: "changed", before: "£0", after: "£10,000" },
      { field: "refundedAt", label: "Refunded on", kind: "changed", before: "(empty)", after: "21 November 2026" },
    ]);
  });

  it("shows every amount stored in pence as pounds, leaving the Stripe price id out", () => {
    expect(
      fieldChanges(
        { priceAmount: 90_000, defaultCapacity: 12, stripePriceId: "price_old" },
        { priceAmount: 95_050, defaultCapacity: 10, stripePriceId: "price_new" },
      ),
    ).toEqual([
      { field: "priceAmount", label: "Price", kind: "changed", before: "£900", after: "£950.50" },
      { field: "defaultCapacity", label: "Default capacity", kind: "changed", before: "12", after: "10" },
    ]);
    expect(
      fieldChanges(
        { amountSubtotal: 350_000, amountDiscount: 0, amountTotal: 350_000 },
        { amountSubtotal: 350_000, amountDiscount: 35_000, amountTotal: 315_000 },
      ).map(({ label, before, after }) => [label, before, after]),
    ).toEqual([
      ["Discount", "£0", "£350"],
      ["Total paid", "£3,500", "£3,150"],
    ]);
    // An edition whose price is still to come has none.
    expect(fieldChanges({ priceAmount: null }, { priceAmount: 125 })).toEqual([
      { field: "priceAmount", label: "Price", kind: "changed", before: "(empty)", after: "£1.25" },
    ]);
  });

  it("shows a scheduled date's course without its ids, slug, image, currency, Stripe price or timestamps", () => {
    const scheduled = {
      id: "7d0c2a2e-8f7b-4a59-9d3e-0f4d1f0a1b2c",
      offeringKey: "sinus-grafting",
      title: "Sinus Grafting",
      description: null,
      duration: "2 days",
      location: "London",
      imageUrl: "/images/sinus.jpg",
      slug: "sinus-grafting",
      isActive: true,
      startDate: "2027-03-12",
      endDate: "2027-03-13",
      stripePriceId: "price_123",
      priceAmount: 350_000,
      priceCurrency: "gbp",
      capacity: 10,
      createdAt: "2026-11-21T14:03:00.000Z",
      updatedAt: "2026-11-21T14:03:00.000Z",
    };
    const shown = fieldChanges(null, scheduled);
    expect(shown.map(({ label, after }) => [label, after])).toEqual([
      ["Title", "Sinus Grafting"],
      ["Start date", "12 March 2027"],
      ["End date", "13 March 2027"],
      ["Location", "London"],
      ["Duration", "2 days"],
      ["Description", "(empty)"],
      ["Active", "Yes"],
      ["Price", "£3,500"],
      ["Capacity", "10"],
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/imageUrl|slug|offeringKey|stripe|price_123|gbp|createdAt|updatedAt|7d0c2a2e/i);
    // Deactivating it changes one thing a person sees.
    expect(fieldChanges(scheduled, { ...scheduled, isActive: false, updatedAt: "2026-11-22T09:00:00.000Z" })).toEqual([
      { field: "isActive", label: "Active", kind: "changed", before: "Yes", after: "No" },
    ]);
  });

  it("shows nothing for a change only to internal fields", () => {
    expect(fieldChanges({ stripePriceId: "price_old" }, { stripePriceId: "price_new" })).toEqual([]);
    expect(fieldChanges(null, { ids: ["a", "b"] })).toEqual([]);
    expect(fieldChanges(null, { receiptUrl: "https://pay.example/r", stripeSessionId: "cs_1", currency: "gbp", userId: "u1" })).toEqual([]);
  });

  it("names a field it has no label for in words, and shows a date it does not know as a date", () => {
    expect(fieldChanges(null, { lateRefundDueAt: "2026-12-01T00:00:00.000Z", seatsHeldFor: "15 minutes", listed: false })).toEqual([
      { field: "listed", label: "Shown to visitors", kind: "added", after: "No" },
      { field: "lateRefundDueAt", label: "Late refund due at", kind: "added", after: "1 December 2026" },
      { field: "seatsHeldFor", label: "Seats held for", kind: "added", after: "15 minutes" },
    ]);
  });
});

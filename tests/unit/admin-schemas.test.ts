import { describe, expect, it } from "vitest";

import { CancelBookingSchema, OfferingUpdateSchema } from "~/lib/schemas/admin";
import { firstIssueMessage } from "~/lib/schemas/fields";

const PURCHASE_ID = "6f1c7a52-8a55-4b8e-9d2a-3c1e5b7d9f10";
const refund = (amount: string) => CancelBookingSchema.safeParse({ purchaseId: PURCHASE_ID, amount });
const price = (value: string) => OfferingUpdateSchema.safeParse({ key: "sinus-grafting", price: value, defaultCapacity: "8", stripePriceId: "" });

describe("amounts of pounds typed by staff", () => {
  it("reads pounds and pence, with or without £ and thousands commas, as pence", () => {
    const cases: [string, number][] = [
      ["1500", 150_000],
      ["1500.5", 150_050],
      ["250.50", 25_050],
      ["£1,250.50", 125_050],
      ["12,000", 1_200_000],
      ["1,234,567.89", 123_456_789],
    ];
    for (const [typed, pence] of cases) expect(refund(typed).data?.amount, typed).toBe(pence);
    expect(price("£12,000").data?.price).toBe(1_200_000);
  });

  it("refuses a comma that does not separate thousands, so '2,50' is never a refund of £250 and '1,2,3' never a price of £123", () => {
    for (const typed of ["2,50", "1500,50", "1,2,3", ",1500", "1500,", "1,50.00", "12,0000", "1,,500"]) {
      const parsed = refund(typed);
      expect(parsed.success, typed).toBe(false);
      expect(firstIssueMessage(parsed.error!), typed).toBe("Enter the refund in pounds, for example 1500 or 250.50.");
      expect(price(typed).success, typed).toBe(false);
    }
  });

  it("refuses more than two decimals, more than seven digits of pounds, signs and words", () => {
    for (const typed of ["1500.505", "12345678", "12,345,678", "-250", "+250", "1e3", "two hundred", ""]) expect(refund(typed).success, typed).toBe(false);
  });
});

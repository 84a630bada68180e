import type { DiscountKind } from "~/lib/discounts";
import type { PurchaseStatus } from "~/lib/purchases";
import type { courses, userCoursePurchases } from "~/server/db/schema.server";

import type { Person, PersonOptions } from "./people";

/** What end-to-end tests ask the fixture door to set up, and what each call answers. */
export interface FixtureCalls {
  person: { input: PersonOptions; output: Person };
  /** The day the server scheduled the demo catalogue on its fresh database, which its dates count from, and each offering's length. */
  demoCatalogue: { input: Record<string, never>; output: { seedDay: string; lengthDays: Record<string, number> } };
  removePeople: { input: { ids: string[] }; output: { removed: number } };
  /** `priceAmount`: a date scheduled before its course's fee changed, still sold at its own price. */
  edition: { input: { offeringKey: string; startDate: string; capacity?: number; priceAmount?: number }; output: typeof courses.$inferSelect };
  /**
   * A start day a year or more ahead that this server has handed to no other test, a week after the last one, so no
   * two tests running at once schedule the same course on the same day (a test finds its date by name and day).
   */
  farDay: { input: Record<string, never>; output: string };
  removeEditions: { input: { ids: string[] }; output: { removed: number } };
  /** Removes an offering's editions on a day, as a test that scheduled one through the screens leaves it. */
  removeEditionsOn: { input: { offeringKey: string; startDate: string }; output: { removed: number } };
  /** Takes an edition's price id away, as a change in the back office would while a visitor has its page open. */
  clearPriceId: { input: { id: string }; output: { cleared: number } };
  /** A discounted purchase names its discount and the amounts it changed (£1,500 before it, unless told). */
  purchase: {
    input: {
      courseId: string;
      status: PurchaseStatus;
      userId?: string | null;
      customerEmail?: string;
      receiptUrl?: string | null;
      purchaseDate?: string;
      discountKind?: DiscountKind;
      amountDiscount?: number;
      amountTotal?: number;
    };
    output: typeof userCoursePurchases.$inferSelect;
  };
}

/** Where a server under test on `serverPort` keeps its fixture door. */
export const fixtureDoorPort = (serverPort: number) => serverPort + 1000;

import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

import { addDays, format } from "date-fns";
import { and, eq, inArray } from "drizzle-orm";

import { scheduleEdition } from "~/server/catalogue/editions.server";
import { listOfferings } from "~/server/catalogue/offerings.server";
import { courses, seatHolds, userCoursePurchases, users } from "~/server/db/schema.server";
import type { AppServices } from "~/server/platform/context.server";

import { addPurchase } from "./catalogue";
import type { FixtureCalls } from "./fixture-calls";
import { createPerson } from "./people";

// Beyond the demo catalogue's dates, and a week apart so no course's days overlap another test's.
const FAR_DAY_FROM = 400;
const FAR_DAY_STEP = 7;

type Handlers = { [Name in keyof FixtureCalls]: (input: FixtureCalls[Name]["input"]) => Promise<FixtureCalls[Name]["output"]> };

function handlers({ database: { db }, auth }: Pick<AppServices, "database" | "auth">, seedDay: string): Handlers {
  const removeEditions = (ids: string[]) =>
    db.transaction(async (tx) => {
      await tx.delete(userCoursePurchases).where(inArray(userCoursePurchases.courseId, ids));
      await tx.delete(seatHolds).where(inArray(seatHolds.courseId, ids));
      const removed = await tx.delete(courses).where(inArray(courses.id, ids)).returning({ id: courses.id });
      return { removed: removed.length };
    });
  let farDays = 0;
  return {
    person: (options) => createPerson({ db, auth }, options),
    async demoCatalogue() {
      const lengthDays = Object.fromEntries((await listOfferings(db)).map((offering) => [offering.key, offering.lengthDays]));
      return { seedDay, lengthDays };
    },
    async removePeople({ ids }) {
      const removed = await db.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
      return { removed: removed.length };
    },
    async edition({ priceAmount, ...input }) {
      const edition = await scheduleEdition(db, input);
      if (priceAmount === undefined) return edition;
      const [repriced] = await db.update(courses).set({ priceAmount }).where(eq(courses.id, edition.id)).returning();
      return repriced;
    },
    async farDay() {
      return format(addDays(new Date(), FAR_DAY_FROM + FAR_DAY_STEP * farDays++), "yyyy-MM-dd");
    },
    removeEditions: ({ ids }) => removeEditions(ids),
    async removeEditionsOn({ offeringKey, startDate }) {
      const onThatDay = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.offeringKey, offeringKey), eq(courses.startDate, startDate)));
      return removeEditions(onThatDay.map((edition) => edition.id));
    },
    async clearPriceId({ id }) {
      const cleared = await db.update(courses).set({ stripePriceId: null }).where(eq(courses.id, id)).returning({ id: courses.id });
      return { cleared: cleared.length };
    },
    async purchase({ courseId, status, purchaseDate, ...extra }) {
      const row = await addPurchase(db, courseId, status, { ...extra, ...(purchaseDate ? { purchaseDate: new Date(purchaseDate) } : {}) });
      const [stored] = await db.select().from(userCoursePurchases).where(eq(userCoursePurchases.id, row.id));
      return stored;
    },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
}

/**
 * A door beside the server under test, on loopback only, through which
 * end-to-end tests make their people, editions and purchases with the domain
 * services on the server's own database (the embedded one cannot be opened
 * twice). It is part of the test harness, never of the product.
 */
export async function openFixtureDoor(services: Pick<AppServices, "database" | "auth">, port: number, seedDay: string) {
  const calls = handlers(services, seedDay);
  const server = createServer((request, response) => {
    const name = request.url?.slice(1) as keyof Handlers;
    const handler = calls[name] as ((input: unknown) => Promise<unknown>) | undefined;
    if (request.method !== "POST" || !handler) {
      response.writeHead(404).end();
      return;
    }
    readJson(request)
      .then((input) => handler(input))
      .then(
        (output) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(output)),
        (error: unknown) => response.writeHead(500, { "Content-Type": "text/plain" }).end(error instanceof Error ? error.stack : String(error)),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

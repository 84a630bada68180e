import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { migrateDatabase, migrationsFolder } from "~/server/db/client.server";

import { testDriver, useTestDatabase } from "../support/database";

/** The migrations as they were before offerings existed: 0000 to 0002. */
function migrationsBeforeOfferings(): string {
  const folder = join(process.cwd(), ".tmp", `migrations-before-offerings-${process.pid}-${testDriver}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => /^000[0-2]_/.test(entry.tag));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) cpSync(join(migrationsFolder(), `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  return folder;
}

const handle = useTestDatabase({ migrated: false });
let folder: string;
beforeAll(async () => {
  folder = migrationsBeforeOfferings();
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
});

const rows = async <Row>(query: ReturnType<typeof sql>) => {
  const result: unknown = await handle.db.execute(query);
  return (result as { rows: Row[] }).rows;
};

it(`moves the courses, interest registrations and purchases of an older database onto the offerings without loss (${testDriver})`, async () => {
  await migrateDatabase(handle, folder);
  await handle.db.execute(sql`
    insert into courses (id, title, slug, start_date, end_date, stripe_price_id, price_amount, capacity) values
      ('00000000-0000-4000-8000-000000000001', 'Level 2 - Ultimate Full Arch Live Course', 'level-2-ultimate-full-arch-live-course', '2027-01-18', '2027-01-21', 'price_level2_live_surgery', 1200000, 8),
      ('00000000-0000-4000-8000-000000000002', 'Sinus Grafting', 'sinus-grafting', '2027-02-01', '2027-02-01', 'price_sinus_grafting', 150000, 10),
      ('00000000-0000-4000-8000-000000000003', 'Implant Photography Day', 'implant-photography-day', '2027-03-01', '2027-03-02', null, 40000, 12)`);
  await handle.db.execute(sql`
    insert into interest_registrations (name, email, interested_courses) values
      ('Ann', 'ann@example.com', array['Sinus Grafting', 'Level 1 - Full Arch Implant Course'])`);
  await handle.db.execute(sql`
    insert into user_course_purchases (course_id, customer_email, status, amount_subtotal, amount_total, currency, stripe_session_id) values
      ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'Paid', 1200000, 1200000, 'gbp', 'cs_old_1'),
      ('00000000-0000-4000-8000-000000000002', 'b@example.com', 'complete', 150000, 150000, 'gbp', 'cs_old_2'),
      ('00000000-0000-4000-8000-000000000002', 'c@example.com', 'shipped', 150000, 150000, 'gbp', 'cs_old_3')`);

  await migrateDatabase(handle);

  expect(await rows(sql`select id, offering_key from courses where offering_key <> 'test-product' order by id`)).toEqual([
    { id: "00000000-0000-4000-8000-000000000001", offering_key: "level-2" },
    { id: "00000000-0000-4000-8000-000000000002", offering_key: "sinus-grafting" },
    { id: "00000000-0000-4000-8000-000000000003", offering_key: "implant-photography-day" },
  ]);
  // An edition staff had scheduled under a title of its own becomes an offering, from that edition.
  expect(await rows(sql`select key, title, length_days, price_amount, default_capacity from offerings where key = 'implant-photography-day'`)).toEqual([
    { key: "implant-photography-day", title: "Implant Photography Day", length_days: 2, price_amount: 40000, default_capacity: 12 },
  ]);
  expect(await rows(sql`select count(*)::int as n from offerings where listed`)).toEqual([{ n: 7 }]);
  expect(await rows(sql`select offering_keys from interest_registrations`)).toEqual([{ offering_keys: ["sinus-grafting", "level-1"] }]);
  expect(await rows(sql`select stripe_session_id, status from user_course_purchases order by stripe_session_id`)).toEqual([
    { stripe_session_id: "cs_old_1", status: "paid" },
    { stripe_session_id: "cs_old_2", status: "complete" },
    { stripe_session_id: "cs_old_3", status: "pending" },
  ]);
});

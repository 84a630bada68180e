// Adds the demo courses to the configured database; safe to run again.
import { seedDemoCourses } from "~/server/catalogue/demo-seed.server";
import { migrateDatabase, openDatabase } from "~/server/db/client.server";
import { getEnv } from "~/server/platform/env.server";

const env = getEnv();
const database = await openDatabase(env);
await migrateDatabase(database);
const added = await seedDemoCourses(database.db);
await database.close();
console.log(added ? `Seeded ${added} demo course dates.` : "Demo courses already present; nothing added.");

// Applies the committed migrations to the configured database (the server also does this at start-up).
import { migrateDatabase, openDatabase } from "~/server/db/client.server";
import { getEnv } from "~/server/platform/env.server";

const env = getEnv();
const database = await openDatabase(env);
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.driver}).`);

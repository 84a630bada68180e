// npm run admin:grant -- someone@example.com : makes an existing account an administrator.
import { grantAdmin } from "~/server/accounts/admins.server";
import { migrateDatabase, openDatabase } from "~/server/db/client.server";
import { getEnv } from "~/server/platform/env.server";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run admin:grant -- <email>");
  process.exit(1);
}
const database = await openDatabase(getEnv());
try {
  await migrateDatabase(database);
  if (!(await grantAdmin(database.db, email))) {
    console.error(`No account with the email ${email}: sign up first, then run this again.`);
    process.exitCode = 1;
  } else console.log(`${email} is now an administrator.`);
} finally {
  await database.close();
}

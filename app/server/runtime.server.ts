import { getEnv, type Env } from "./env.server";
import { migrateDatabase, openDatabase } from "./db/client.server";
import type { AppServices } from "./context.server";
import { seedDemoCourses } from "./seed.server";
import { log } from "./log.server";
import { startOutboxWorker, transportFor } from "./email/worker.server";
import { createAuth, resolveAuthSecret } from "./auth.server";
import { ensureDemoAdmin } from "./admins.server";

export interface Runtime extends AppServices {
  stop(): Promise<void>;
}

async function start(env: Env): Promise<Runtime> {
  const database = await openDatabase(env);
  try {
    await migrateDatabase(database);
    if (env.seedDemoData) {
      const added = await seedDemoCourses(database.db);
      if (added) log.info(`Seeded ${added} demo course dates.`);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  log.info(
    database.driver === "pglite"
      ? `Database: embedded PGlite in ${env.dataDir}/db`
      : "Database: PostgreSQL (DATABASE_URL)",
  );
  const outbox = startOutboxWorker({ db: database.db, transport: transportFor(env) });
  log.info(env.mail.smtpUrl ? "Mail: SMTP (SMTP_URL)" : "Mail: kept in the local mailbox at /dev/mailbox");
  const auth = createAuth({ db: database.db, env, secret: resolveAuthSecret(env) });
  if (env.seedDemoData) await ensureDemoAdmin(database.db, auth, env.demoAdminPassword);
  return {
    env,
    database,
    auth,
    async stop() {
      await outbox.stop();
      await database.close();
    },
  };
}

// Kept on globalThis so the dev server's module reloads reuse the one open database.
const holder = globalThis as typeof globalThis & { __giiRuntime?: Promise<Runtime> };

/** Opens the database, migrates and seeds once per process. */
export function startRuntime(env: Env = getEnv()): Promise<Runtime> {
  holder.__giiRuntime ??= start(env).catch((error) => {
    holder.__giiRuntime = undefined;
    throw error;
  });
  return holder.__giiRuntime;
}

import { ensureDemoAdmin } from "~/server/accounts/admins.server";
import { startRefundSweep } from "~/server/booking/fulfilment.server";
import { seedDemoCourses } from "~/server/catalogue/demo-seed.server";
import { asConnectionFailure, migrateDatabase, openDatabase } from "~/server/db/client.server";
import { startOutboxWorker, transportFor } from "~/server/email/worker.server";
import { startCheckoutClock } from "~/server/payments/local.server";
import { asLocalCheckout } from "~/server/payments/providers.server";

import { settleBackgroundWork } from "./background.server";
import type { AppServices } from "./context.server";
import { resolveAuthSecret } from "./data-dir.server";
import { type Env, getEnv } from "./env.server";
import { log } from "./log.server";
import { startRateLimitSweep } from "./rate-limit.server";
import { createAppServices } from "./services.server";

/** Where this server can reach itself: its own listener, over loopback unless it listens on one address only. */
function ownAddress(env: Env): string {
  const anyAddress = ["0.0.0.0", "::", "localhost", "127.0.0.1", "::1"].includes(env.host);
  const host = anyAddress ? "127.0.0.1" : env.host.includes(":") ? `[${env.host}]` : env.host;
  return `http://${host}:${env.port}`;
}

export interface Runtime extends AppServices {
  stop(): Promise<void>;
}

async function start(env: Env): Promise<Runtime> {
  const database = await openDatabase(env);
  try {
    await migrateDatabase(database).catch((error: unknown) => {
      throw env.databaseUrl ? asConnectionFailure(error, env.databaseUrl) : error;
    });
    if (env.seedDemoData) {
      const added = await seedDemoCourses(database.db);
      if (added) log.info(`Seeded ${added} demo course dates.`);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  log.info(database.driver === "pglite" ? `Database: embedded PGlite in ${env.dataDir}/db` : "Database: PostgreSQL (DATABASE_URL)");
  const outbox = startOutboxWorker({ db: database.db, transport: transportFor(env), claimTimeoutMs: env.mail.claimTimeoutMs });
  log.info(env.mail.smtpUrl ? "Mail: SMTP (SMTP_URL)" : "Mail: kept in the local mailbox at /dev/mailbox");
  const services = createAppServices({ env, database, appSecret: resolveAuthSecret(env), eventsUrl: `${ownAddress(env)}/api/stripe/webhook` });
  if (env.seedDemoData) await ensureDemoAdmin(database.db, services.auth, env.demoAdminPassword);
  const localCheckout = asLocalCheckout(services.payments);
  const checkoutClock = localCheckout ? startCheckoutClock(localCheckout) : null;
  log.info(localCheckout ? "Payments: the built-in checkout at /dev/checkout" : "Payments: Stripe (STRIPE_SECRET_KEY)");
  const refundSweep = startRefundSweep(services);
  const rateLimitSweep = startRateLimitSweep(database.db);
  return {
    ...services,
    async stop() {
      // Work answered already (a reset link being queued) finishes before the database closes.
      await settleBackgroundWork();
      await checkoutClock?.stop();
      await refundSweep.stop();
      await rateLimitSweep.stop();
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

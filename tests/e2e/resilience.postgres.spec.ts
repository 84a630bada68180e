import { randomBytes } from "node:crypto";

import pg from "pg";
import Stripe from "stripe";

import { localWebhookSecret } from "~/server/payments/local.server";

import { SERVICE_UNAVAILABLE_MESSAGE } from "~/server/http/responses.server";
import { startSmtpSink } from "../support/smtp-sink";
import { startTcpProxy } from "../support/tcp-proxy";
import { uniqueEmail } from "./accounts";
import { type AppInstance, portNextTo, startAppInstance } from "./app-instance";
import { fixturesOf } from "./data";
import { expect, test } from "./fixtures";

/*
 * The app survives its dependencies (issue 12): production servers of their
 * own on fresh databases of the machine's PostgreSQL, which is never itself
 * stopped: a relay the test cuts stands for a restart, and kill -9 for a crash.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const adminUrl = process.env.TEST_DATABASE_URL ?? "";

async function onAdminDatabase<Row extends pg.QueryResultRow = pg.QueryResultRow>(statement: string, values: unknown[] = []) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await admin.query<Row>(statement, values);
  } finally {
    await admin.end();
  }
}

/** A fresh database of the test's own, with a direct connection for the test's reads, dropped afterwards. */
async function freshDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await onAdminDatabase(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url,
    async drop() {
      // An autovacuum worker on the database can refuse to be ended for a moment: try again.
      for (let attempt = 1; ; attempt++) {
        try {
          await onAdminDatabase(`drop database if exists ${name} with (force)`);
          return;
        } catch (error) {
          if (attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  at: number;
  name: string;
  status: number;
  retryAfter: string | null;
  body: string;
}

test("the database restarted under load: 503 with the message while it is down, /healthz says so, and the same process recovers by itself", async ({
  baseURL,
}) => {
  const database = await freshDatabase("gii_outage");
  const proxy = await startTcpProxy({ host: database.url.hostname, port: Number(database.url.port || 5432) });
  const viaProxy = new URL(database.url.href);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  let app: AppInstance | undefined;
  let loading = true;
  try {
    app = await startAppInstance(portNextTo(baseURL, 11), {
      DATABASE_URL: viaProxy.href,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      LOCAL_PROVIDERS: "1",
      SEED_DEMO_DATA: "1",
    });
    const url = app.url;
    const person = await fixturesOf(url).person({ firstName: "Rana", lastName: "Aziz", email: uniqueEmail("outage") });

    // A steady load: a public page, a signed-in page, and an API that writes.
    const targets: { name: string; send: () => Promise<Response> }[] = [
      { name: "page /courses", send: () => fetch(`${url}/courses`) },
      { name: "page /account", send: () => fetch(`${url}/account`, { headers: { Cookie: person.cookie }, redirect: "manual" }) },
      {
        name: "api newsletter",
        send: () =>
          fetch(`${url}/api/v2/v2-subscribe-newsletter`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: url },
            body: JSON.stringify({ email: uniqueEmail("load") }),
          }),
      },
    ];
    const answers: Answer[] = [];
    const load = targets.map(async (target) => {
      while (loading) {
        // A connection the server drops is an answer too (status 0): the test says so rather than stopping.
        const answer = await target.send().then(
          async (response) => ({ status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() }),
          (error: unknown) => ({ status: 0, retryAfter: null, body: String(error) }),
        );
        answers.push({ at: Date.now(), name: target.name, ...answer });
        await sleep(50);
      }
    });
    const health = async () => {
      const response = await fetch(`${url}/healthz`);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const since = (from: number) => answers.filter((answer) => answer.at >= from);

    // Every kind of request answered before the cut, and answered well.
    await expect.poll(() => new Set(since(0).map((answer) => answer.name)).size, { timeout: 30_000 }).toBe(targets.length);
    expect(since(0).filter((answer) => answer.status !== 200)).toEqual([]);

    // The restart: no new connection is accepted, and the server ends every session it had.
    await proxy.cut();
    await onAdminDatabase("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database.name]);
    const cutAt = Date.now();
    await expect.poll(health, { timeout: 15_000 }).toEqual({ status: 503, body: { status: "down" } });
    await expect.poll(() => since(Date.now() - 300).filter((answer) => answer.status === 503).length, { timeout: 15_000 }).toBeGreaterThan(2);
    const downFrom = Date.now();
    await sleep(1_500);
    const whileDown = since(downFrom);
    expect(new Set(whileDown.map((answer) => answer.name))).toEqual(new Set(targets.map((target) => target.name)));
    for (const answer of whileDown) {
      expect(answer).toMatchObject({ status: 503, retryAfter: "30" });
      if (answer.name.startsWith("api")) expect(JSON.parse(answer.body)).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE });
      else expect(answer.body).toContain(SERVICE_UNAVAILABLE_MESSAGE);
    }

    await proxy.restore();
    const restoredAt = Date.now();
    await expect.poll(health, { timeout: 15_000 }).toEqual({ status: 200, body: { status: "up" } });
    await expect
      .poll(() => {
        const recent = since(Date.now() - 500);
        return recent.length > 2 && recent.every((answer) => answer.status === 200);
      }, { timeout: 15_000 })
      .toBe(true);
    const recoveredAfterMs = Date.now() - restoredAt;
    loading = false;
    await Promise.all(load);

    // From start to end, nothing answered a failure other than 503: no 500, no stack trace, no signed-in visitor sent to log in.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(answers.some((answer) => /at \S+ \(|node_modules/.test(answer.body))).toBe(false);
    expect(since(cutAt).some((answer) => answer.status === 503)).toBe(true);
    expect(recoveredAfterMs).toBeLessThan(10_000);
    // The same process throughout: it said the database went away and came back, and never started again.
    expect(app.output()).toContain("Database: unreachable");
    expect(app.output()).toContain("Database: reachable again");
    expect(app.output().match(/listening on/g)).toHaveLength(1);
  } finally {
    loading = false;
    if (app) await test.info().attach("server output", { body: app.output(), contentType: "text/plain" });
    await app?.stop();
    await proxy.close();
    await database.drop();
  }
});

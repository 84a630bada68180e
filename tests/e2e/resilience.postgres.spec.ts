import { randomBytes } from "node:crypto";

import pg from "pg";

import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "~/server/http/service-unavailable.server";
import { localWebhookSecret } from "~/server/payments/local.server";

import { checkoutSessionObject, signedEvent } from "../support/booking";
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
      expect(answer).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_SECONDS) });
      if (answer.name.startsWith("api")) expect(JSON.parse(answer.body)).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE });
      else expect(answer.body).toContain(SERVICE_UNAVAILABLE_MESSAGE);
    }

    await proxy.restore();
    const restoredAt = Date.now();
    await expect.poll(health, { timeout: 15_000 }).toEqual({ status: 200, body: { status: "up" } });
    await expect
      .poll(
        () => {
          const recent = since(Date.now() - 500);
          return recent.length > 2 && recent.every((answer) => answer.status === 200);
        },
        { timeout: 15_000 },
      )
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

interface Flow {
  person: { id: string; email: string; bearer: string };
  /** The checkout's session and hold once an instance answered it. */
  sessionId?: string;
  /** The completed event, kept so a redelivery is the same event (same id), as Stripe's are. */
  event?: { payload: string; signature: string };
  acknowledged: boolean;
  /** Checkout requests that got no answer (the instance died under them). */
  lostCheckouts: number;
}

test("kill -9 of one instance during a burst of checkouts and webhooks loses no purchase, hold or email, and the other carries on", async ({ baseURL }) => {
  const database = await freshDatabase("gii_crash");
  const sql = new pg.Client({ connectionString: database.url.href });
  await sql.connect();
  // Each instance mails through an SMTP server of its own, both hanging at first: emails are claimed and stay in flight.
  const sinks = [await startSmtpSink(), await startSmtpSink()];
  for (const sink of sinks) sink.stall = true;
  const appSecret = randomBytes(32).toString("base64url");
  const instanceEnv = (smtpUrl: string) => ({
    DATABASE_URL: database.url.href,
    BETTER_AUTH_SECRET: appSecret,
    LOCAL_PROVIDERS: "1",
    SEED_DEMO_DATA: "0",
    SMTP_URL: smtpUrl,
    // A crashed instance's claims pass to the other after 3 s instead of 2 min.
    OUTBOX_CLAIM_TIMEOUT_MS: "3000",
  });
  const instances: AppInstance[] = [];
  try {
    instances.push(await startAppInstance(portNextTo(baseURL, 12), instanceEnv(sinks[0].url)));
    instances.push(await startAppInstance(portNextTo(baseURL, 13), instanceEnv(sinks[1].url)));
    const fixtures = fixturesOf(instances[1].url);
    const capacity = 40;
    const edition = await fixtures.edition({ offeringKey: "sinus-grafting", startDate: "2031-09-10", capacity });
    const people: Awaited<ReturnType<typeof fixtures.person>>[] = [];
    // A few at a time: each account hashes a password, which the machine's CPUs pace.
    for (let index = 0; index < 16; index += 4) {
      people.push(...(await Promise.all([0, 1, 2, 3].map(() => fixtures.person({ firstName: "Dana", lastName: "Crash", email: uniqueEmail("crash") })))));
    }
    const flows: Flow[] = people.map((person) => ({ person, acknowledged: false, lostCheckouts: 0 }));
    const webhookSecret = localWebhookSecret(appSecret);

    /** The buyer's checkout, then the provider's completed event for it; each on the instance given, if it still answers. */
    async function run(flow: Flow, checkoutOn: AppInstance, webhookOn: AppInstance) {
      if (!flow.sessionId) {
        const answer = await fetch(`${checkoutOn.url}/api/v2/create-checkout-session`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${flow.person.bearer}` },
          body: JSON.stringify({ courseId: edition.id }),
        })
          .then(async (response) => ({ status: response.status, body: (await response.json()) as { sessionId?: string } }))
          // No answer, or one cut off in its body (the instance killed while it sent it): the buyer saw nothing.
          .catch(() => null);
        if (!answer) {
          flow.lostCheckouts += 1;
          return;
        }
        expect(answer.status).toBe(200);
        flow.sessionId = answer.body.sessionId;
      }
      if (!flow.event) {
        const {
          rows: [hold],
        } = await sql.query<{ id: string }>("select id from seat_holds where checkout_session_id = $1", [flow.sessionId]);
        flow.event = signedEvent(
          "checkout.session.completed",
          checkoutSessionObject({ id: flow.sessionId!, holdId: hold.id, courseId: edition.id, email: flow.person.email, buyerId: flow.person.id }),
          { secret: webhookSecret },
        );
      }
      const status = await fetch(`${webhookOn.url}/api/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": flow.event.signature },
        body: flow.event.payload,
      }).then(
        (response) => response.status,
        () => 0,
      );
      if (status >= 200 && status < 300) flow.acknowledged = true;
    }

    // The first half of the burst, spread over both instances (each checkout's event to the other one).
    const [firstHalf, secondHalf] = [flows.slice(0, 8), flows.slice(8)];
    await Promise.all(firstHalf.map((flow, index) => run(flow, instances[index % 2], instances[(index + 1) % 2])));
    expect(firstHalf.every((flow) => flow.acknowledged)).toBe(true);

    // One instance's mail worker has claimed emails and is sending one: that instance is the one to crash.
    await expect.poll(() => sinks.findIndex((sink) => sink.stalled.length > 0), { timeout: 30_000 }).toBeGreaterThanOrEqual(0);
    const victimIndex = sinks.findIndex((sink) => sink.stalled.length > 0);
    const [victim, survivor] = [instances[victimIndex], instances[1 - victimIndex]];
    const [victimSink, survivorSink] = [sinks[victimIndex], sinks[1 - victimIndex]];
    const { rows: claimed } = await sql.query("select 1 from email_outbox where status = 'sending'");
    expect(claimed.length).toBeGreaterThan(0);

    // The second half, spread over both instances, with kill -9 of one while it runs.
    const burst = Promise.all(secondHalf.map((flow, index) => run(flow, instances[index % 2], instances[(index + 1) % 2])));
    await expect.poll(() => secondHalf.filter((flow) => flow.sessionId).length, { timeout: 30_000, intervals: [20] }).toBeGreaterThanOrEqual(2);
    await victim.crash();
    await burst;

    // What Stripe and the buyers do next: events not acknowledged are delivered again, checkouts with no answer tried again.
    for (const flow of flows.filter((candidate) => !candidate.acknowledged)) {
      await run(flow, survivor, survivor);
      if (!flow.sessionId) await run(flow, survivor, survivor);
    }
    expect(flows.filter((flow) => !flow.acknowledged)).toEqual([]);

    // The survivor's SMTP server answers again: it delivers its own emails and, once their claims expire, the dead one's.
    survivorSink.release();
    await expect
      .poll(async () => (await sql.query("select 1 from email_outbox where status <> 'sent'")).rowCount, { timeout: 30_000, intervals: [500] })
      .toBe(0);

    // Every acknowledged purchase exists exactly once, paid, made from its own hold.
    const { rows: purchases } = await sql.query<{ stripe_session_id: string; status: string; hold_id: string; customer_email: string }>(
      "select stripe_session_id, status, hold_id, customer_email from user_course_purchases where course_id = $1",
      [edition.id],
    );
    expect(purchases.map((purchase) => purchase.stripe_session_id).sort()).toEqual(flows.map((flow) => flow.sessionId).sort());
    expect(purchases.every((purchase) => purchase.status === "paid")).toBe(true);
    expect(new Set(purchases.map((purchase) => purchase.hold_id)).size).toBe(flows.length);

    // Every hold is converted (one per purchase), still live (a checkout cut off by the crash), or released; places add up.
    const { rows: holds } = await sql.query<{ id: string; status: string; live: boolean }>(
      "select id, status, (status in ('opening', 'open') and expires_at > now()) as live from seat_holds where course_id = $1",
      [edition.id],
    );
    const converted = holds.filter((hold) => hold.status === "converted");
    expect(converted.map((hold) => hold.id).sort()).toEqual(purchases.map((purchase) => purchase.hold_id).sort());
    const others = holds.filter((hold) => hold.status !== "converted");
    expect(others.every((hold) => hold.live || hold.status === "released")).toBe(true);
    const lostCheckouts = flows.reduce((total, flow) => total + flow.lostCheckouts, 0);
    expect(others.length).toBeLessThanOrEqual(lostCheckouts);
    const live = holds.filter((hold) => hold.live).length;
    const placesLeft = capacity - purchases.length - live;
    expect(placesLeft).toBeGreaterThanOrEqual(0);
    const page = await fetch(`${survivor.url}/booking`, { headers: { "User-Agent": "Googlebot/2.1" } }).then((response) => response.text());
    expect(page.replace(/<!-- -->/g, "")).toContain(`${placesLeft} places left`);

    // Every queued email was delivered exactly once, by the survivor; the dead instance's server accepted none.
    const { rows: emails } = await sql.query<{ to_address: string; template: string }>("select to_address, template from email_outbox");
    expect(
      emails
        .filter((email) => email.template === "booking-confirmation")
        .map((email) => email.to_address)
        .sort(),
    ).toEqual(purchases.map((purchase) => purchase.customer_email).sort());
    const delivered = survivorSink.received.map((mail) => mail.to.join(",")).sort();
    expect(delivered).toEqual(emails.map((email) => email.to_address).sort());
    expect(victimSink.received).toEqual([]);
    // Among them the email the dead instance was sending when it was killed.
    for (const mail of victimSink.stalled) expect(delivered).toContain(mail.to.join(","));

    // The survivor carries on, for a dentist who has not booked yet (the others have their place: a second is refused).
    expect((await fetch(`${survivor.url}/healthz`)).status).toBe(200);
    const newcomer = await fixturesOf(survivor.url).person({ firstName: "Nia", lastName: "After", email: uniqueEmail("after-crash") });
    const last = await fetch(`${survivor.url}/api/v2/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${newcomer.bearer}` },
      body: JSON.stringify({ courseId: edition.id }),
    });
    expect(last.status).toBe(200);
  } finally {
    for (const sink of sinks) sink.release();
    await Promise.all(instances.map((instance) => instance.stop()));
    await sql.end();
    await Promise.all(sinks.map((sink) => sink.close()));
    await database.drop();
  }
});

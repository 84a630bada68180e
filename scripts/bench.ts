// npm run bench : requests/s and latency of the production build (SSR pages, a form API and
// starting a checkout), side by side with a static file served by the same server. Needs `npm run build` first.
//   BENCH_SECONDS       seconds per measured run (default 5; each run follows an unreported 1 s warm-up)
//   BENCH_PORT          port for the server under test (default 3700)
//   BENCH_DATABASE_URL  a PostgreSQL database to run on (default: the embedded database, in a fresh data dir)
//   BENCH_ONLY          measure only the targets whose name contains this text (e.g. `checkout`); the static file is always measured, as the baseline
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { resolve } from "node:path";

import autocannon from "autocannon";
import { and, count, eq, inArray } from "drizzle-orm";

import { scheduleEdition } from "~/server/catalogue/editions.server";
import { migrateDatabase, openDatabase } from "~/server/db/client.server";
import { seatHolds } from "~/server/db/schema.server";

import { childProcesses, portInUse, projectRoot as root, serveNodeFlags, waitForHealth } from "./support/processes";

const serverBuild = resolve(root, "build/server/index.js");
const dataDir = resolve(root, ".tmp/bench-data");
const port = Number(process.env.BENCH_PORT || 3700);
const seconds = Number(process.env.BENCH_SECONDS || 5);
const origin = `http://localhost:${port}`;
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const only = process.env.BENCH_ONLY || undefined;
const CONNECTIONS = 10;
/** Checkouts are measured at 20 at once: a course's dates opening to a waiting list. */
const CHECKOUT_CONNECTIONS = 20;
const WARMUP_SECONDS = 1;
const STARTUP_TIMEOUT_MS = 60_000;

interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Each request from an address of its own, as buyers behind the load balancer (X-Forwarded-For). */
  fromManyAddresses?: boolean;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

if (!existsSync(serverBuild)) {
  console.error("No production build found: run `npm run build` first.");
  process.exit(1);
}
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`BENCH_PORT must be a port number, got ${process.env.BENCH_PORT}.`);
  process.exit(1);
}
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error(`BENCH_SECONDS must be a positive number, got ${process.env.BENCH_SECONDS}.`);
  process.exit(1);
}

const children = childProcesses();

async function startServer() {
  return children.start(process.execPath, [...(await serveNodeFlags()), "server/main.js"], {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    // On PostgreSQL, as the embedded default runs: the built-in checkout and mailbox, and the demo courses.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString("hex"), LOCAL_PROVIDERS: "1", SEED_DEMO_DATA: "1" } : {}),
    SITE_URL: origin,
    // Behind one proxy, as deployed: checkouts come from many buyers' addresses (X-Forwarded-For) and keep the
    // product's own per-address limits. The form API is sent from one address, so its limit is the most the app accepts.
    TRUST_PROXY: "1",
    FORM_RATE_LIMIT: "100000",
    AUTH_RATE_LIMIT: "100000",
    ACCOUNT_LOGIN_LIMIT: "100000",
  });
}

/**
 * An edition with places enough for every checkout a run can start, scheduled
 * before the server opens the database (the embedded one takes one process at a time).
 */
async function scheduleBenchEdition(): Promise<{ id: string; priceId: string }> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrateDatabase(database);
    const edition = await scheduleEdition(database.db, { offeringKey: "sinus-grafting", startDate: "2036-06-02", capacity: 1_000_000 });
    return { id: edition.id, priceId: edition.stripePriceId! };
  } finally {
    await database.close();
  }
}

/** Once the server has stopped: how many holds the checkouts took, and that releasing them frees their places. */
async function releaseBenchHolds(courseId: string): Promise<number> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    const released = await database.db
      .update(seatHolds)
      .set({ status: "released", releasedAt: new Date() })
      .where(and(eq(seatHolds.courseId, courseId), inArray(seatHolds.status, ["opening", "open"])))
      .returning({ id: seatHolds.id });
    const [{ left }] = await database.db
      .select({ left: count() })
      .from(seatHolds)
      .where(and(eq(seatHolds.courseId, courseId), inArray(seatHolds.status, ["opening", "open"])));
    if (Number(left) !== 0) throw new Error(`${left} holds are still open after releasing them.`);
    return released.length;
  } finally {
    await database.close();
  }
}

/** The browser entry, a hashed JS file under /assets: what a CDN or nginx would otherwise serve. */
async function findStaticAsset(): Promise<string> {
  const entry = (await readdir(resolve(root, "build/client/assets"))).find((name) => /^entry\.client-[\w-]+\.js$/.test(name));
  if (!entry) throw new Error("No build/client/assets/entry.client-….js: run `npm run build` first.");
  return `/assets/${entry}`;
}

/** The server's peak resident memory so far, as Linux keeps it (VmHWM), in MB. */
async function peakMemoryMb(child: ChildProcess): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${child.pid}/status`, "utf8");
    const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

let lastAddress = 0;
/** A documentation-range address (198.18.0.0/15, for benchmarks) not used before in this run. */
function nextAddress(): string {
  lastAddress++;
  return `198.${18 + ((lastAddress >> 16) & 1)}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

async function measure(target: Target, duration: number) {
  return autocannon({
    url: `${origin}${target.path}`,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections: target.connections ?? CONNECTIONS,
    duration,
    ...(target.fromManyAddresses
      ? { requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, "X-Forwarded-For": nextAddress() } }) }] }
      : {}),
  });
}

/** The server's CPU time so far (user and system), in clock ticks, or undefined without /proc. */
async function cpuTicks(child: ChildProcess): Promise<number | undefined> {
  try {
    const fields = (await readFile(`/proc/${child.pid}/stat`, "utf8")).split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Waits, up to a minute, until the server has used almost no CPU for half a
 * second: the work one target leaves behind (the emails the form API queued)
 * is then not measured as part of the next. Answers the seconds waited.
 */
async function settle(child: ChildProcess): Promise<number> {
  const started = Date.now();
  let before = await cpuTicks(child);
  while (before !== undefined && Date.now() - started < 60_000) {
    await new Promise((done) => setTimeout(done, 500));
    const after = await cpuTicks(child);
    if (after === undefined || after - before <= 2) break;
    before = after;
  }
  return (Date.now() - started) / 1000;
}

async function bench(target: Target, child: ChildProcess): Promise<Row> {
  await measure(target, WARMUP_SECONDS);
  // The warm-up ends with requests in flight that the load generator no longer waits for; left running,
  // they would be measured as the first answers' latency (a checkout's first answers then waited for 40, not 20).
  await settle(child);
  const result = await measure(target, seconds);
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function printTable(rows: Row[]) {
  const base = rows[0].rps;
  const header = ["name", "requests/s", "p50 ms", "p99 ms", "non-2xx", "vs static"];
  const lines = rows.map((row) => [
    row.name,
    row.rps.toFixed(0),
    row.p50.toFixed(0),
    row.p99.toFixed(0),
    String(row.non2xx),
    base > 0 ? `${(row.rps / base).toFixed(2)}x` : "-",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
}

async function cleanUp() {
  await children.stopAll();
  await rm(dataDir, { recursive: true, force: true });
}

let interrupted = false;
process.once("SIGINT", () => {
  interrupted = true;
  console.error("\nInterrupted: stopping the server.");
  void cleanUp().finally(() => process.exit(130));
});

try {
  if (await portInUse(port)) throw new Error(`Port ${port} is already in use: stop what runs there or set BENCH_PORT.`);
  await rm(dataDir, { recursive: true, force: true });
  const benchEdition = await scheduleBenchEdition();
  console.log(`Starting the production server on ${origin} (${databaseUrl ? "PostgreSQL at BENCH_DATABASE_URL" : `embedded database in ${dataDir}`})…`);
  const child = await startServer();
  await waitForHealth(child, origin, STARTUP_TIMEOUT_MS);

  const gzip = { "Accept-Encoding": "gzip" };
  const asset = await findStaticAsset();
  const allTargets: Target[] = [
    { name: `static ${asset}`, path: asset, headers: gzip },
    { name: "GET /", path: "/", headers: gzip },
    { name: "GET /courses", path: "/courses", headers: gzip },
    { name: "GET /courses/full-arch", path: "/courses/full-arch", headers: gzip },
    { name: "GET /booking", path: "/booking", headers: gzip },
    { name: "GET /upcoming-events", path: "/upcoming-events", headers: gzip },
    { name: "GET /contact", path: "/contact", headers: gzip },
    {
      name: "POST /api/v2/v2-subscribe-newsletter",
      path: "/api/v2/v2-subscribe-newsletter",
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ email: "bench@example.com", name: "Bench" }),
    },
    {
      name: "POST /api/register-interest",
      path: "/api/register-interest",
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ name: "Bench Dentist", email: "bench@example.com", interestedCourses: ["Sinus Grafting"] }),
    },
    {
      name: "POST /api/v2/v2-send-contact-email",
      path: "/api/v2/v2-send-contact-email",
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ name: "Bench Dentist", email: "bench@example.com", subject: "Course dates", message: "When is the next Level 2 course?" }),
    },
    {
      name: `POST /api/v2/create-checkout-session (${CHECKOUT_CONNECTIONS} at once)`,
      path: "/api/v2/create-checkout-session",
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ priceId: benchEdition.priceId, courseId: benchEdition.id, userId: null }),
      connections: CHECKOUT_CONNECTIONS,
      fromManyAddresses: true,
    },
  ];
  // The static file stays first: every row is compared with it.
  const targets = only ? allTargets.filter((target, index) => index === 0 || target.name.includes(only)) : allTargets;
  if (targets.length === 1 && only) throw new Error(`BENCH_ONLY=${only} names no target.`);

  console.log(`${CONNECTIONS} connections, ${seconds} s per target after a ${WARMUP_SECONDS} s warm-up.\n`);
  const rows: Row[] = [];
  for (const target of targets) {
    if (interrupted) break;
    const waited = await settle(child);
    process.stdout.write(`  ${target.name}…${waited > 1 ? ` (after waiting ${waited.toFixed(0)} s for the server to settle)` : ""}\n`);
    rows.push(await bench(target, child));
  }
  if (!interrupted) {
    const peak = await peakMemoryMb(child);
    console.log("");
    printTable(rows);
    console.log(
      `\nServer peak resident memory: ${peak === undefined ? "unknown (no /proc)" : `${peak.toFixed(0)} MB`} on ${databaseUrl ? "PostgreSQL" : "the embedded database"}.`,
    );
    console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`);
    const failing = rows.filter((row) => row.non2xx > 0 || row.errors > 0);
    for (const row of failing) {
      console.error(`\n${row.name}: ${row.non2xx} non-2xx responses, ${row.errors} connection errors or timeouts.`);
    }
    if (failing.length > 0) process.exitCode = 1;
    await children.stopAll();
    console.log(`\nReleased the ${await releaseBenchHolds(benchEdition.id)} holds the checkouts took.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (children.output.length > 0) console.error(`\nLast server output:\n${children.output.join("\n")}`);
  process.exitCode = 1;
} finally {
  if (!interrupted) await cleanUp();
}

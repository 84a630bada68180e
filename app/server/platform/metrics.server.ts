import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * What `GET /metrics` shows, in Prometheus's text format. Counters live in
 * this process (a registry of its own, not prom-client's global one); what the
 * database knows is read at each scrape, so every instance reports the same
 * outbox and holds.
 */
const processMetrics = new Registry();
collectDefaultMetrics({ register: processMetrics });

const HTTP_LABELS = ["method", "route", "status"] as const;

const httpRequests = new Counter({
  name: "gii_http_requests_total",
  help: "Requests answered, by method, route pattern (never the raw path) and status code.",
  labelNames: HTTP_LABELS,
  registers: [processMetrics],
});

const httpDuration = new Histogram({
  name: "gii_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method, route pattern and status code.",
  labelNames: HTTP_LABELS,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

const webhookFailures = new Counter({
  name: "gii_webhook_failures_total",
  help: "Payment webhook deliveries not handled: reason signature (refused: not signed with our secret) or handler (a signed event whose handling failed).",
  labelNames: ["reason"] as const,
  registers: [processMetrics],
});
// Both series exist from the start, so a rate over them is defined before the first failure.
webhookFailures.inc({ reason: "signature" }, 0);
webhookFailures.inc({ reason: "handler" }, 0);

export function recordHttpRequest(labels: Record<(typeof HTTP_LABELS)[number], string>, seconds: number) {
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

export function countWebhookFailure(reason: "signature" | "handler") {
  webhookFailures.inc({ reason });
}

/** Read from the database at scrape time. */
export interface DatabaseReadings {
  outbox: { byStatus: Record<string, number>; oldestUnsentSeconds: number };
  liveHolds: number;
}

/** The process's measures, and the database's readings (null when it could not be read, which `gii_database_readable` says). */
export async function renderMetrics(readings: DatabaseReadings | null): Promise<{ contentType: string; text: string }> {
  const scrape = new Registry();
  new Gauge({ name: "gii_database_readable", help: "1 when this scrape read the database, 0 when it failed.", registers: [scrape] }).set(readings ? 1 : 0);
  if (readings) {
    const outbox = new Gauge({
      name: "gii_email_outbox_emails",
      help: "Emails in the outbox, by status.",
      labelNames: ["status"] as const,
      registers: [scrape],
    });
    for (const [status, emails] of Object.entries(readings.outbox.byStatus)) outbox.set({ status }, emails);
    new Gauge({
      name: "gii_email_outbox_oldest_unsent_age_seconds",
      help: "Age of the oldest email not sent yet (pending or being sent); 0 when there is none.",
      registers: [scrape],
    }).set(readings.outbox.oldestUnsentSeconds);
    new Gauge({
      name: "gii_seat_holds_live",
      help: "Seat holds keeping a place now: checkouts open within their time, and payments that settle later.",
      registers: [scrape],
    }).set(readings.liveHolds);
  }
  const all = Registry.merge([processMetrics, scrape]);
  return { contentType: all.contentType, text: await all.metrics() };
}

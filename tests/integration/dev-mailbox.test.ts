import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as messageLoader } from "~/routes/dev.mailbox.$id";
import { loader as htmlLoader } from "~/routes/dev.mailbox.$id.html";
import { loader as jsonLoader } from "~/routes/dev.mailbox.messages.json";
import { loader as listLoader } from "~/routes/dev.mailbox";
import type { DatabaseHandle } from "~/server/db/client.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { createTestDatabase } from "../support/database";
import { routeArgs, settle, TEST_SITE_URL, testEnv } from "../support/route-args";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await enqueueEmail(handle.db, {
    template: "verify-email",
    to: "new@example.com",
    subject: "Confirm your email address",
    html: "<p><a href='http://localhost:3000/verify?token=t'>Confirm</a></p>",
    text: "Confirm [http://localhost:3000/verify?token=t]",
  });
  await enqueueEmail(handle.db, { template: "other", to: "someone@example.com", subject: "Other", html: "<p>x</p>", text: "x" });
});
afterAll(async () => {
  await handle?.close();
});

const get = (path: string, params: Record<string, string> = {}) => routeArgs(new Request(`${TEST_SITE_URL}${path}`), handle, params);

describe("local mailbox", () => {
  it("lists stored mail newest first and filters by recipient as JSON", async () => {
    const list = await listLoader(get("/dev/mailbox") as never);
    expect(list.messages.map((message) => message.toAddress)).toEqual(["someone@example.com", "new@example.com"]);
    const response = await jsonLoader(get("/dev/mailbox/messages.json?to=NEW@example.com") as never);
    const messages = await response.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: "new@example.com", template: "verify-email" });
  });

  it("shows one message with its links clickable, and its HTML as a document", async () => {
    const list = await listLoader(get("/dev/mailbox") as never);
    const id = list.messages.find((message) => message.toAddress === "new@example.com")!.id;
    const message = await messageLoader(get(`/dev/mailbox/${id}`, { id }) as never);
    expect(message.links).toEqual(["http://localhost:3000/verify?token=t"]);
    const html = await htmlLoader(get(`/dev/mailbox/${id}/html`, { id }) as never);
    expect(html.headers.get("content-type")).toContain("text/html");
    expect(await html.text()).toContain("href='http://localhost:3000/verify?token=t'");
    expect((await settle(() => messageLoader(get("/dev/mailbox/nope", { id: "nope" }) as never))).status).toBe(404);
  });

  it("does not exist without local providers", async () => {
    const production = testEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u:p@db/gii", SMTP_URL: "smtp://mail:25", BETTER_AUTH_SECRET: "s".repeat(32), LOCAL_PROVIDERS: "0" });
    const args = routeArgs(new Request(`${TEST_SITE_URL}/dev/mailbox`), handle, {}, production);
    expect((await settle(() => listLoader(args as never))).status).toBe(404);
    expect((await settle(() => jsonLoader(args as never))).status).toBe(404);
  });
});

import { beforeAll, describe, expect, it } from "vitest";

import * as devMailboxRoute from "~/routes/dev.mailbox";
import * as devMailboxIdRoute from "~/routes/dev.mailbox.$id";
import * as devMailboxAttachmentRoute from "~/routes/dev.mailbox.$id.attachments.$index";
import * as devMailboxIdHtmlRoute from "~/routes/dev.mailbox.$id.html";
import * as devMailboxMessagesJsonRoute from "~/routes/dev.mailbox.messages.json";
import { enqueueEmail } from "~/server/email/outbox.server";

import { useTestDatabase } from "../support/database";
import { guarded, routeArgs, settle, TEST_CLIENT_IP, TEST_SITE_URL, testEnv } from "../support/route-args";

const messageLoader = guarded(devMailboxIdRoute, "loader");
const htmlLoader = guarded(devMailboxIdHtmlRoute, "loader");
const jsonLoader = guarded(devMailboxMessagesJsonRoute, "loader");
const listLoader = guarded(devMailboxRoute, "loader");
const attachmentLoader = guarded(devMailboxAttachmentRoute, "loader");

const handle = useTestDatabase();
beforeAll(async () => {
  await enqueueEmail(handle.db, {
    template: "verify-email",
    to: "new@example.com",
    subject: "Confirm your email address",
    html: "<p><a href='http://localhost:3000/verify?token=t'>Confirm</a></p>",
    text: "Confirm [http://localhost:3000/verify?token=t]",
  });
  await enqueueEmail(handle.db, {
    template: "other",
    to: "someone@example.com",
    subject: "Other",
    html: "<p>x</p>",
    text: "x",
    attachments: [{ filename: "course.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
  });
});

/** A request from this machine itself, as the HTTP server marks it (a loopback socket, no forwarding header). */
const get = (path: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`${TEST_SITE_URL}${path}`), handle, params, undefined, TEST_CLIENT_IP, true);

describe("local mailbox", () => {
  it("lists stored mail newest first and filters by recipient as JSON", async () => {
    const list = await listLoader(get("/dev/mailbox"));
    expect(list.messages.map((message) => message.toAddress)).toEqual(["someone@example.com", "new@example.com"]);
    const response = await jsonLoader(get("/dev/mailbox/messages.json?to=NEW@example.com"));
    const messages = await response.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: "new@example.com", template: "verify-email" });
  });

  it("shows one message with its links clickable, and its HTML as a document", async () => {
    const list = await listLoader(get("/dev/mailbox"));
    const id = list.messages.find((message) => message.toAddress === "new@example.com")!.id;
    const message = await messageLoader(get(`/dev/mailbox/${id}`, { id }) as never);
    expect(message.links).toEqual(["http://localhost:3000/verify?token=t"]);
    const html = await htmlLoader(get(`/dev/mailbox/${id}/html`, { id }) as never);
    expect(html.headers.get("content-type")).toContain("text/html");
    expect(await html.text()).toContain("href='http://localhost:3000/verify?token=t'");
    expect((await settle(() => messageLoader(get("/dev/mailbox/nope", { id: "nope" }) as never))).status).toBe(404);
  });

  it("shows a message's attachments and serves each as a download", async () => {
    const list = await listLoader(get("/dev/mailbox"));
    const id = list.messages.find((message) => message.toAddress === "someone@example.com")!.id;
    const message = await messageLoader(get(`/dev/mailbox/${id}`, { id }) as never);
    expect(message.message.attachments).toEqual([{ filename: "course.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH" }]);
    const json = (await (await jsonLoader(get("/dev/mailbox/messages.json?to=someone@example.com"))).json()) as { attachments: { content: string }[] }[];
    expect(json[0].attachments[0].content).toContain("BEGIN:VCALENDAR");
    const download = await attachmentLoader(get(`/dev/mailbox/${id}/attachments/0`, { id, index: "0" }) as never);
    expect(download.headers.get("content-type")).toContain("text/calendar");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="course.ics"');
    expect(await download.text()).toBe("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    for (const index of ["1", "-1", "0x0"]) {
      expect((await settle(() => attachmentLoader(get(`/dev/mailbox/${id}/attachments/${index}`, { id, index }) as never))).status, index).toBe(404);
    }
    const remote = routeArgs(new Request(`${TEST_SITE_URL}/dev/mailbox/${id}/attachments/0`), handle, { id, index: "0" }, undefined, TEST_CLIENT_IP, false);
    expect((await settle(() => attachmentLoader(remote as never))).status).toBe(404);
  });

  it("does not exist for a request from another machine, even with local providers on", async () => {
    const remote = routeArgs(new Request(`${TEST_SITE_URL}/dev/mailbox`), handle, {}, undefined, TEST_CLIENT_IP, false);
    expect((await settle(() => listLoader(remote as never))).status).toBe(404);
    expect((await settle(() => jsonLoader(remote as never))).status).toBe(404);
  });

  it("does not exist without local providers", async () => {
    const production = testEnv({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/gii",
      SMTP_URL: "smtp://mail:25",
      BETTER_AUTH_SECRET: "s".repeat(32),
      STRIPE_SECRET_KEY: "sk_live_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_def",
      LOCAL_PROVIDERS: "0",
    });
    const args = routeArgs(new Request(`${TEST_SITE_URL}/dev/mailbox`), handle, {}, production, TEST_CLIENT_IP, true);
    expect((await settle(() => listLoader(args as never))).status).toBe(404);
    expect((await settle(() => jsonLoader(args as never))).status).toBe(404);
  });
});

import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

import { renderMetrics } from "~/server/platform/metrics.server";

import { requestLog } from "../../server/request-log";
import { type HttpApp, rawRequest, startHttpApp } from "../support/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});

interface RequestLine {
  time: string;
  level: string;
  msg: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  route: string;
}

/** The info lines written to the console meanwhile, each parsed as the JSON object it must be. */
async function infoLines(run: () => Promise<void>): Promise<Partial<RequestLine>[]> {
  const written = vi.spyOn(console, "log").mockImplementation(() => undefined);
  try {
    await run();
    return written.mock.calls.map((args) => JSON.parse(args.join(" ")) as Partial<RequestLine>);
  } finally {
    written.mockRestore();
  }
}

/** Only the lines naming a request's method: one per request. */
const requestLines = async (run: () => Promise<void>) => (await infoLines(run)).filter((line): line is RequestLine => line.method !== undefined);

it("writes one JSON line per request, with the id the answer's X-Request-Id header gives and the route's pattern", async () => {
  let headerId: string | string[] | undefined;
  const lines = await requestLines(async () => {
    const answer = await rawRequest(app.url, { path: "/courses/full-arch?utm_source=mail" });
    expect(answer.status).toBe(200);
    headerId = answer.headers["x-request-id"];
  });
  expect(headerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(lines).toEqual([
    {
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: "info",
      msg: expect.stringMatching(/^GET \/courses\/full-arch 200 [\d.]+ms$/),
      requestId: headerId,
      method: "GET",
      path: "/courses/full-arch",
      status: 200,
      ms: expect.any(Number),
      route: "/courses/full-arch",
    },
  ]);
});

it("gives what a route logs while answering the request's id", async () => {
  let headerId: string | string[] | undefined;
  const lines = await infoLines(async () => {
    const answer = await rawRequest(app.url, { path: "/no/such/page" });
    expect(answer.status).toBe(302);
    headerId = answer.headers["x-request-id"];
  });
  expect(lines.map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([
    { msg: "Not found: /no/such/page", requestId: headerId },
    { msg: expect.stringMatching(/^GET \/no\/such\/page 302 /), requestId: headerId },
  ]);
});

it("keeps a sane X-Request-Id from the caller and replaces a hostile one", async () => {
  const hostile = ['abc"},{"level":"error', "x".repeat(65), "with space", "ünïcode"];
  const answers: { sent: string; received: string }[] = [];
  const lines = await requestLines(async () => {
    for (const sent of ["lb-7f3a.9_Z-1", ...hostile]) {
      const answer = await rawRequest(app.url, { path: "/healthz", headers: { "X-Request-Id": sent } });
      answers.push({ sent, received: String(answer.headers["x-request-id"]) });
    }
  });
  expect(answers[0].received).toBe("lb-7f3a.9_Z-1");
  for (const { sent, received } of answers.slice(1)) {
    expect(received, sent).not.toBe(sent);
    expect(received).toMatch(/^[0-9a-f-]{36}$/);
  }
  expect(lines.map((line) => line.requestId)).toEqual(answers.map((answer) => answer.received));
  expect(lines.every((line) => line.route === "/healthz")).toBe(true);
});

it("never writes a token from a reset, confirmation or newsletter link to the request log", async () => {
  const token = "Zk3pQ9xLm2Rt7Vb4Nc8Hd1Jf6Gs5Wy0A";
  const paths = [
    `/api/auth/reset-password/${token}?callbackURL=%2Fauth%2Freset-password`,
    `/auth/reset-password?token=${token}`,
    `/api/auth/verify-email?token=${token}&signup=${token}&callbackURL=%2Faccount`,
    `/auth/confirm?token=${token}&signup=${token}`,
    `/newsletter/confirm?token=${token}`,
    `/newsletter/unsubscribe?token=${token}`,
  ];
  const lines = await requestLines(async () => {
    for (const path of paths) {
      const answer = await rawRequest(app.url, { path });
      expect(answer.status, path).toBeLessThan(500);
    }
  });
  expect(lines).toHaveLength(6);
  expect(JSON.stringify(lines)).not.toContain(token);
  expect(lines[0]).toMatchObject({ method: "GET", path: "/api/auth/reset-password/:token" });
});

it("shows the request's id on the error page, as the answer's header gives it", async () => {
  const answer = await rawRequest(app.url, {
    method: "POST",
    path: "/instructors",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, "X-Request-Id": "support-ticket-1234" },
    body: "x=1",
  });
  expect(answer.status).toBe(405);
  expect(answer.body).toContain("Unexpected Application Error!");
  expect(answer.headers["x-request-id"]).toBe("support-ticket-1234");
  expect(answer.body).toMatch(/Reference: <code data-request-id="support-ticket-1234">support-ticket-1234<\/code>/);
});

it("logs and counts once, as 499, a request its client gives up on before the answer", async () => {
  let answerLate: (() => void) | undefined;
  const slow = express()
    .use(requestLog())
    .get("/slow", (_req, res) => {
      answerLate = () => void res.send("too late");
    });
  const server = slow.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const lines = await requestLines(async () => {
      // What `curl -m 1` does: hang up while the answer is still being worked on.
      await new Promise<void>((resolve) => {
        const request = httpRequest({ host: "127.0.0.1", port, path: "/slow" });
        request.on("error", () => resolve());
        request.end();
        setTimeout(() => request.destroy(), 100);
      });
      await vi.waitFor(() => expect(answerLate).toBeDefined());
      await new Promise((resolve) => setTimeout(resolve, 100));
      answerLate?.();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(lines).toEqual([expect.objectContaining({ msg: expect.stringMatching(/^GET \/slow 499 /), status: 499, path: "/slow" })]);
    const { text } = await renderMetrics(null);
    expect(text.match(/^gii_http_requests_total\{[^}]*status="499"[^}]*\} (\d+)$/m)?.[1]).toBe("1");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

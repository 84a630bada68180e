import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { passwordSaveError } from "~/lib/schemas/auth";
import { changePassword } from "~/server/auth/credentials.server";
import { accounts, emailOutbox, sessions } from "~/server/db/schema.server";
import { linksIn } from "~/server/email/mailbox.server";
import type { AppServices } from "~/server/platform/context.server";

import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person } from "../support/people";
import { testServices } from "../support/route-args";

const handle = useTestDatabase();
const services = () => testServices(handle);
const person = () => createPerson({ db: handle.db, auth: services().auth }, { password: "first-password" });

const sessionsOf = (userId: string) => handle.db.select().from(sessions).where(eq(sessions.userId, userId));
/** The session the person's fixture started: the one they change their password from. */
const currentSession = async (who: Person) => (await sessionsOf(who.id))[0];
const anotherSession = async (who: Person) => (await (await services().auth.$context).internalAdapter.createSession(who.id)).id;
const passwordHashOf = async (userId: string) =>
  (
    await handle.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
  )[0].password;

async function logsIn(email: string, password: string) {
  const response = await services().auth.api.signInEmail({ body: { email, password }, asResponse: true });
  return response.ok;
}

/** A reset link emailed to the person, as the forgotten-password form asks for one: its token. */
async function resetToken(who: Person) {
  await services().auth.api.requestPasswordReset({ body: { email: who.email, redirectTo: "/auth/reset-password" } });
  const mail = await handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.template, "reset-password")));
  const link = linksIn(mail.at(-1)!.text).find((url) => url.includes("/reset-password/"))!;
  return new URL(link).pathname.split("/").at(-1)!;
}

async function resetWorks(token: string, newPassword: string) {
  const response = await services().auth.api.resetPassword({ body: { token, newPassword }, asResponse: true });
  return response.ok;
}

describe(`changePassword on ${testDriver}`, () => {
  it("sets the new password, hashed: it logs in, the old one no longer does", async () => {
    const who = await person();
    const session = await currentSession(who);
    const outcome = await changePassword(services(), { userId: who.id, sessionId: session.id }, "second-password");
    expect(outcome).toEqual({ ok: true, kind: "success", message: "Password updated successfully!", cookies: [] });

    const stored = await passwordHashOf(who.id);
    expect(stored).not.toContain("second-password");
    expect(await (await services().auth.$context).password.verify({ hash: stored!, password: "second-password" })).toBe(true);
    expect(await logsIn(who.email, "second-password")).toBe(true);
    expect(await logsIn(who.email, "first-password")).toBe(false);
  });

  it("ends every other session of the account and keeps the one it was changed from; other accounts' sessions stay", async () => {
    const who = await person();
    const bystander = await person();
    const session = await currentSession(who);
    await anotherSession(who);
    await anotherSession(who);
    const theirs = await sessionsOf(bystander.id);
    expect(await sessionsOf(who.id)).toHaveLength(3);

    await changePassword(services(), { userId: who.id, sessionId: session.id }, "second-password");
    expect((await sessionsOf(who.id)).map((row) => row.id)).toEqual([session.id]);
    expect(await sessionsOf(bystander.id)).toEqual(theirs);
  });

  it("ends the account's reset links still out, and no one else's", async () => {
    const who = await person();
    const bystander = await person();
    const mine = await resetToken(who);
    const theirs = await resetToken(bystander);

    await changePassword(services(), { userId: who.id, sessionId: (await currentSession(who)).id }, "second-password");
    expect(await resetWorks(mine, "intruder-password")).toBe(false);
    expect(await logsIn(who.email, "second-password")).toBe(true);
    expect(await logsIn(who.email, "intruder-password")).toBe(false);
    expect(await resetWorks(theirs, "bystander-new-password")).toBe(true);
  });

  it("changes only the named account's password", async () => {
    const who = await person();
    const bystander = await person();
    const theirHash = await passwordHashOf(bystander.id);
    await changePassword(services(), { userId: who.id, sessionId: (await currentSession(who)).id }, "second-password");
    expect(await passwordHashOf(bystander.id)).toBe(theirHash);
    expect(await logsIn(bystander.email, "first-password")).toBe(true);
  });

  it("answers a failure in its own words, logged, and leaves the password and sessions as they were", async () => {
    const who = await person();
    const session = await currentSession(who);
    await anotherSession(who);
    const hash = await passwordHashOf(who.id);
    const real = services();
    const unavailable = new Proxy(real.database.db, {
      get: (target, property) => (property === "transaction" ? () => Promise.reject(new Error("the database went away")) : Reflect.get(target, property)),
    });
    const failing: AppServices = { ...real, database: { ...real.database, db: unavailable } };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const outcome = await changePassword(failing, { userId: who.id, sessionId: session.id }, "second-password");
      expect(outcome).toEqual({ ok: false, kind: "error", message: passwordSaveError("please try again."), cookies: [] });
      expect(logged).toHaveBeenCalled();
      expect(logged.mock.calls.flat().map(String).join(" ")).toContain("Password update failed");
    } finally {
      logged.mockRestore();
    }
    expect(await passwordHashOf(who.id)).toBe(hash);
    expect(await sessionsOf(who.id)).toHaveLength(2);
  });
});

import { and, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { CONFIRMATION_PASSWORD_REQUIRED, CONFIRMATION_PASSWORD_WRONG } from "~/lib/schemas/auth";
import { ACCOUNT_FIELD } from "~/lib/schemas/profile";
import * as accountRoute from "~/routes/account";
import * as apiAuthRoute from "~/routes/api.auth";
import * as apiFunctionsClaimGuestPurchasesRoute from "~/routes/api.functions.claim-guest-purchases";
import * as apiPageViewsRoute from "~/routes/api.page-views";
import * as apiRegisterInterestRoute from "~/routes/api.register-interest";
import * as apiSendContactEmailRoute from "~/routes/api.v2.send-contact-email";
import * as apiSubscribeNewsletterRoute from "~/routes/api.v2.subscribe-newsletter";
import * as apiUpdateUserPreferencesRoute from "~/routes/api.v2.update-user-preferences";
import * as authRoute from "~/routes/auth";
import * as authConfirmRoute from "~/routes/auth.confirm";
import * as authResetPasswordRoute from "~/routes/auth.reset-password";
import { claimGuestPurchases } from "~/server/accounts/purchases.server";
import { REPEAT_SIGN_UP_EMAILS } from "~/server/auth/credentials.server";
import { emailOutbox, pendingSignUps, rateLimits, sessions, users, verifications } from "~/server/db/schema.server";
import { mailboxOf } from "~/server/email/outbox.server";
import { settleBackgroundWork } from "~/server/platform/background.server";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";

import { inDays } from "../support/booking";
import { addEdition, addPurchase } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { isSubscribed } from "../support/marketing";
import { createPerson, uniqueEmail } from "../support/people";
import { guarded, jsonRequest, routeArgs, settle, TEST_SITE_URL, testAuth, testEnv } from "../support/route-args";
import { tableCounts } from "../support/table-counts";

const accountAction = guarded(accountRoute, "action");
const authApiAction = guarded(apiAuthRoute, "action");
const authApiLoader = guarded(apiAuthRoute, "loader");
const authAction = guarded(authRoute, "action");
const confirmLoader = guarded(authConfirmRoute, "loader");
const confirmAction = guarded(authConfirmRoute, "action");
const resetAction = guarded(authResetPasswordRoute, "action");
const claimAction = guarded(apiFunctionsClaimGuestPurchasesRoute, "action");
const preferencesAction = guarded(apiUpdateUserPreferencesRoute, "action");
const pageViewsAction = guarded(apiPageViewsRoute, "action");
const contactAction = guarded(apiSendContactEmailRoute, "action");
const interestAction = guarded(apiRegisterInterestRoute, "action");
const newsletterAction = guarded(apiSubscribeNewsletterRoute, "action");

const handle = useTestDatabase();
afterAll(async () => {});

let lastIp = 0;
const freshIp = () => `192.0.2.${++lastIp}`;

type Action = (args: never) => unknown;
/** Posts a form, then lets the work its answer left running finish (a repeated sign-up's new link): these stories' next step comes later. */
async function post(action: Action, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const answer = await settle(() =>
    action(
      routeArgs(
        new Request(new URL(path, TEST_SITE_URL), { method: "POST", headers: { Origin: TEST_SITE_URL, ...headers }, body: new URLSearchParams(fields) }),
        handle,
        {},
        undefined,
        freshIp(),
      ) as never,
    ),
  );
  await settleBackgroundWork();
  return answer;
}
const postJson = (action: Action, path: string, body: unknown, headers: Record<string, string> = {}) =>
  settle(() => action(routeArgs(jsonRequest(path, body, headers), handle, {}, undefined, freshIp()) as never));
const get = (loader: Action, url: string, headers: Record<string, string> = {}) =>
  settle(() => loader(routeArgs(new Request(new URL(url, TEST_SITE_URL), { headers }), handle) as never));
/** Whatever a route threw or answered, as a Response (a redirect, usually). */
async function asResponse(run: () => Promise<unknown>): Promise<Response> {
  try {
    return (await run()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Opening an emailed link: a GET of a reset link (Better Auth's) or of a confirmation link's page. */
const open = (url: string, headers: Record<string, string> = {}) =>
  asResponse(() => (new URL(url).pathname === "/auth/confirm" ? confirmLoader : authApiLoader)(routeArgs(new Request(url, { headers }), handle) as never));

/**
 * Following an emailed link: a reset link is opened; a confirmation link's page is posted, as its button does,
 * with the password typed into it (the one its sign-up chose, for whoever made that sign-up).
 */
function follow(url: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  const link = new URL(url);
  if (link.pathname !== "/auth/confirm") return open(url, headers);
  const form = new URLSearchParams({ token: link.searchParams.get("token") ?? "", signup: link.searchParams.get("signup") ?? "", password });
  const request = new Request(new URL("/auth/confirm", TEST_SITE_URL), { method: "POST", headers: { Origin: TEST_SITE_URL, ...headers }, body: form });
  return asResponse(() => confirmAction(routeArgs(request, handle)));
}

/** The confirmation page's button pressed with a password. */
function confirmRequest(url: string, password: string): Request {
  const link = new URL(url);
  const form = new URLSearchParams({ token: link.searchParams.get("token") ?? "", signup: link.searchParams.get("signup") ?? "", password });
  return new Request(new URL("/auth/confirm", TEST_SITE_URL), { method: "POST", headers: { Origin: TEST_SITE_URL }, body: form });
}

/** The button pressed, as the page sees its answer: a refusal's status and message. */
const press = (url: string, password: string) => settle(() => confirmAction(routeArgs(confirmRequest(url, password), handle)));

/** The session cookie a followed link set. */
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
const accountLoader = guarded(accountRoute, "loader");
/** /account as the browser a followed link signed in sees it. */
const page = async (signedIn: Response) =>
  (await accountLoader(routeArgs(new Request(new URL("/account", TEST_SITE_URL), { headers: { Cookie: cookieOf(signedIn) } }), handle))) as {
    account: { needsPassword: boolean };
  };

const signUpFields = (email: string, password: string, extra: Record<string, string> = {}) => ({
  intent: "sign-up",
  firstName: "Nadia",
  lastName: "Okafor",
  email,
  password,
  confirmPassword: password,
  ...extra,
});

async function userOf(email: string) {
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The links in the emails of one template to one address, oldest first. */
async function linksTo(email: string, template: string): Promise<string[]> {
  const rows = await handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.text.match(/https?:\/\/\S+/)![0].replace(/[)>\].,]+$/, ""));
}

async function signInStatus(email: string, password: string) {
  const answer = await post(authAction, "/auth", { intent: "sign-in", email, password });
  return answer.status;
}

async function signInAsBrowser(email: string, password: string) {
  const response = await testAuth(handle).api.signInEmail({ body: { email, password }, asResponse: true });
  expect(response.status).toBe(200);
  return {
    cookie: response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; "),
    bearer: response.headers.get("set-auth-token") ?? "",
    rawToken: ((await response.json()) as { token: string }).token,
  };
}

async function verifiedAccount(email: string, password: string, marketing = false) {
  await createPerson({ db: handle.db, auth: testAuth(handle) }, { email, password, marketing, firstName: "Sam", lastName: "Patel" });
  return userOf(email);
}

describe(`pre-hijacked accounts on ${testDriver}`, () => {
  it("a single sign-up's link confirms it with its own password, names and consent", async () => {
    const email = uniqueEmail("alone");
    await post(authAction, "/auth", signUpFields(email, "owner-pass", { firstName: "Olive", lastName: "Owner", marketing: "on" }));
    const [link] = await linksTo(email, "verify-email");
    const verified = await follow(link, "owner-pass");
    expect(verified.headers.get("Location")).toBe("/account?verified=1");
    const user = await userOf(email);
    expect({ verified: user.emailVerified, firstName: user.firstName, consent: user.signupMarketingConsent }).toEqual({
      verified: true,
      firstName: "Olive",
      consent: true,
    });
    // Confirming the address with the box ticked confirms the newsletter subscription the sign-up made: the switch and the emails agree.
    expect(await isSubscribed(handle.db, email)).toBe(true);
    expect(await signInStatus(email, "owner-pass")).toBe(200);
    expect((await page(verified)).account.needsPassword).toBe(false);
  });

  it.each([
    ["the attacker signed up first; the owner follows their own, newest, link; both ticked the box", "attacker-pass", "owner-pass", 1, true],
    ["the owner signed up first; the owner follows the attacker's, newest, link, which did not tick the box", "owner-pass", "attacker-pass", 1, false],
    ["the owner signed up first and follows their own link; the attacker's did not tick the box", "owner-pass", "attacker-pass", 0, false],
    ["the owner signed up first and follows their own link; both ticked the box", "owner-pass", "attacker-pass", 0, true],
  ])(
    "two sign-ups of one address: %s; neither password gets in, the owner chooses one, and keeps the £100 only if both ticked the box",
    async (_case, firstPassword, secondPassword, followed, secondTicked) => {
      const email = uniqueEmail("contested");
      await post(authAction, "/auth", signUpFields(email, firstPassword, { marketing: "on" }));
      const again = await post(
        authAction,
        "/auth",
        signUpFields(email, secondPassword, { firstName: "Mallory", ...(secondTicked ? { marketing: "on" } : {}) }),
      );
      expect(again.body).toMatchObject({ ok: true, kind: "success" });
      const links = await linksTo(email, "verify-email");
      expect(links).toHaveLength(2);

      // Each link confirms only with its own sign-up's password: whoever follows it made that sign-up.
      const verified = await follow(links[followed], followed === 0 ? firstPassword : secondPassword);
      expect(verified.headers.get("Location")).toBe("/account?verified=1");
      const user = await userOf(email);
      expect(user.emailVerified).toBe(true);
      // Whichever sign-up was the owner's, it ticked the box only if both did.
      expect(user.signupMarketingConsent).toBe(secondTicked);
      expect(await isSubscribed(handle.db, email)).toBe(secondTicked);
      expect(await signInStatus(email, "attacker-pass")).toBe(400);
      expect(await signInStatus(email, "owner-pass")).toBe(400);
      // The other link is dead: it neither verifies nor signs anyone in.
      const stale = await follow(links[1 - followed], followed === 0 ? secondPassword : firstPassword);
      expect(stale.headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
      expect(stale.headers.getSetCookie()).toEqual([]);

      // Whoever followed the link has the mailbox: they are signed in, asked to choose a password, and it then works.
      const account = await page(verified);
      expect(account.account.needsPassword).toBe(true);
      const cookie = cookieOf(verified);
      const chosen = await post(
        accountAction,
        "/account",
        { intent: "password", [ACCOUNT_FIELD]: user.id, newPassword: "chosen-pass", confirmPassword: "chosen-pass" },
        { Cookie: cookie },
      );
      expect(chosen.status).toBe(200);
      expect(await signInStatus(email, "chosen-pass")).toBe(200);
      expect(await signInStatus(email, "attacker-pass")).toBe(400);
      expect((await page(verified)).account.needsPassword).toBe(false);
      expect(await handle.db.select().from(pendingSignUps).where(eq(pendingSignUps.userId, user.id))).toEqual([]);
    },
  );

  it.each([
    ["signs up again with the same password", 0],
    ["signs up again with the same password", 1],
    ["tries to log in before confirming", 0],
    ["tries to log in before confirming", 1],
  ])("one person who %s gets a second link; link %i confirms their password and consent, and the other link is dead", async (repeat, followed) => {
    const email = uniqueEmail("repeated");
    await post(authAction, "/auth", signUpFields(email, "owner-pass", { firstName: "Olive", marketing: "on" }));
    if (repeat.startsWith("signs up")) {
      expect((await post(authAction, "/auth", signUpFields(email, "owner-pass", { firstName: "Olive", marketing: "on" }))).body).toMatchObject({
        kind: "success",
      });
    } else {
      expect(await signInStatus(email, "owner-pass")).toBe(400);
    }
    const links = await linksTo(email, "verify-email");
    expect(links).toHaveLength(2);

    const verified = await follow(links[followed], "owner-pass");
    expect(verified.headers.get("Location")).toBe("/account?verified=1");
    const user = await userOf(email);
    expect({ verified: user.emailVerified, consent: user.signupMarketingConsent, firstName: user.firstName }).toEqual({
      verified: true,
      consent: true,
      firstName: "Olive",
    });
    expect((await page(verified)).account.needsPassword).toBe(false);
    expect(await signInStatus(email, "owner-pass")).toBe(200);
    expect((await follow(links[1 - followed], "owner-pass")).headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
  });

  it.each([
    ["ticked, then unticked", "on", undefined, false],
    ["unticked, then ticked", undefined, "on", true],
  ])("one person who signs up twice with the box %s: the link followed (the latest) decides the consent", async (_case, first, second, consent) => {
    const email = uniqueEmail("changed.mind");
    await post(authAction, "/auth", signUpFields(email, "owner-pass", first ? { marketing: first } : {}));
    await post(authAction, "/auth", signUpFields(email, "owner-pass", second ? { marketing: second } : {}));
    const links = await linksTo(email, "verify-email");
    expect(links).toHaveLength(2);
    await follow(links[1], "owner-pass");
    expect((await userOf(email)).signupMarketingConsent).toBe(consent);
    expect(await isSubscribed(handle.db, email)).toBe(consent);
  });

  it("a login by whoever signed up first does not make their password win over a second sign-up's", async () => {
    const email = uniqueEmail("contested.login");
    await post(authAction, "/auth", signUpFields(email, "attacker-pass"));
    await post(authAction, "/auth", signUpFields(email, "owner-pass", { marketing: "on" }));
    expect(await signInStatus(email, "attacker-pass")).toBe(400);
    const links = await linksTo(email, "verify-email");
    expect(links).toHaveLength(3);
    // The newest link, the one the attacker's login sent, is the attacker's sign-up's: the owner's password does not confirm it.
    expect(await press(links[2], "owner-pass")).toMatchObject({ status: 400, body: { error: CONFIRMATION_PASSWORD_WRONG } });
    expect((await userOf(email)).emailVerified).toBe(false);
    // The owner's own link does, and the attacker's password is not kept.
    const verified = await follow(links[1], "owner-pass");
    expect(verified.headers.get("Location")).toBe("/account?verified=1");
    expect((await page(verified)).account.needsPassword).toBe(true);
    expect((await userOf(email)).signupMarketingConsent).toBe(false);
    expect(await signInStatus(email, "attacker-pass")).toBe(400);
    expect(await signInStatus(email, "owner-pass")).toBe(400);
  });

  it("a sign-up past the address's cap of confirmation emails still contests the first signer's password", async () => {
    const email = uniqueEmail("cap.spent");
    // Whoever signs up first spends the repeat sign-ups' emails with their own password.
    for (let i = 0; i <= REPEAT_SIGN_UP_EMAILS; i++) await post(authAction, "/auth", signUpFields(email, "attacker-pass"));
    const links = await linksTo(email, "verify-email");
    expect(links).toHaveLength(1 + REPEAT_SIGN_UP_EMAILS);
    // The owner's sign-up gets no email of its own, and the same answer.
    const owner = await post(authAction, "/auth", signUpFields(email, "owner-pass"));
    expect(owner.body).toMatchObject({ ok: true, kind: "success" });
    expect(await linksTo(email, "verify-email")).toHaveLength(links.length);

    // The emails in the owner's inbox are all the attacker's sign-ups': the owner's password confirms none of them.
    expect(await press(links.at(-1)!, "owner-pass")).toMatchObject({ status: 400, body: { error: CONFIRMATION_PASSWORD_WRONG } });
    // Pressed with the attacker's password (the attacker cannot, without the mailbox), the owner's sign-up still contests it.
    const verified = await follow(links.at(-1)!, "attacker-pass");
    expect(verified.headers.get("Location")).toBe("/account?verified=1");
    expect((await page(verified)).account.needsPassword).toBe(true);
    expect(await signInStatus(email, "attacker-pass")).toBe(400);
    expect(await signInStatus(email, "owner-pass")).toBe(400);
  });

  it("the address's owner pressing Confirm on a stranger's sign-up of their address confirms nothing: their guest bookings stay out of the stranger's account", async () => {
    const email = uniqueEmail("guest.owner");
    const edition = await addEdition(handle.db, { startDate: inDays(40) });
    await addPurchase(handle.db, edition.id, "paid", { customerEmail: email });
    await post(authAction, "/auth", signUpFields(email, "attacker-pass"));
    const [link] = await linksTo(email, "verify-email");

    // The owner has no password to give but their own, or none. The refusal carries the link back, for the page to ask again.
    const url = new URL(link);
    expect(await press(link, "owner-pass")).toEqual({
      status: 400,
      body: { error: CONFIRMATION_PASSWORD_WRONG, link: { token: url.searchParams.get("token"), signup: url.searchParams.get("signup") }, email },
    });
    for (const blank of ["", "   "]) expect(await press(link, blank)).toMatchObject({ status: 400, body: { error: CONFIRMATION_PASSWORD_REQUIRED } });
    const user = await userOf(email);
    expect(user.emailVerified).toBe(false);
    expect(await signInStatus(email, "attacker-pass")).toBe(400);
    expect(await claimGuestPurchases(handle.db, { id: user.id, email, emailVerified: user.emailVerified })).toBe(0);
    // The link still works for whoever made the sign-up.
    expect((await follow(link, "attacker-pass")).headers.get("Location")).toBe("/account?verified=1");
  });

  it("counts wrong passwords on the confirmation page against the address's login budget, and then says to wait", async () => {
    const email = uniqueEmail("confirm.guesses");
    await post(authAction, "/auth", signUpFields(email, "owner-pass"));
    const [link] = await linksTo(email, "verify-email");
    const limited = testEnv({ ACCOUNT_LOGIN_LIMIT: "3" });
    const pressFrom = (password: string, ip: string) => settle(() => confirmAction(routeArgs(confirmRequest(link, password), handle, {}, limited, ip)));
    const statuses: number[] = [];
    // From many machines: the budget is the address's being confirmed, not only each machine's.
    for (let i = 0; i < limited.accountLoginLimit; i++) statuses.push((await pressFrom(`guess-${i}`, `198.51.100.${i + 1}`)).status);
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect(await pressFrom("owner-pass", "198.51.100.200")).toMatchObject({ status: 429, body: { error: TOO_MANY_REQUESTS_MESSAGE } });
    expect((await userOf(email)).emailVerified).toBe(false);
  });

  it("a link without its sign-up, or with another's, verifies nothing", async () => {
    const email = uniqueEmail("tampered");
    await post(authAction, "/auth", signUpFields(email, "owner-pass"));
    const [link] = await linksTo(email, "verify-email");
    const bare = new URL(link);
    bare.searchParams.delete("signup");
    expect((await follow(bare.href, "owner-pass")).headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
    const forged = new URL(link);
    forged.searchParams.set("signup", "a".repeat(43));
    expect((await follow(forged.href, "owner-pass")).headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
    expect((await userOf(email)).emailVerified).toBe(false);
  });

  it("a token not signed by the site, with a live sign-up's secret, verifies nothing and signs nobody in", async () => {
    const email = uniqueEmail("unsigned");
    await post(authAction, "/auth", signUpFields(email, "owner-pass"));
    const [link] = await linksTo(email, "verify-email");
    const unsigned = new URL(link);
    const [header, payload] = unsigned.searchParams.get("token")!.split(".");
    unsigned.searchParams.set("token", `${header}.${payload}.${"A".repeat(43)}`);
    const answer = await follow(unsigned.href, "owner-pass");
    expect(answer.headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect((await userOf(email)).emailVerified).toBe(false);
    // The real link still works.
    expect((await follow(link, "owner-pass")).headers.get("Location")).toBe("/account?verified=1");
  });
});

describe(`opening a confirmation link on ${testDriver}`, () => {
  /** Someone signs up with their own address and has a stranger open the link (login CSRF), or a mail scanner opens it. */
  async function strangersLink(prefix: string) {
    const email = uniqueEmail(prefix);
    await post(authAction, "/auth", signUpFields(email, "attacker-pass"));
    const [link] = await linksTo(email, "verify-email");
    return { email, link };
  }

  async function expectUnconfirmedWithoutSessions(email: string) {
    const user = await userOf(email);
    expect(user.emailVerified).toBe(false);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  }

  it("opens a page that names the address and asks: it confirms nothing, signs nobody in and keeps the link working", async () => {
    const { email, link } = await strangersLink("opened");
    const victim = await createPerson({ db: handle.db, auth: testAuth(handle) }, { password: "victim-pass" });
    const { cookie } = await signInAsBrowser(victim.email, "victim-pass");

    const page = await confirmLoader(routeArgs(new Request(link, { headers: { Cookie: cookie } }), handle));
    const url = new URL(link);
    // Signed in to another account, the visitor is told that confirming moves them out of it.
    expect(page).toEqual({ link: { token: url.searchParams.get("token"), signup: url.searchParams.get("signup") }, email, signedInAs: victim.email });
    expect(await confirmLoader(routeArgs(new Request(link), handle))).toMatchObject({ email, signedInAs: null });
    await expectUnconfirmedWithoutSessions(email);
    // The visitor's own session is untouched.
    expect((await get(authApiLoader, "/api/auth/get-session", { Cookie: cookie })).body).toMatchObject({ user: { email: victim.email } });
    expect((await follow(link, "attacker-pass")).headers.get("Location")).toBe("/account?verified=1");
  });

  it("sends the auth library's own verify-email URL, built from the link, to that page: it confirms nothing either", async () => {
    const { email, link } = await strangersLink("library.url");
    const url = new URL(link);
    const direct = new URL("/api/auth/verify-email", TEST_SITE_URL);
    direct.searchParams.set("token", url.searchParams.get("token")!);
    direct.searchParams.set("callbackURL", "/account?verified=1");
    direct.searchParams.set("signup", url.searchParams.get("signup")!);

    const answer = await open(direct.href);

    expect(answer.status).toBe(302);
    expect(answer.headers.getSetCookie()).toEqual([]);
    const page = new URL(answer.headers.get("Location")!, TEST_SITE_URL);
    expect(page.pathname).toBe("/auth/confirm");
    expect(Object.fromEntries(page.searchParams)).toEqual({ token: url.searchParams.get("token"), signup: url.searchParams.get("signup") });
    await expectUnconfirmedWithoutSessions(email);
  });

  it("sends a link whose token names an address no form would take (a NUL in it) to the login's notice, with no error", async () => {
    const payload = Buffer.from(JSON.stringify({ email: "grace@example.com\u0000" })).toString("base64url");
    const link = `${TEST_SITE_URL}/auth/confirm?token=eyJhbGciOiJIUzI1NiJ9.${payload}.x&signup=x`;
    expect((await open(link)).headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
    expect((await follow(link, "attacker-pass")).headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
  });

  it("sends a link that no longer works to the login with a notice, without asking", async () => {
    const { link } = await strangersLink("opened.dead");
    expect((await follow(link, "attacker-pass")).headers.get("Location")).toBe("/account?verified=1");
    const dead = await open(link);
    expect(dead.status).toBe(302);
    expect(dead.headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
  });

  it("without its link (reloaded once the address bar dropped it) asks for the email's link again, and a partial link is dead", async () => {
    expect(await confirmLoader(routeArgs(new Request(`${TEST_SITE_URL}/auth/confirm`), handle))).toEqual({ link: null, email: null, signedInAs: null });
    const { link } = await strangersLink("opened.partial");
    const partial = new URL(link);
    partial.searchParams.delete("token");
    expect((await open(partial.href)).headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
  });

  it("a second press that finds the account confirmed meanwhile (two tabs) says the link is used, not that it signed them in", async () => {
    const { email, link } = await strangersLink("pressed.twice");
    // The state the second press meets when the first one commits between its check and the library's step.
    await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const second = await follow(link, "attacker-pass");
    expect(second.headers.get("Location")).toBe("/auth?view=sign_in&notice=link-invalid");
    expect(second.headers.getSetCookie()).toEqual([]);
  });

  it("the auth library's verify-email step itself refuses a sign-up secret that is not live, whoever calls it", async () => {
    const { email, link } = await strangersLink("library.step");
    const url = new URL(link);
    const step = new URL("/api/auth/verify-email", TEST_SITE_URL);
    step.searchParams.set("token", url.searchParams.get("token")!);
    step.searchParams.set("callbackURL", "/account?verified=1");
    step.searchParams.set("signup", "b".repeat(43));
    const answer = await testAuth(handle).handler(new Request(step));
    expect(answer.status).toBe(400);
    expect(answer.headers.getSetCookie()).toEqual([]);
    await expectUnconfirmedWithoutSessions(email);
  });
});

describe(`sessions and links on ${testDriver}`, () => {
  it("a new reset link ends the account's older ones: only the newest email's link works", async () => {
    const email = uniqueEmail("newest-reset");
    await verifiedAccount(email, "first-pass");
    // One request, then another once its link has gone out: each is made in the background after its answer.
    await post(authAction, "/auth", { intent: "forgot-password", email });
    await settleBackgroundWork();
    await post(authAction, "/auth", { intent: "forgot-password", email });
    await settleBackgroundWork();
    const [older, newer] = await linksTo(email, "reset-password");
    const tokenOf = (link: string) => new URL(link).pathname.split("/").at(-1)!;

    const stale = await post(resetAction, "/auth/reset-password", { token: tokenOf(older), newPassword: "stale-pass", confirmPassword: "stale-pass" });
    expect(stale.status).toBe(400);
    expect(await signInStatus(email, "stale-pass")).toBe(400);
    const used = await post(resetAction, "/auth/reset-password", { token: tokenOf(newer), newPassword: "second-pass", confirmPassword: "second-pass" });
    expect(used.status).toBe(200);
    expect(await signInStatus(email, "second-pass")).toBe(200);
  });

  it("sends a reset link and a sign-up confirmation whatever an attacker has spent of the mailbox's budgets of other emails", async () => {
    const email = uniqueEmail("budget-reset");
    await verifiedAccount(email, "first-pass");
    // Newsletter and interest confirmations and "account exists" emails to the address, as many as an attacker likes.
    for (const template of ["newsletter-confirmation", "interest-confirmation", "account-exists"]) {
      await handle.db.insert(rateLimits).values({ key: `hourly:mail-to:${template}:${mailboxOf(email)}`, count: 10_000, windowStartedAt: new Date() });
    }
    await post(authAction, "/auth", { intent: "forgot-password", email });
    await settleBackgroundWork();
    expect(await linksTo(email, "reset-password")).toHaveLength(1);

    const newcomer = uniqueEmail("budget-signup");
    await handle.db
      .insert(rateLimits)
      .values({ key: `hourly:mail-to:newsletter-confirmation:${mailboxOf(newcomer)}`, count: 10_000, windowStartedAt: new Date() });
    await post(authAction, "/auth", signUpFields(newcomer, "newcomer-pass"));
    await settleBackgroundWork();
    expect(await linksTo(newcomer, "verify-email")).toHaveLength(1);
  });

  it("a used reset link ends the account's other outstanding reset links", async () => {
    const email = uniqueEmail("resets");
    const user = await verifiedAccount(email, "first-pass");
    await post(authAction, "/auth", { intent: "forgot-password", email });
    await settleBackgroundWork();
    await post(authAction, "/auth", { intent: "forgot-password", email });
    await settleBackgroundWork();
    const [older, newer] = await linksTo(email, "reset-password");
    expect(older).not.toBe(newer);
    const tokenOf = (link: string) => new URL(link).pathname.split("/").at(-1)!;

    const used = await post(resetAction, "/auth/reset-password", { token: tokenOf(newer), newPassword: "second-pass", confirmPassword: "second-pass" });
    expect(used.status).toBe(200);
    expect(
      await handle.db
        .select()
        .from(verifications)
        .where(and(eq(verifications.value, user.id), like(verifications.identifier, "reset-password:%"))),
    ).toEqual([]);

    const replay = await post(resetAction, "/auth/reset-password", { token: tokenOf(older), newPassword: "attacker-pass", confirmPassword: "attacker-pass" });
    expect(replay.status).toBe(400);
    expect(await signInStatus(email, "second-pass")).toBe(200);
    expect(await signInStatus(email, "attacker-pass")).toBe(400);
  });

  it("changing the password on /account ends the account's other sessions and keeps this one", async () => {
    const email = uniqueEmail("two.devices");
    const user = await verifiedAccount(email, "first-pass");
    const laptop = await signInAsBrowser(email, "first-pass");
    const phone = await signInAsBrowser(email, "first-pass");
    // Another account, with the one session its fixture made.
    const other = await verifiedAccount(uniqueEmail("bystander"), "other-pass");

    const changed = await post(
      accountAction,
      "/account",
      { intent: "password", [ACCOUNT_FIELD]: user.id, newPassword: "second-pass", confirmPassword: "second-pass" },
      { Cookie: laptop.cookie },
    );
    expect(changed.status).toBe(200);
    const left = await handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect((await get(authApiLoader, "/api/auth/get-session", { Cookie: laptop.cookie })).body).toMatchObject({ user: { email } });
    expect((await get(authApiLoader, "/api/auth/get-session", { Cookie: phone.cookie })).body).toBeNull();
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(1);
  });

  it("changing the password on /account ends the account's reset links still out: a leaked one cannot undo the change", async () => {
    const email = uniqueEmail("reset.then.change");
    const user = await verifiedAccount(email, "first-pass");
    const owner = await signInAsBrowser(email, "first-pass");
    await post(authAction, "/auth", { intent: "forgot-password", email });
    await settleBackgroundWork();
    const [leaked] = await linksTo(email, "reset-password");

    const changed = await post(
      accountAction,
      "/account",
      { intent: "password", [ACCOUNT_FIELD]: user.id, newPassword: "owner-new-pass", confirmPassword: "owner-new-pass" },
      { Cookie: owner.cookie },
    );
    expect(changed.status).toBe(200);
    const token = new URL(leaked).pathname.split("/").at(-1)!;
    const replay = await post(resetAction, "/auth/reset-password", { token, newPassword: "intruder-pass", confirmPassword: "intruder-pass" });
    expect(replay.status).toBe(400);
    expect(await signInStatus(email, "intruder-pass")).toBe(400);
    expect(await signInStatus(email, "owner-new-pass")).toBe(200);
    expect((await get(authApiLoader, "/api/auth/get-session", { Cookie: owner.cookie })).body).toMatchObject({ user: { email } });
  });

  it("bearer tokens are signed: the raw session token is refused, and no endpoint lists the account's sessions", async () => {
    const email = uniqueEmail("bearer");
    await verifiedAccount(email, "bearer-pass");
    const { bearer, rawToken, cookie } = await signInAsBrowser(email, "bearer-pass");
    expect(bearer).not.toBe(rawToken);
    expect(bearer.startsWith(`${rawToken}.`)).toBe(true);

    const withSigned = await postJson(
      preferencesAction,
      "/api/v2/v2-update-user-preferences",
      { preferences: { eventNotifications: true } },
      { Authorization: `Bearer ${bearer}` },
    );
    expect(withSigned.status).toBe(200);
    const withRaw = await postJson(
      preferencesAction,
      "/api/v2/v2-update-user-preferences",
      { preferences: { eventNotifications: true } },
      { Authorization: `Bearer ${rawToken}` },
    );
    expect(withRaw.status).toBe(401);

    for (const path of [
      "/api/auth/list-sessions",
      "/api/auth/revoke-other-sessions",
      "/api/auth/verify-password",
      "/api/auth/revoke-sessions",
      "/api/auth/update-session",
    ]) {
      for (const call of [
        () => get(authApiLoader, path, { Cookie: cookie }),
        () => postJson(authApiAction, path, { password: "bearer-pass" }, { Cookie: cookie }),
      ]) {
        const answer = await call();
        expect(answer.status, path).toBe(404);
        expect(JSON.stringify(answer.body)).not.toContain(rawToken);
      }
    }
    // A token taken from the database is no good as a bearer token either.
    const [stored] = await handle.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.token, rawToken));
    expect((await get(authApiLoader, "/api/auth/get-session", { Authorization: `Bearer ${stored.token}` })).body).toBeNull();
  });
});

describe(`the auth library's own endpoints keep the product's rules on ${testDriver}`, () => {
  it("exposes only what the product uses: sign-up and update-user answer 404 and write nothing, whatever they carry", async () => {
    const email = uniqueEmail("direct");
    const user = await verifiedAccount(email, "direct-pass");
    const { cookie } = await signInAsBrowser(email, "direct-pass");
    const before = await tableCounts(handle.db);
    const attempts: [string, unknown][] = [
      ["/api/auth/sign-up/email", { name: " ", email: uniqueEmail("blank"), password: "abcdef" }],
      ["/api/auth/sign-up/email", { name: "N".repeat(60_000), email: uniqueEmail("long"), password: "abcdef" }],
      ["/api/auth/sign-up/email", { name: "Eve", email: `${"e".repeat(60_000)}@example.com`, password: "abcdef", image: "javascript:alert(1)" }],
      [
        "/api/auth/sign-up/email",
        { name: "Eve", email: uniqueEmail("flags"), password: "abcdef", signupMarketingConsent: true, giiSignupDiscountClaimed: false, isAdmin: true },
      ],
      ["/api/auth/update-user", { name: "   " }],
      ["/api/auth/update-user", { name: "N".repeat(60_000), image: "javascript:alert(1)" }],
      ["/api/auth/update-user", { signupMarketingConsent: true }],
      ["/api/auth/update-user", { giiSignupDiscountClaimed: false, emailVerified: true }],
      ["/api/auth/change-email", { newEmail: uniqueEmail("taken") }],
    ];
    for (const [path, body] of attempts) {
      const answer = await postJson(authApiAction, path, body, { Cookie: cookie });
      expect(answer.status, path).toBe(404);
    }
    expect(await tableCounts(handle.db)).toEqual(before);
    expect(await userOf(email)).toEqual(user);
  });

  it("refuses the same bodies when product code calls the library itself, and never takes a product-owned flag from them", async () => {
    const auth = testAuth(handle);
    const before = await tableCounts(handle.db);
    const bodies: Record<string, unknown>[] = [
      { name: " ", email: uniqueEmail("inner.blank"), password: "abcdef", firstName: " ", lastName: "X" },
      { name: "Long", email: uniqueEmail("inner.long"), password: "abcdef", firstName: "N".repeat(60_000), lastName: "X" },
      { name: "Img", email: uniqueEmail("inner.image"), password: "abcdef", firstName: "I", lastName: "M", image: "javascript:alert(1)" },
      { name: "Flag", email: uniqueEmail("inner.flag"), password: "abcdef", firstName: "F", lastName: "L", signupMarketingConsent: true },
      { name: "Url", email: uniqueEmail("inner.url"), password: "abcdef", firstName: "Visit http://evil.example", lastName: "L" },
      { name: "Mailto", email: "victim@example.com?bcc=evil@example.com", password: "abcdef", firstName: "M", lastName: "T" },
    ];
    for (const body of bodies) {
      await expect(auth.api.signUpEmail({ body: body as never }), JSON.stringify(body).slice(0, 80)).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(await tableCounts(handle.db)).toEqual(before);
  });

  it("takes marketing consent at sign-up only from the ticked box, never from a forged field", async () => {
    const email = uniqueEmail("forged.consent");
    const answer = await post(authAction, "/auth", signUpFields(email, "consent-pass", { signupMarketingConsent: "true", giiSignupDiscountClaimed: "true" }));
    expect(answer.status).toBe(200);
    const user = await userOf(email);
    expect({ consent: user.signupMarketingConsent, claimed: user.giiSignupDiscountClaimed }).toEqual({ consent: false, claimed: false });
    const ticked = uniqueEmail("ticked.consent");
    await post(authAction, "/auth", signUpFields(ticked, "consent-pass", { marketing: "on" }));
    expect((await userOf(ticked)).signupMarketingConsent).toBe(true);
  });
});

/** One address through every form that takes an email: the three public forms, sign-up, password reset and the profile. */
async function everyEmailForm(
  email: string,
  { name, cookie, accountId, profileEmail = email }: { name: string; cookie: string; accountId: string; profileEmail?: string },
) {
  return [
    await postJson(newsletterAction, "/api/v2/v2-subscribe-newsletter", { email }),
    await postJson(interestAction, "/api/register-interest", { name, email, interestedCourses: ["Sinus Grafting"] }),
    await postJson(contactAction, "/api/v2/v2-send-contact-email", { name, email, subject: "Hello", message: "Hello there" }),
    await post(authAction, "/auth", signUpFields(email, "abcdef")),
    await post(authAction, "/auth", { intent: "forgot-password", email }),
    await post(
      accountAction,
      "/account",
      {
        intent: "profile",
        [ACCOUNT_FIELD]: accountId,
        firstName: name,
        lastName: "",
        emailAddress: profileEmail,
        mobileCountryCode: "",
        mobileNumber: "",
        countryOfResidence: "",
        instagramProfile: "",
      },
      { Cookie: cookie },
    ),
  ];
}

describe(`strict email addresses on ${testDriver}`, () => {
  const PLANTED = [
    "ann@example.com?bcc=evil@example.com",
    "ann@example.com&subject=Hi",
    "ann@example.com?body=x",
    "ann smith@example.com",
    '"ann"@example.com',
    "ann@b@example.com",
    "ann'@example.com",
    "ann@example.com\nbcc:evil@example.com",
  ];

  it("refuses an address carrying mailto parameters, spaces, quotes or a second @ on every form, writing nothing", async () => {
    const signedIn = await verifiedAccount(uniqueEmail("profile.owner"), "profile-pass");
    const { cookie } = await signInAsBrowser(signedIn.email, "profile-pass");
    const before = await tableCounts(handle.db);
    for (const email of PLANTED) {
      const answers = await everyEmailForm(email, { name: "Ann", cookie, accountId: signedIn.id });
      expect(
        answers.map((answer) => answer.status),
        email,
      ).toEqual([400, 400, 400, 400, 400, 400]);
    }
    await settleBackgroundWork();
    expect(await tableCounts(handle.db)).toEqual(before);
  });
});

describe(`email addresses with an apostrophe on ${testDriver}`, () => {
  it("takes o'neil@ on every form, the auth library's sign-up and reset included, with no error logged", async () => {
    const signedIn = await verifiedAccount(uniqueEmail("apostrophe.owner"), "profile-pass");
    const { cookie } = await signInAsBrowser(signedIn.email, "profile-pass");
    const email = `dan.o'neil.${Date.now()}@example.com`;
    const answers = await everyEmailForm(email, { name: "Dan", cookie, accountId: signedIn.id, profileEmail: `profile.${email}` });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await settleBackgroundWork();
    expect(await userOf(email)).toBeDefined();
  });
});

describe(`state-changing JSON endpoints on ${testDriver}`, () => {
  it("refuse a request with no Origin unless it carries a bearer token", async () => {
    const email = uniqueEmail("origin");
    await verifiedAccount(email, "origin-pass");
    const { bearer, cookie } = await signInAsBrowser(email, "origin-pass");
    const calls: [Action, string, unknown][] = [
      [newsletterAction, "/api/v2/v2-subscribe-newsletter", { email: uniqueEmail("n") }],
      [interestAction, "/api/register-interest", { name: "Ann", email: uniqueEmail("i"), interestedCourses: ["Sinus Grafting"] }],
      [contactAction, "/api/v2/v2-send-contact-email", { name: "Ann", email: uniqueEmail("c"), subject: "Hi", message: "Hello" }],
      [pageViewsAction, "/api/page-views", { location: `${TEST_SITE_URL}/courses`, title: "Courses" }],
      [preferencesAction, "/api/v2/v2-update-user-preferences", { preferences: { eventNotifications: true } }],
      [claimAction, "/api/functions/claim-guest-purchases", {}],
    ];
    const before = await tableCounts(handle.db);
    for (const [action, path, body] of calls) {
      const request = jsonRequest(path, body, { Cookie: cookie });
      request.headers.delete("Origin");
      const answer = await settle(() => action(routeArgs(request, handle, {}, undefined, freshIp()) as never));
      expect(answer, path).toEqual({ status: 403, body: { error: "Cross-site requests are not allowed." } });
    }
    expect(await tableCounts(handle.db)).toEqual(before);
    for (const [action, path, body] of calls.slice(4)) {
      const request = jsonRequest(path, body, { Authorization: `Bearer ${bearer}` });
      request.headers.delete("Origin");
      expect((await settle(() => action(routeArgs(request, handle, {}, undefined, freshIp()) as never))).status, path).toBe(200);
    }
  });
});

import { data, redirect, type ShouldRevalidateFunction } from "react-router";

import { AccountNotices } from "~/components/sections/account/account-notices";
import type { AccountActionAnswer } from "~/components/sections/account/action-answer";
import { MarketingPreferences } from "~/components/sections/account/marketing-preferences";
import { UpdatePassword } from "~/components/sections/account/password-form";
import { ProfileDetails } from "~/components/sections/account/profile-form";
import { PurchasedCourses, type PurchasesResult } from "~/components/sections/account/purchased-courses";
import { PageHeading } from "~/components/ui/page-heading";
import { unlessConnectionLost } from "~/lib/connection-lost";
import { LOGIN_REQUIRED_PATH } from "~/lib/pages";
import { purchaseCard } from "~/lib/purchases";
import { NewPasswordSchema, passwordSaveError } from "~/lib/schemas/auth";
import { fieldErrors, firstIssueMessage } from "~/lib/schemas/fields";
import {
  ACCOUNT_CHANGED_MESSAGE,
  ACCOUNT_FIELD,
  PROFILE_FIELDS,
  PROFILE_MESSAGES,
  type ProfileFormValues,
  profileFormValues,
  profileSaveError,
  ProfileSchema,
} from "~/lib/schemas/profile";
import { seo } from "~/lib/seo";
import { getProfile, saveProfile } from "~/server/accounts/profiles.server";
import { listPurchases } from "~/server/accounts/purchases.server";
import { changePassword } from "~/server/auth/credentials.server";
import { needsPassword } from "~/server/auth/pending-sign-ups.server";
import { isAdmin } from "~/server/auth/session.server";
import { hasFirstCourseDiscount } from "~/server/booking/discounts.server";
import { currentUser, signedInRoute, signedInUser } from "~/server/http/guards.server";
import { isPagePost, readFormData } from "~/server/http/request-bodies.server";
import { appServices } from "~/server/platform/context.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/account";

/** Shown in place of a database error, which is logged instead. */
const LOAD_FAILED_MESSAGE = "Something went wrong on our side. Please try again shortly.";
const PASSWORD_LOGIN_REQUIRED = "You must be logged in to update your password.";

/** Spec 4: for the signed-in person; a form posted after the session ended is answered in its own words. */
export const middleware = [signedInRoute({ signedOutActions: "answer" })];

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const user = await signedInUser(args);
  const { db } = appServices(context).database;

  // Not awaited: the page streams, and the list appears when it is read (spec 4: loading, then list, error or empty).
  const purchases: Promise<PurchasesResult> = listPurchases(db, user.id).then(
    (rows) => ({ ok: true, purchases: rows.map(purchaseCard) }),
    (error) => {
      log.error("Reading purchased courses failed", error);
      return { ok: false, message: LOAD_FAILED_MESSAGE };
    },
  );
  const profile = await getProfile(db, user.id).then(
    (row) => ({ row, loadError: null }),
    (error) => {
      log.error("Reading the profile failed", error);
      return { row: null, loadError: LOAD_FAILED_MESSAGE };
    },
  );

  // Only a word of welcome: a failure to read them leaves them out, not the page.
  const standing = await Promise.all([hasFirstCourseDiscount(db, user), isAdmin(db, user.id)]).then(
    ([firstCourseDiscount, admin]) => ({ firstCourseDiscount, isAdmin: admin }),
    (error) => {
      log.error("Reading the account's notices failed", error);
      return { firstCourseDiscount: false, isAdmin: false };
    },
  );

  return {
    account: { id: user.id, email: user.email, joinedAt: user.createdAt.toISOString(), needsPassword: await needsPassword(db, user.id) },
    notices: {
      // The confirmation link's landing (credentials.server.ts VERIFIED_CALLBACK).
      emailConfirmed: new URL(args.request.url).searchParams.get("verified") === "1" && user.emailVerified,
      ...standing,
    },
    profile: {
      values: profileFormValues(profile.row, user.email),
      found: profile.row !== null,
      loadError: profile.loadError,
      eventNotifications: profile.row?.emailPreferences.eventNotifications ?? false,
    },
    purchases,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const services = appServices(context);
  // The page was for a signed-in person, but the session may have ended since.
  const user = await currentUser(args);
  const form = await readFormData(request);
  const intent = form.get("intent");
  // A form posted without scripts is answered by the page drawn again, which needs to know whose answer it is.
  const pageForm = isPagePost(request) && (intent === "profile" || intent === "password") ? intent : undefined;
  // Nobody is signed in to draw the page for, and nothing on it would follow 'Redirecting to login...': the browser is sent there.
  if (pageForm && !user) return redirect(LOGIN_REQUIRED_PATH, 303);
  /** Posted without scripts, the answer also names its form, and a refused profile carries what was typed. */
  const answer = (body: AccountActionAnswer, status = 200, typed?: ProfileFormValues) =>
    data<AccountActionAnswer>(pageForm ? { ...body, form: pageForm, ...(typed && { values: typed }) } : body, {
      status,
      headers: { "Cache-Control": "no-store" },
    });

  // Drawn for one account, the page must not change another that a second tab has signed in since.
  const changedAccount = () => answer({ ok: false, accountChanged: true, message: ACCOUNT_CHANGED_MESSAGE }, 409);

  if (intent === "profile") {
    if (!user) return answer({ ok: false, signedOut: true, message: PROFILE_MESSAGES.loginRequired }, 401);
    if (form.get(ACCOUNT_FIELD) !== user.id) return changedAccount();
    const posted = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, form.get(field)]));
    const typed = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, typeof posted[field] === "string" ? posted[field] : ""])) as ProfileFormValues;
    const parsed = ProfileSchema.safeParse(posted);
    if (!parsed.success) {
      return answer({ ok: false, message: firstIssueMessage(parsed.error), fieldErrors: fieldErrors(parsed.error) }, 400, typed);
    }
    try {
      const saved = await saveProfile(services.database.db, user.id, parsed.data);
      return answer({ ok: true, message: "Profile updated successfully!", values: profileFormValues(saved, user.email) });
    } catch (error) {
      log.error("Saving the profile failed", error);
      return answer({ ok: false, message: profileSaveError(LOAD_FAILED_MESSAGE) }, 500, typed);
    }
  }

  if (intent === "password") {
    if (!user) return answer({ ok: false, signedOut: true, message: passwordSaveError(PASSWORD_LOGIN_REQUIRED) }, 401);
    if (form.get(ACCOUNT_FIELD) !== user.id) return changedAccount();
    const parsed = NewPasswordSchema.safeParse({ newPassword: form.get("newPassword"), confirmPassword: form.get("confirmPassword") });
    if (!parsed.success) {
      return answer({ ok: false, message: firstIssueMessage(parsed.error), fieldErrors: fieldErrors(parsed.error) }, 400);
    }
    const outcome = await changePassword(services, { userId: user.id, sessionId: user.sessionId }, parsed.data.newPassword);
    return answer({ ok: outcome.ok, message: outcome.message }, outcome.ok ? 200 : 500);
  }

  return answer({ ok: false, message: "Unknown request." }, 400);
}

/** Spec 8: a save whose request is lost fails as any failed save reads, with the browser's reason. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  return unlessConnectionLost(serverAction, (reason): AccountActionAnswer => ({
    ok: false,
    message: intent === "password" ? passwordSaveError(reason) : profileSaveError(reason),
  }));
}

/**
 * The forms' answers carry what they changed, so saving does not reload the
 * page's data (which would also re-read the purchases list).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  return intent === "profile" || intent === "password" ? false : defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = (args) => seo(args, { title: "My Account", noIndex: true });

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { account, notices, profile, purchases } = loaderData;
  // Only a form posted without scripts leaves its answer here: a script's post answers its own fetcher.
  const answerTo = (form: AccountActionAnswer["form"]) => (actionData?.form === form ? actionData : undefined);
  return (
    <>
      <PageHeading title="My Account" intro="Your details, your password, the emails you receive and the courses you have booked." />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-8 lg:px-8 lg:py-14">
        <AccountNotices {...notices} />
        {/* Keyed by the account, so a page read afresh for someone else signed in starts their forms anew. */}
        <ProfileDetails
          key={`profile-${account.id}`}
          accountId={account.id}
          accountEmail={account.email}
          joinedAt={account.joinedAt}
          initialValues={profile.values}
          found={profile.found}
          loadError={profile.loadError}
          answer={answerTo("profile")}
        />
        <div className="grid gap-6 lg:gap-8">
          <UpdatePassword
            key={`password-${account.id}`}
            accountId={account.id}
            accountEmail={account.email}
            needsPassword={account.needsPassword}
            answer={answerTo("password")}
          />
          <MarketingPreferences key={`preferences-${account.id}`} accountId={account.id} initial={profile.eventNotifications} />
        </div>
        <div className="lg:col-span-2">
          <PurchasedCourses purchases={purchases} />
        </div>
      </div>
    </>
  );
}

import { useId, useState } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Field, fieldErrorId, FormError, FormSuccess, Input } from "~/components/ui/field";
import { NewPasswordSchema } from "~/lib/schemas/auth";
import { ACCOUNT_FIELD } from "~/lib/schemas/profile";

import { AccountCard } from "./account-card";
import { useAccountForm } from "./account-form";
import type { AccountActionAnswer } from "./action-answer";
import { RedirectingToLogin } from "./login-redirect";

type PasswordField = "newPassword" | "confirmPassword";
const EMPTY: Record<PasswordField, string> = { newPassword: "", confirmPassword: "" };

/** Said when a contested sign-up was confirmed without a password (pending-sign-ups.server.ts). */
const CHOOSE_PASSWORD_NOTICE =
  "Your email address is confirmed. It was used for sign-ups with different passwords, so none was kept: choose your password here to log in with it next time.";

/** Spec 4 Update Password: a new password, typed twice. */
export function UpdatePassword({
  accountId,
  accountEmail,
  needsPassword = false,
  answer,
}: {
  /** The account the page was drawn for: the change names it (ACCOUNT_FIELD). */
  accountId: string;
  accountEmail: string;
  needsPassword?: boolean;
  /** The page's answer to this form posted without scripts. */
  answer?: AccountActionAnswer;
}) {
  const id = useId();
  const fetcher = useFetcher<AccountActionAnswer>({ key: `account-password-${accountId}` });
  const [chosen, setChosen] = useState(false);
  const { values, errors, notice, change, submit, busy, redirecting } = useAccountForm({
    fetcher,
    schema: NewPasswordSchema,
    initial: EMPTY,
    pageAnswer: answer,
    fieldId: (name) => `${id}-${name}`,
    // A saved password is not shown again, and the account now has one.
    onSaved: () => {
      setChosen(true);
      return EMPTY;
    },
  });

  const field = (name: PasswordField, label: string, hint?: string) => {
    const fieldId = `${id}-${name}`;
    return (
      <Field label={label} id={fieldId} hint={hint} error={errors[name]}>
        <Input
          id={fieldId}
          name={name}
          type="password"
          autoComplete="new-password"
          value={values[name]}
          onChange={(event) => change(name, event.target.value)}
          disabled={busy}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? fieldErrorId(fieldId) : undefined}
        />
      </Field>
    );
  };

  return (
    <AccountCard id={`${id}-heading`} title="Update Password">
      <fetcher.Form method="post" noValidate onSubmit={submit} aria-label="Update Password" className="grid gap-5">
        {needsPassword && !chosen && (
          <p role="status" className="rounded-md border border-gold/40 bg-gold-light p-3 text-sm text-navy">
            {CHOOSE_PASSWORD_NOTICE}
          </p>
        )}
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name={ACCOUNT_FIELD} value={accountId} />
        {/* Tells password managers whose password this is; the action does not read it. */}
        <input type="email" name="username" autoComplete="username" value={accountEmail} readOnly hidden />
        {field("newPassword", "New Password", "Minimum 6 characters.")}
        {field("confirmPassword", "Confirm New Password")}
        <FormError>{notice?.ok === false && notice.message}</FormError>
        <FormSuccess>{notice?.ok && notice.message}</FormSuccess>
        {redirecting && <RedirectingToLogin />}
        <Button type="submit" variant="navy" disabled={busy || redirecting} className="justify-self-start">
          {busy ? "Updating..." : "Update Password"}
        </Button>
      </fetcher.Form>
    </AccountCard>
  );
}

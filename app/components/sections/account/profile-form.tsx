import { type ComponentProps, useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { EmailAddress } from "~/components/ui/email-address";
import { Field, fieldErrorId, FormError, FormSuccess, Input } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { COUNTRIES_OF_RESIDENCE, COUNTRY_CODES } from "~/content/account";
import { formatLongDate } from "~/lib/format";
import { ACCOUNT_FIELD, type ProfileField, type ProfileFormValues, ProfileSchema } from "~/lib/schemas/profile";
import { toast } from "~/lib/toast";

import { AccountCard } from "./account-card";
import { useAccountForm } from "./account-form";
import type { AccountActionAnswer } from "./action-answer";
import { RedirectingToLogin } from "./login-redirect";

const PROFILE_NOT_FOUND_MESSAGE = "Profile data not found. It might be created shortly.";

const EMAIL_ADDRESS_HINT = "Where we write to you about your courses. You log in with your account email.";

/** Spec 4 Profile Details: the account's email and joined date, and the profile form. */
export function ProfileDetails({
  accountId,
  accountEmail,
  joinedAt,
  initialValues,
  found,
  loadError,
  answer,
}: {
  /** The account the page was drawn for: the save names it (ACCOUNT_FIELD). */
  accountId: string;
  accountEmail: string;
  joinedAt: string;
  initialValues: ProfileFormValues;
  /** False when the person has no profile row yet: saving creates it. */
  found: boolean;
  /** Why the profile could not be read, if it could not. */
  loadError: string | null;
  /** The page's answer to this form posted without scripts. */
  answer?: AccountActionAnswer;
}) {
  const id = useId();
  const fetcher = useFetcher<AccountActionAnswer>({ key: `account-profile-${accountId}` });
  const [missing, setMissing] = useState(!found && !loadError);
  const fieldId = (field: ProfileField) => `${id}-${field}`;
  const { values, errors, notice, change, submit, busy, redirecting } = useAccountForm<ProfileField>({
    fetcher,
    schema: ProfileSchema,
    initial: initialValues,
    pageAnswer: answer,
    fieldId,
    onSaved: (answer, sent) => {
      setMissing(false);
      return answer.values ?? sent;
    },
  });

  useEffect(() => {
    if (loadError) toast.error(`Error fetching profile: ${loadError}`);
  }, [loadError]);

  const describedBy = (field: ProfileField) => (errors[field] ? fieldErrorId(fieldId(field)) : undefined);
  const textField = (field: ProfileField, label: string, props: ComponentProps<"input"> = {}, hint?: string) => (
    <Field label={label} id={fieldId(field)} error={errors[field]} hint={hint}>
      <Input
        id={fieldId(field)}
        name={field}
        value={values[field]}
        onChange={(event) => change(field, event.target.value)}
        disabled={busy}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        {...props}
      />
    </Field>
  );

  return (
    <AccountCard id={`${id}-heading`} title="Profile Details" description="Your details as the institute holds them.">
      <dl className="grid gap-4 rounded-lg bg-mist p-4 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="font-medium text-ink/70">Account email</dt>
          <dd className="mt-0.5 font-semibold wrap-break-word text-navy">
            <EmailAddress address={accountEmail} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-ink/70">Joined</dt>
          <dd className="mt-0.5 font-semibold text-navy">
            <time dateTime={joinedAt}>{formatLongDate(joinedAt)}</time>
          </dd>
        </div>
      </dl>

      {missing && (
        <p role="status" className="mt-4 rounded-md border border-gold/40 bg-gold-light p-3 text-sm text-navy">
          {PROFILE_NOT_FOUND_MESSAGE}
        </p>
      )}

      <fetcher.Form method="post" noValidate onSubmit={submit} aria-label="Profile Details" className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name={ACCOUNT_FIELD} value={accountId} />
        <div className="grid gap-5 sm:grid-cols-2">
          {textField("firstName", "First Name", { autoComplete: "given-name" })}
          {textField("lastName", "Last Name", { autoComplete: "family-name" })}
        </div>
        {/* Beside the account email above it, which it does not change: said, so no one edits it to change their login. */}
        {textField("emailAddress", "Email Address", { type: "email", autoComplete: "email", inputMode: "email" }, EMAIL_ADDRESS_HINT)}
        <div className="grid gap-5 sm:grid-cols-[11rem_1fr]">
          <Field label="Country Code" id={fieldId("mobileCountryCode")} error={errors.mobileCountryCode}>
            <Select
              id={fieldId("mobileCountryCode")}
              name="mobileCountryCode"
              value={values.mobileCountryCode}
              onValueChange={(value) => change("mobileCountryCode", value)}
              options={COUNTRY_CODES}
              noneLabel="Select code"
              disabled={busy}
              invalid={Boolean(errors.mobileCountryCode)}
              describedBy={describedBy("mobileCountryCode")}
            />
          </Field>
          {textField("mobileNumber", "Mobile Number", { type: "tel", autoComplete: "tel-national", inputMode: "numeric" })}
        </div>
        <Field label="Country of Residence" id={fieldId("countryOfResidence")} error={errors.countryOfResidence}>
          <Select
            id={fieldId("countryOfResidence")}
            name="countryOfResidence"
            value={values.countryOfResidence}
            onValueChange={(value) => change("countryOfResidence", value)}
            options={COUNTRIES_OF_RESIDENCE}
            noneLabel="Select country"
            disabled={busy}
            invalid={Boolean(errors.countryOfResidence)}
            describedBy={describedBy("countryOfResidence")}
          />
        </Field>
        {textField("instagramProfile", "Instagram Profile", { placeholder: "@username or profile URL", autoCapitalize: "none", spellCheck: false })}
        <FormError>{notice?.ok === false && notice.message}</FormError>
        <FormSuccess>{notice?.ok && notice.message}</FormSuccess>
        {redirecting && <RedirectingToLogin />}
        <Button type="submit" disabled={busy || redirecting} className="justify-self-start">
          {busy ? "Saving..." : "Save Changes"}
        </Button>
      </fetcher.Form>
    </AccountCard>
  );
}

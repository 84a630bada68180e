import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorId, Input } from "~/components/ui/field";
import { NewPasswordSchema, passwordSaveError } from "~/lib/schemas/auth";
import { fieldErrors, firstIssueMessage } from "~/lib/schemas/fields";
import { AccountCard } from "./account-card";
import { useActionAnswer, type AccountActionAnswer } from "./action-answer";
import { RedirectingToLogin, useLoginRedirect } from "./login-redirect";

type PasswordField = "newPassword" | "confirmPassword";

function validate(values: Record<PasswordField, string>) {
  const parsed = NewPasswordSchema.safeParse(values);
  return parsed.success ? null : { errors: fieldErrors(parsed.error), first: firstIssueMessage(parsed.error) };
}

/** Spec 4 Update Password: a new password, typed twice. */
export function UpdatePassword() {
  const id = useId();
  const fetcher = useFetcher<AccountActionAnswer>({ key: "account-password" });
  const empty = { newPassword: "", confirmPassword: "" };
  const [values, setValues] = useState<Record<PasswordField, string>>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const { redirecting, redirectToLogin } = useLoginRedirect();
  const busy = fetcher.state !== "idle";

  useActionAnswer(fetcher, (answer) => {
    if (answer.ok) {
      toast.success(answer.message);
      setValues(empty);
      setErrors({});
      setAttempted(false);
      return;
    }
    toast.error(answer.message);
    setErrors(answer.fieldErrors ?? {});
    if (answer.signedOut) redirectToLogin();
  });

  function change(field: PasswordField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validate(next)?.errors ?? {});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    setAttempted(true);
    const problem = validate(values);
    if (problem) {
      event.preventDefault();
      setErrors(problem.errors);
      toast.error(passwordSaveError(problem.first));
      return;
    }
    setErrors({});
  }

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
        <input type="hidden" name="intent" value="password" />
        {field("newPassword", "New Password", "Minimum 6 characters.")}
        {field("confirmPassword", "Confirm New Password")}
        {redirecting && <RedirectingToLogin />}
        <Button type="submit" variant="navy" disabled={busy || redirecting} className="justify-self-start">
          {busy ? "Updating..." : "Update Password"}
        </Button>
      </fetcher.Form>
    </AccountCard>
  );
}

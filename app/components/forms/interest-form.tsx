import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";

import { emptyForm } from "~/components/forms/form-values";
import { EmailField, NameField } from "~/components/forms/name-and-email";
import { useOnePress } from "~/components/forms/use-one-press";
import { Button } from "~/components/ui/button";
import { atFault, FormError, FormSuccess } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { choicesOf, textOf } from "~/lib/form-data";
import { postJson } from "~/lib/post-json";
import { prepareToasts, toast } from "~/lib/toast";
import type { PageFormAnswer } from "~/server/http/form-endpoints.server";

const INTEREST_ENDPOINT = "/api/register-interest";
/**
 * Without scripts (off, or not loaded) the form posts itself to its page, whose action registers as the endpoint does.
 * The answer opens at the form itself, in the #register-interest section, so a phone shows its message too.
 */
const INTEREST_PAGE_ACTION = "/courses#register-interest-form";
/** Spec 9: the success toast shows top-centre for 3000 ms; the visitor goes home after 2000 ms. */
const INTEREST_TOAST_MS = 3000;
const INTEREST_REDIRECT_MS = 2000;
/** The address confirms by email before it hears of new dates (double opt-in): said under the spec's thanks. */
const CONFIRM_HINT = "Please check your inbox to confirm, so we can tell you about new dates.";
/** One toast for the form's latest refusal, gone once the interest is registered. */
const ERROR_TOAST = "interest-error";

/** The endpoint's own schema, loaded when the form is first used (Zod stays out of the page's first load). */
const loadChecks = () => Promise.all([import("~/lib/schemas/interest"), import("~/lib/schemas/fields")]);

/**
 * Spec 3's course interest options: the offerings' titles, in the institute's order, from the database.
 * `answer` is the page's, when the form was posted without scripts: its message, and what was typed if it was refused
 * (the success stays on the page, without the toast and the move home that need scripts).
 */
export function RegisterInterestForm({
  options,
  className,
  answer,
}: {
  options: readonly string[];
  className?: string;
  answer?: PageFormAnswer<{ name: string; email: string; interestedCourses: string[] }>;
}) {
  const id = useId();
  const navigate = useNavigate();
  const typed = answer && !answer.ok ? answer.posted : undefined;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState(answer && !answer.ok ? answer.message : undefined);
  // The fields the error is about, if it is about any: marked invalid and described by the error.
  const [faults, setFaults] = useState(answer && !answer.ok ? (answer.fields ?? []) : []);
  const [registered, setRegistered] = useState(answer?.ok ? answer.message : undefined);
  const errorId = `${id}-error`;
  const redirectTimer = useRef<number>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  function fail(message: string, fields: string[] = []) {
    setError(message);
    setFaults(fields);
    toast.error("Error registering interest:", { id: ERROR_TOAST, description: message });
  }

  const register = useOnePress(checkAndPost);

  async function checkAndPost(form: HTMLFormElement): Promise<"sent" | undefined> {
    const fields = new FormData(form);
    const [name, email, courses] = [textOf(fields, "name"), textOf(fields, "email"), choicesOf(fields, "interestedCourses")];
    setError(undefined);
    setFaults([]);
    setRegistered(undefined);
    const checks = await loadChecks().catch(() => null);
    if (!checks) {
      fail("An unexpected error occurred.");
      return;
    }
    const [{ InterestRegistrationSchema }, { firstIssueFields, firstIssueMessage }] = checks;
    const parsed = InterestRegistrationSchema.safeParse({ name, email, interestedCourses: courses });
    if (!parsed.success) {
      fail(firstIssueMessage(parsed.error), firstIssueFields(parsed.error));
      return;
    }
    setSubmitting(true);
    try {
      const answer = await postJson(INTEREST_ENDPOINT, { name: name.trim(), email: email.trim(), interestedCourses: courses });
      if (!answer.ok) {
        fail(answer.error ?? "Failed to register interest.");
        return;
      }
      toast.dismiss(ERROR_TOAST);
      toast.success("Thank you! Your interest has been registered.", { description: CONFIRM_HINT, position: "top-center", duration: INTEREST_TOAST_MS });
      emptyForm(form);
      redirectTimer.current = window.setTimeout(() => void navigate("/"), INTEREST_REDIRECT_MS);
      return "sent";
    } catch {
      fail("An unexpected error occurred.");
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      id="register-interest-form"
      method="post"
      action={INTEREST_PAGE_ACTION}
      onSubmit={register}
      onFocus={() => {
        prepareToasts();
        void loadChecks().catch(() => undefined);
      }}
      noValidate
      aria-label="Register your interest"
      className={cn("grid gap-5", className)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField
          label="Full Name"
          id={`${id}-name`}
          required
          defaultValue={typed?.name}
          disabled={submitting}
          {...atFault(faults.includes("name"), errorId)}
        />
        <EmailField
          label="Email Address"
          id={`${id}-email`}
          defaultValue={typed?.email}
          disabled={submitting}
          {...atFault(faults.includes("email"), errorId)}
        />
      </div>
      {/* No course chosen: the group is described by the message, and each box marked invalid. */}
      <fieldset className="grid gap-2" disabled={submitting} aria-describedby={faults.includes("interestedCourses") ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-navy">
          Courses you are interested in
          <span aria-hidden className="text-gold-dark">
            {" "}
            *
          </span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((course) => (
            <label
              key={course}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-ink/15 px-3 py-2 text-sm hover:border-gold has-[:checked]:border-gold has-[:checked]:bg-gold-light"
            >
              <input
                type="checkbox"
                name="interestedCourses"
                value={course}
                defaultChecked={typed?.interestedCourses.includes(course)}
                aria-invalid={faults.includes("interestedCourses") || undefined}
                className="size-4 accent-[var(--color-gold)]"
              />
              {course}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError id={errorId}>{error}</FormError>
      <FormSuccess>{registered && `${registered} ${CONFIRM_HINT}`}</FormSuccess>
      <Button type="submit" size="lg" disabled={submitting} className="justify-self-start">
        {submitting ? "Submitting..." : "Register Interest"}
      </Button>
    </form>
  );
}

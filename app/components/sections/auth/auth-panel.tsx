import { Award, CalendarCheck, GraduationCap, PoundSterling } from "lucide-react";
import { Tabs } from "radix-ui";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";

import { Button } from "~/components/ui/button";
import { Field, FormError, Input } from "~/components/ui/field";
import { ForgotPasswordSchema, LoginSchema, SignUpSchema } from "~/lib/schemas/auth";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { toast } from "~/lib/toast";

interface Outcome {
  ok: boolean;
  kind: "success" | "info" | "error";
  message: string;
  redirectTo?: string;
}

export type AuthIntent = "sign-in" | "sign-up" | "forgot-password";

/**
 * The page's answer to one of its forms posted without scripts (the route's
 * action): which form, what it says, and on a refusal what was typed, to
 * correct and send again (never a password).
 */
export interface AuthPageAnswer extends Omit<Outcome, "redirectTo"> {
  intent: AuthIntent;
  typed?: { email: string; firstName?: string; lastName?: string; marketing?: boolean };
}

const BENEFITS = [
  { icon: PoundSterling, title: "£100 off your first course", text: "Tick the box when you sign up; the discount applies once your email is confirmed." },
  { icon: CalendarCheck, title: "Your bookings in one place", text: "See the courses you have booked, their dates and your receipts." },
  { icon: GraduationCap, title: "First to hear of new dates", text: "Small groups fill quickly: be told when a course you want is scheduled." },
  { icon: Award, title: "Faster checkout", text: "Book your next course without typing your details again." },
];

/** One toast for the forms' latest answer: a new one takes the place of the last, so refusals do not pile up over the form. */
const ANSWER_TOAST = "auth-answer";

/**
 * Shows the action's answer once: a toast, an inline message, and the redirect it asks for.
 * `pageAnswer` is the page's, when the form was posted without scripts: shown inline from the start.
 */
function useOutcome(fetcher: ReturnType<typeof useFetcher<Outcome>>, pageAnswer: Outcome | undefined, onSuccess?: () => void) {
  const navigate = useNavigate();
  const [shown, setShown] = useState<Outcome | undefined>(pageAnswer);
  const handled = useRef<Outcome>(undefined);
  useEffect(() => {
    const outcome = fetcher.data;
    if (fetcher.state !== "idle" || !outcome || handled.current === outcome) return;
    handled.current = outcome;
    setShown(outcome);
    if (outcome.kind === "error") toast.error(outcome.message, { id: ANSWER_TOAST });
    else if (outcome.kind === "info") toast.info(outcome.message, { id: ANSWER_TOAST });
    else toast.success(outcome.message, { id: ANSWER_TOAST });
    if (outcome.ok) onSuccess?.();
    if (outcome.redirectTo) void navigate(outcome.redirectTo);
  }, [fetcher.state, fetcher.data, navigate, onSuccess]);
  return [shown, setShown] as const;
}

/** Validates on the client with the same schema the action uses; returns false after showing the message. */
function validate<T extends z.ZodType>(schema: T, value: unknown, show: (outcome: Outcome) => void) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return true;
  const message = firstIssueMessage(parsed.error);
  show({ ok: false, kind: "error", message });
  toast.error(message, { id: ANSWER_TOAST });
  return false;
}

function Notice({ outcome }: { outcome?: Outcome }) {
  if (!outcome) return null;
  if (outcome.kind === "error") return <FormError>{outcome.message}</FormError>;
  return (
    <p role="status" className={outcome.kind === "success" ? "text-sm font-medium text-green-700" : "text-sm font-medium text-navy"}>
      {outcome.message}
    </p>
  );
}

/** `returnTo`: the page that sent the visitor here to log in (returnPath in lib/pages.ts), where the login leads back. */
function LoginForm({ answer, returnTo }: { answer?: AuthPageAnswer; returnTo?: string }) {
  const id = useId();
  const fetcher = useFetcher<Outcome>();
  const [outcome, setOutcome] = useOutcome(fetcher, answer);
  const busy = fetcher.state !== "idle";

  function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    if (!validate(LoginSchema, { email: form.get("email"), password: form.get("password") }, setOutcome)) event.preventDefault();
    else setOutcome(undefined);
  }

  return (
    <fetcher.Form method="post" noValidate onSubmit={submit} aria-label="Login" className="grid gap-4">
      <input type="hidden" name="intent" value="sign-in" />
      {returnTo && <input type="hidden" name="next" value={returnTo} />}
      <Field label="Email" id={`${id}-email`} required>
        <Input id={`${id}-email`} name="email" type="email" autoComplete="email" required disabled={busy} defaultValue={answer?.typed?.email} />
      </Field>
      <Field label="Password" id={`${id}-password`} required>
        <Input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required disabled={busy} />
      </Field>
      <Notice outcome={outcome} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Logging In..." : "Login"}
      </Button>
    </fetcher.Form>
  );
}

function ForgotPasswordForm({ answer }: { answer?: AuthPageAnswer }) {
  const id = useId();
  const fetcher = useFetcher<Outcome>();
  const [outcome, setOutcome] = useOutcome(fetcher, answer);
  const busy = fetcher.state !== "idle";

  function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    if (!validate(ForgotPasswordSchema, { email: form.get("email") }, setOutcome)) event.preventDefault();
    else setOutcome(undefined);
  }

  return (
    <fetcher.Form method="post" noValidate onSubmit={submit} aria-label="Reset your password" className="grid gap-3 rounded-md bg-mist p-4">
      <input type="hidden" name="intent" value="forgot-password" />
      <p className="text-sm text-ink/80">Enter your email and we will send you a link to choose a new password.</p>
      <Field label="Email for the reset link" id={`${id}-email`} required>
        <Input id={`${id}-email`} name="email" type="email" autoComplete="email" required disabled={busy} defaultValue={answer?.typed?.email} />
      </Field>
      <Notice outcome={outcome} />
      <Button type="submit" variant="navy" disabled={busy} className="justify-self-start">
        {busy ? "Sending..." : "Send reset link"}
      </Button>
    </fetcher.Form>
  );
}

function SignUpForm({ answer }: { answer?: AuthPageAnswer }) {
  const id = useId();
  const fetcher = useFetcher<Outcome>();
  const formRef = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useOutcome(fetcher, answer, () => formRef.current?.reset());
  const typed = answer?.typed;
  const busy = fetcher.state !== "idle";

  function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const value = {
      firstName: form.get("firstName"),
      lastName: form.get("lastName"),
      email: form.get("email"),
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
      marketing: form.get("marketing") === "on",
    };
    if (!validate(SignUpSchema, value, setOutcome)) event.preventDefault();
    else setOutcome(undefined);
  }

  return (
    <fetcher.Form ref={formRef} method="post" noValidate onSubmit={submit} aria-label="Create Account" className="grid gap-4">
      <input type="hidden" name="intent" value="sign-up" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" id={`${id}-first`} required>
          <Input id={`${id}-first`} name="firstName" autoComplete="given-name" required disabled={busy} defaultValue={typed?.firstName} />
        </Field>
        <Field label="Last Name" id={`${id}-last`} required>
          <Input id={`${id}-last`} name="lastName" autoComplete="family-name" required disabled={busy} defaultValue={typed?.lastName} />
        </Field>
      </div>
      <Field label="Email" id={`${id}-email`} required>
        <Input id={`${id}-email`} name="email" type="email" autoComplete="email" required disabled={busy} defaultValue={typed?.email} />
      </Field>
      <Field label="Password" id={`${id}-password`} required hint="Minimum 6 characters.">
        <Input id={`${id}-password`} name="password" type="password" autoComplete="new-password" required minLength={6} disabled={busy} />
      </Field>
      <Field label="Confirm Password" id={`${id}-confirm`} required>
        <Input id={`${id}-confirm`} name="confirmPassword" type="password" autoComplete="new-password" required disabled={busy} />
      </Field>
      <label className="flex items-start gap-3 text-sm text-ink/80">
        <input
          type="checkbox"
          name="marketing"
          defaultChecked={typed?.marketing ?? true}
          disabled={busy}
          className="mt-0.5 size-5 shrink-0 accent-[var(--color-gold)]"
        />
        <span>Send me emails about new courses and upcoming events, and give me £100 off my first course (applies once my email is confirmed).</span>
      </label>
      <Notice outcome={outcome} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Creating Account..." : "Create Account & Get £100 Off"}
      </Button>
    </fetcher.Form>
  );
}

export function AuthPanel({
  initialView,
  notice,
  forgotOpen: openAtFirst = false,
  answer,
  returnTo,
}: {
  initialView: "sign_in" | "sign_up";
  notice?: string;
  forgotOpen?: boolean;
  answer?: AuthPageAnswer;
  returnTo?: string;
}) {
  const [searchParams] = useSearchParams();
  const { key: navigationKey } = useLocation();
  const answerFor = (intent: AuthIntent) => (answer?.intent === intent ? answer : undefined);
  const [forgotOpen, setForgotOpen] = useState(openAtFirst || answer?.intent === "forgot-password");
  const viewAsked = searchParams.get("view") === "sign_up" ? "sign_up" : searchParams.get("view") === "sign_in" ? "sign_in" : initialView;
  // The tab chosen here holds until the next navigation (a link naming a tab, back or forward), which picks its own.
  const [chosen, setChosen] = useState<{ view: string; navigationKey: string }>();
  const view = chosen?.navigationKey === navigationKey ? chosen.view : viewAsked;

  /**
   * A tab changes at once, with no round trip to the server (none is possible
   * offline): the address changes in place, so that a reload or a shared link
   * opens the same tab, rather than by a navigation that loads the page's data again.
   */
  const showView = (next: string) => {
    setChosen({ view: next, navigationKey });
    const url = new URL(window.location.href);
    url.search = new URLSearchParams({ view: next }).toString();
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-2 lg:gap-10 lg:py-20">
      {/* On phones the form comes first: people arrive here to log in or sign up. */}
      <section aria-labelledby="auth-benefits" className="order-last rounded-2xl bg-navy p-8 text-white sm:p-10 lg:order-none">
        <h1 id="auth-benefits" className="text-3xl font-semibold text-white sm:text-4xl">
          Your account with the <span className="text-gold">Global Implant Institute</span>
        </h1>
        <ul className="mt-8 grid gap-6">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <Icon aria-hidden className="mt-1 size-6 shrink-0 text-gold" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="mt-1 text-sm text-white/75">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-black/5 sm:p-8">
        {notice && (
          <p role="status" className="mb-4 rounded-md bg-gold-light p-3 text-sm text-navy">
            {notice}
          </p>
        )}
        <Tabs.Root value={view} onValueChange={showView}>
          <Tabs.List aria-label="Login or create an account" className="mb-6 grid grid-cols-2 rounded-lg bg-mist p-1">
            {[
              ["sign_in", "Login"],
              ["sign_up", "Create Account"],
            ].map(([value, label]) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-h-11 rounded-md text-sm font-semibold text-ink/70 data-[state=active]:bg-white data-[state=active]:text-navy data-[state=active]:shadow"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="sign_in" className="grid gap-4">
            <LoginForm answer={answerFor("sign-in")} returnTo={returnTo} />
            <button
              type="button"
              className="min-h-11 justify-self-start text-sm font-medium text-gold-dark underline noscript:hidden"
              aria-expanded={forgotOpen}
              onClick={() => setForgotOpen((open) => !open)}
            >
              Forgot password?
            </button>
            {/* Without scripts the button does nothing: a link opens the page with the form open. */}
            {!forgotOpen && (
              <a
                href="/auth?view=sign_in&forgot"
                className="hidden min-h-11 items-center justify-self-start text-sm font-medium text-gold-dark underline noscript:inline-flex"
              >
                Forgot password?
              </a>
            )}
            {forgotOpen && <ForgotPasswordForm answer={answerFor("forgot-password")} />}
          </Tabs.Content>
          <Tabs.Content value="sign_up">
            <SignUpForm answer={answerFor("sign-up")} />
          </Tabs.Content>
        </Tabs.Root>
      </section>
    </div>
  );
}

import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

import { Button, ButtonLink } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { useTokenOutOfAddressBar } from "~/lib/use-token-out-of-address-bar";

/**
 * What an emailed link's page asks before it acts, so a link scanner that
 * follows the GET changes nothing. Its button posts the link's secrets in
 * hidden fields, so the address bar can drop them.
 */
export function AskFirstPage({
  path,
  secrets,
  ask,
  fields,
  error,
}: {
  path: string;
  secrets: Record<string, string>;
  ask: { heading: string; text: ReactNode; button: string; busy: string };
  /** What the press needs besides the link's secrets. */
  fields?: ReactNode;
  /** Why the last press did not work, if it did not. */
  error?: string;
}) {
  const busy = useNavigation().state === "submitting";
  useTokenOutOfAddressBar(Object.keys(secrets));
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{ask.heading}</h1>
      <p className="mt-4 text-ink/80">{ask.text}</p>
      <Form method="post" action={path} className="mt-8">
        {Object.entries(secrets).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {fields}
        <Button type="submit" disabled={busy}>
          {busy ? ask.busy : ask.button}
        </Button>
        {error ? (
          <div className="mt-4">
            <FormError>{error}</FormError>
          </div>
        ) : null}
      </Form>
    </div>
  );
}

/** The page an emailed newsletter or interest link (confirm, unsubscribe) opens: it asks first, then says what was done. */
export function EmailLinkPage({
  path,
  token,
  outcome,
  ask,
  done,
  invalid,
}: {
  path: string;
  token: string;
  /** The action's answer: true once done, false for a link that no longer works, undefined before the button is pressed. */
  outcome: boolean | undefined;
  ask: { heading: string; text: string; button: string; busy: string };
  done: { heading: string; text: string };
  /** What a used or withdrawn link says, and (when it differs) a link with no token at all. */
  invalid: { used: string; incomplete?: string; link: { to: string; label: string } };
}) {
  const hasToken = token !== "";
  if (outcome === undefined && hasToken) return <AskFirstPage path={path} secrets={{ token }} ask={ask} />;
  const failed = outcome === undefined ? !hasToken : !outcome;
  if (!failed) return <LinkOutcomePage heading={done.heading} text={done.text} link={{ to: "/", label: "Return to Home" }} />;
  return <InvalidLinkPage text={outcome === false ? invalid.used : (invalid.incomplete ?? invalid.used)} link={invalid.link} />;
}

/** What an emailed link's page says once it has acted, or cannot. */
function LinkOutcomePage({ heading, text, link }: { heading: string; text: string; link: { to: string; label: string } }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{heading}</h1>
      <p className="mt-4 text-ink/80">{text}</p>
      <ButtonLink className="mt-8" to={link.to}>
        {link.label}
      </ButtonLink>
    </div>
  );
}

export function InvalidLinkPage({ text, link }: { text: string; link: { to: string; label: string } }) {
  return <LinkOutcomePage heading="This link is not valid" text={text} link={link} />;
}

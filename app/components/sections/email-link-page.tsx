import { Form, useNavigation } from "react-router";

import { Button, ButtonLink } from "~/components/ui/button";
import { useTokenOutOfAddressBar } from "~/lib/use-token-out-of-address-bar";

/**
 * The page an emailed link (confirm, unsubscribe) opens: it asks before it
 * acts, so a link scanner that follows the GET changes nothing, and posts the
 * token in a hidden field so the address bar can drop it.
 */
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
  const busy = useNavigation().state === "submitting";
  useTokenOutOfAddressBar();
  const hasToken = token !== "";
  const asking = outcome === undefined && hasToken;
  const failed = outcome === undefined ? !hasToken : !outcome;
  const heading = asking ? ask.heading : failed ? "This link is not valid" : done.heading;
  const text = asking ? ask.text : outcome === false ? invalid.used : failed ? (invalid.incomplete ?? invalid.used) : done.text;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{heading}</h1>
      <p className="mt-4 text-ink/80">{text}</p>
      {asking ? (
        <Form method="post" action={path} className="mt-8">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={busy}>
            {busy ? ask.busy : ask.button}
          </Button>
        </Form>
      ) : (
        <ButtonLink className="mt-8" to={failed ? invalid.link.to : "/"}>
          {failed ? invalid.link.label : "Return to Home"}
        </ButtonLink>
      )}
    </div>
  );
}

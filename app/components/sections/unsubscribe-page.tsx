import { Form, useNavigation } from "react-router";

import { Button, ButtonLink } from "~/components/ui/button";
import { useTokenOutOfAddressBar } from "~/lib/use-token-out-of-address-bar";

/**
 * An unsubscribe link's page: it asks before it acts, so a link scanner that
 * follows the GET unsubscribes nobody, and posts the token in a hidden field so
 * the address bar can drop it.
 */
export function UnsubscribePage({
  path,
  token,
  answer,
  ask,
  done,
}: {
  path: string;
  token: string;
  answer: { unsubscribed: boolean } | undefined;
  ask: { heading: string; text: string };
  done: string;
}) {
  const busy = useNavigation().state === "submitting";
  useTokenOutOfAddressBar();
  const hasToken = token !== "";
  let { heading, text } = ask;
  if (answer) {
    heading = answer.unsubscribed ? "You have been unsubscribed" : "This link is not valid";
    text = answer.unsubscribed ? done : "The unsubscribe link is incomplete or no longer valid. Please contact us and we will remove you by hand.";
  } else if (!hasToken) {
    heading = "This link is not valid";
    text = "The unsubscribe link is incomplete. Please use the link in one of our emails, or contact us.";
  }
  const failed = answer ? !answer.unsubscribed : !hasToken;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-semibold">{heading}</h1>
      <p className="mt-4 text-ink/80">{text}</p>
      {!answer && hasToken ? (
        <Form method="post" action={path} className="mt-8">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={busy}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
        </Form>
      ) : (
        <ButtonLink className="mt-8" to={failed ? "/contact" : "/"}>
          {failed ? "Contact us" : "Return to Home"}
        </ButtonLink>
      )}
    </div>
  );
}

import { CreditCard, Landmark, Lock, ShieldCheck } from "lucide-react";
import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";

import { Button, ButtonLink } from "~/components/ui/button";
import { EmailAddress } from "~/components/ui/email-address";
import { Field, Input } from "~/components/ui/field";
import { MAX_NAME_LENGTH } from "~/lib/field-limits";
import { formatMinorUnits, formatPounds, instalmentAmount } from "~/lib/format";
import { LocalPaymentSchema } from "~/lib/schemas/checkout";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { localDevRoute } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/request-bodies.server";
import { refusalOf } from "~/server/http/responses.server";
import { asLocalCheckout } from "~/server/payments/providers.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/dev.checkout.$sessionId";

/** design.md 3: the built-in checkout, for this machine only while local providers are on. */
export const middleware = [localDevRoute()];

function localCheckout(context: Route.LoaderArgs["context"]) {
  const checkout = asLocalCheckout(appServices(context).payments);
  // With Stripe as the provider there are no built-in sessions to show.
  if (!checkout) throw data(null, { status: 404 });
  return checkout;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await localCheckout(context).session(params.sessionId);
  if (!session) throw data(null, { status: 404 });
  return {
    id: session.id,
    state:
      session.status === "open" && session.expiresAt > new Date()
        ? ("open" as const)
        : session.status === "complete"
          ? ("paid" as const)
          : ("expired" as const),
    productName: session.productName,
    productDescription: session.productDescription,
    subtotal: formatMinorUnits(session.amountSubtotal),
    discount: session.discountName ? { name: session.discountName, amount: formatMinorUnits(session.amountDiscount) } : null,
    total: formatMinorUnits(session.amountTotal),
    klarna: session.paymentMethodTypes.includes("klarna") ? formatPounds(instalmentAmount(session.amountTotal / 100)) : null,
    customerEmail: session.customerEmail,
    cancelUrl: session.cancelUrl,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const checkout = localCheckout(context);
  const form = await readFormData(request);
  try {
    if (form.get("intent") === "cancel") return redirect((await checkout.cancel(params.sessionId)).redirectTo, 303);
    const parsed = LocalPaymentSchema.safeParse({ method: form.get("method"), email: form.get("email") ?? undefined, name: form.get("name") });
    if (!parsed.success) return data({ error: firstIssueMessage(parsed.error) }, 400);
    const paid = await checkout.pay(params.sessionId, { method: parsed.data.method, email: parsed.data.email ?? null, name: parsed.data.name ?? null });
    return redirect(paid.redirectTo, 303);
  } catch (error) {
    const { status, message } = refusalOf(error);
    return data({ error: message }, status);
  }
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Checkout", noIndex: true });

function Summary({ checkout }: { checkout: Route.ComponentProps["loaderData"] }) {
  return (
    <section aria-labelledby="order-heading" className="bg-navy p-8 text-white lg:p-12">
      <p className="font-display text-lg">
        Global Implant <span className="text-gold">Institute</span>
      </p>
      <h2 id="order-heading" className="mt-10 text-sm font-semibold tracking-wider text-white/70 uppercase">
        Your booking
      </h2>
      <p className="mt-3 font-display text-2xl">{checkout.productName}</p>
      {checkout.productDescription && <p className="mt-1 text-white/80">{checkout.productDescription}</p>}
      <dl className="mt-8 grid gap-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-white/70">Price</dt>
          <dd>{checkout.subtotal}</dd>
        </div>
        {checkout.discount && (
          <div className="flex justify-between gap-4">
            <dt className="text-gold">{checkout.discount.name}</dt>
            <dd className="text-gold">-{checkout.discount.amount}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-white/20 pt-3 text-lg font-semibold">
          <dt>Total due</dt>
          <dd>{checkout.total}</dd>
        </div>
      </dl>
    </section>
  );
}

export default function LocalCheckoutPage({ loaderData: checkout, actionData }: Route.ComponentProps) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-16">
      <p className="mb-4 flex items-center gap-2 text-sm text-ink/70">
        <ShieldCheck aria-hidden="true" className="size-4 text-gold-dark" />
        The built-in checkout of this demo: no card is charged and nothing leaves this machine.
      </p>
      <div className="grid overflow-hidden rounded-2xl border border-navy/10 bg-white shadow-sm lg:grid-cols-2">
        <Summary checkout={checkout} />
        <section aria-labelledby="pay-heading" className="p-8 lg:p-12">
          <h1 id="pay-heading" className="text-2xl font-semibold">
            {checkout.state === "open" ? "Pay for your place" : checkout.state === "paid" ? "This checkout is complete" : "This checkout has expired"}
          </h1>
          {checkout.state !== "open" ? (
            <div className="mt-6 grid gap-4">
              <p className="text-ink/80">
                {checkout.state === "paid" ? "It has been paid already." : "Its place has been released. Please start your booking again."}
              </p>
              <ButtonLink className="justify-self-start" to="/booking">
                Back to booking
              </ButtonLink>
            </div>
          ) : (
            <>
              <Form method="post" className="mt-6 grid gap-4" aria-label="Payment">
                {checkout.customerEmail ? (
                  <p className="text-sm text-ink/80">
                    Paying as{" "}
                    <span className="font-medium wrap-break-word text-ink">
                      <EmailAddress address={checkout.customerEmail} />
                    </span>
                  </p>
                ) : (
                  <>
                    <Field label="Email" id={`${id}-email`} required hint="Your confirmation and receipt go here.">
                      <Input id={`${id}-email`} name="email" type="email" autoComplete="email" required disabled={busy} />
                    </Field>
                    <Field label="Full name" id={`${id}-name`} required hint="The name of the dentist attending.">
                      <Input id={`${id}-name`} name="name" autoComplete="name" required maxLength={MAX_NAME_LENGTH} disabled={busy} />
                    </Field>
                  </>
                )}
                {actionData?.error && (
                  <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
                    {actionData.error}
                  </p>
                )}
                <Button type="submit" name="method" value="card" size="lg" disabled={busy}>
                  <CreditCard aria-hidden="true" className="size-5" />
                  Pay {checkout.total} by card
                </Button>
                {checkout.klarna && (
                  <Button type="submit" name="method" value="klarna" size="lg" variant="navy" disabled={busy}>
                    Pay with Klarna: 4 payments of {checkout.klarna}
                  </Button>
                )}
                <Button type="submit" name="method" value="bank_transfer" size="lg" variant="outline" disabled={busy}>
                  <Landmark aria-hidden="true" className="size-5" />
                  Pay by bank transfer
                </Button>
                <p className="-mt-2 text-xs text-ink/75">A bank transfer settles a few seconds after you pay, as a delayed payment would.</p>
              </Form>
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="ghost" disabled={busy}>
                  Cancel and go back
                </Button>
              </Form>
              <p className="mt-8 flex items-center gap-2 text-xs text-ink/75">
                <Lock aria-hidden="true" className="size-3.5" />
                Card, Apple Pay and Google Pay are simulated as one card payment.
              </p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

import { useEffect } from "react";
import { data, useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Field, fieldErrorId, inputClass } from "~/components/ui/field";
import { PageHeading } from "~/components/ui/page-heading";
import { formatMinorUnits } from "~/lib/format";
import { MAX_CAPACITY, OfferingUpdateSchema } from "~/lib/schemas/admin";
import { fieldErrors } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { toast } from "~/lib/toast";
import { type AdminOffering, listOfferingsForAdmin, updateOffering } from "~/server/admin/offerings.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { readFormData, refusalOf } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.offerings";

export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Offerings", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { offerings: await listOfferingsForAdmin(appServices(context).database.db) };
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string; fields: Record<string, string> };

/** Saves an offering's price, default capacity and Stripe price id. */
export async function action(args: Route.ActionArgs) {
  const form = await readFormData(args.request);
  const parsed = OfferingUpdateSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return data<ActionResult>({ ok: false, error: Object.values(fields)[0] ?? "Invalid request.", fields }, 400);
  }
  try {
    await updateOffering(appServices(args.context).database.db, await signedInUser(args), parsed.data);
    return data<ActionResult>({ ok: true, message: "Offering saved. Editions already scheduled keep their price and capacity." });
  } catch (error) {
    const { status, message } = refusalOf(error);
    return data<ActionResult>({ ok: false, error: message, fields: {} }, status);
  }
}

function OfferingForm({ offering }: { offering: AdminOffering }) {
  const fetcher = useFetcher<ActionResult>();
  useEffect(() => {
    if (fetcher.data?.ok) toast.success(fetcher.data.message);
  }, [fetcher.data]);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const id = (field: string) => `${offering.key}-${field}`;
  const described = (field: string) => (failed?.fields[field] ? { "aria-invalid": true, "aria-describedby": fieldErrorId(id(field)) } : {});
  return (
    <li className="rounded-lg border border-ink/10 p-4" aria-labelledby={id("title")}>
      <h2 id={id("title")} className="text-lg font-semibold text-navy">
        {offering.title}
        {!offering.listed && <span className="ml-2 rounded bg-ink/10 px-1.5 text-xs font-normal">Not listed</span>}
      </h2>
      <p className="text-sm text-ink/70">
        {formatMinorUnits(offering.priceAmount)} · {offering.defaultCapacity} places · {offering.stripePriceId ?? "no Stripe price"}
      </p>
      <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-start">
        <input type="hidden" name="key" value={offering.key} />
        <Field label="Price (£)" id={id("price")} error={failed?.fields.price}>
          <input
            id={id("price")}
            name="price"
            inputMode="decimal"
            required
            defaultValue={(offering.priceAmount / 100).toFixed(2)}
            className={inputClass}
            {...described("price")}
          />
        </Field>
        <Field label="Default capacity" id={id("defaultCapacity")} error={failed?.fields.defaultCapacity}>
          <input
            id={id("defaultCapacity")}
            name="defaultCapacity"
            type="number"
            min={1}
            max={MAX_CAPACITY}
            step={1}
            required
            defaultValue={offering.defaultCapacity}
            className={inputClass}
            {...described("defaultCapacity")}
          />
        </Field>
        <Field label="Stripe price id" id={id("stripePriceId")} error={failed?.fields.stripePriceId}>
          <input
            id={id("stripePriceId")}
            name="stripePriceId"
            defaultValue={offering.stripePriceId ?? ""}
            placeholder="price_…"
            className={inputClass}
            {...described("stripePriceId")}
          />
        </Field>
        <Button type="submit" variant="navy" className="sm:mt-6" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Save"}
        </Button>
      </fetcher.Form>
      {failed && !Object.keys(failed.fields).length && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {failed.error}
        </p>
      )}
    </li>
  );
}

export default function AdminOfferings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Offerings" />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
        <p className="rounded-md border border-gold/40 bg-gold-light p-3 text-sm text-ink">
          Changes apply to editions scheduled from now on; editions already scheduled keep their price and capacity. With Stripe, a new price needs a new Stripe
          price id for that amount: the checkout refuses an edition whose Stripe price differs from its stored amount.
        </p>
        <ul className="grid gap-4">
          {loaderData.offerings.map((offering) => (
            <OfferingForm key={`${offering.key}-${offering.priceAmount}-${offering.defaultCapacity}-${offering.stripePriceId}`} offering={offering} />
          ))}
        </ul>
      </div>
    </>
  );
}

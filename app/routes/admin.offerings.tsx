import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import type { z } from "zod";

import { AdminSection } from "~/components/admin/admin-list";
import { useShowsSavedValues } from "~/components/admin/use-saved-values";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorId, inputClass } from "~/components/ui/field";
import { formatMinorUnits, minorUnitsAsDecimal } from "~/lib/format";
import { MAX_CAPACITY, OfferingUpdateSchema, TestProductUpdateSchema } from "~/lib/schemas/admin";
import { fieldErrors } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { toast } from "~/lib/toast";
import {
  type AdminOffering,
  type AdminTestProduct,
  listOfferingsForAdmin,
  testProductForAdmin,
  updateOffering,
  updateTestProduct,
} from "~/server/admin/offerings.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/request-bodies.server";
import { refusalOf } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.offerings";

export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Offerings", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = appServices(context).database;
  const [offerings, testProduct] = await Promise.all([listOfferingsForAdmin(db), testProductForAdmin(db)]);
  return { offerings, testProduct };
}

/** What the test product's form posts its price id with. */
const TEST_PRODUCT_INTENT = "test-product";

type ActionResult = { ok: true; message: string } | { ok: false; error: string; fields: Record<string, string> };

function invalid(error: z.ZodError) {
  const fields = fieldErrors(error);
  return data<ActionResult>({ ok: false, error: Object.values(fields)[0] ?? "Invalid request.", fields }, 400);
}

/** Saves an offering's price, default capacity and Stripe price id, or the test product's Stripe price id. */
export async function action(args: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormData(args.request));
  const { db } = appServices(args.context).database;
  try {
    if (form.intent === TEST_PRODUCT_INTENT) {
      const parsed = TestProductUpdateSchema.safeParse(form);
      if (!parsed.success) return invalid(parsed.error);
      await updateTestProduct(db, await signedInUser(args), parsed.data);
      return data<ActionResult>({ ok: true, message: "Test product saved: the next test purchase is sold under this price id." });
    }
    const parsed = OfferingUpdateSchema.safeParse(form);
    if (!parsed.success) return invalid(parsed.error);
    await updateOffering(db, await signedInUser(args), parsed.data);
    return data<ActionResult>({ ok: true, message: "Offering saved. Editions already scheduled keep their price and capacity." });
  } catch (error) {
    const { status, message } = refusalOf(error);
    return data<ActionResult>({ ok: false, error: message, fields: {} }, status);
  }
}

/** A save's round trip: its toast, and its refusal shown by the fields it names (or under the form). */
function useSave(idPrefix: string) {
  const fetcher = useFetcher<ActionResult>();
  useEffect(() => {
    if (fetcher.data?.ok) toast.success(fetcher.data.message);
  }, [fetcher.data]);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const id = (field: string) => `${idPrefix}-${field}`;
  const described = (field: string) => (failed?.fields[field] ? { "aria-invalid": true, "aria-describedby": fieldErrorId(id(field)) } : {});
  return { fetcher, failed, id, described };
}

function SaveButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" variant="navy" className="sm:mt-6" disabled={busy}>
      {busy ? "Saving..." : "Save"}
    </Button>
  );
}

function FormError({ failed }: { failed: ReturnType<typeof useSave>["failed"] }) {
  if (!failed || Object.keys(failed.fields).length) return null;
  return (
    <p role="alert" className="mt-2 text-sm font-medium text-red-700">
      {failed.error}
    </p>
  );
}

function StripePriceIdField({ save, defaultValue, required }: { save: ReturnType<typeof useSave>; defaultValue: string | null; required?: boolean }) {
  const { id, failed, described } = save;
  return (
    <Field label="Stripe price id" id={id("stripePriceId")} required={required} error={failed?.fields.stripePriceId} announceError>
      <input
        id={id("stripePriceId")}
        name="stripePriceId"
        aria-required={required}
        defaultValue={defaultValue ?? ""}
        placeholder="price_…"
        className={inputClass}
        {...described("stripePriceId")}
      />
    </Field>
  );
}

function OfferingForm({ offering }: { offering: AdminOffering }) {
  const save = useSave(offering.key);
  const { fetcher, failed, id, described } = save;
  const form = useShowsSavedValues([offering.priceAmount, offering.defaultCapacity, offering.stripePriceId]);
  return (
    <li className="rounded-lg border border-ink/10 p-4" aria-labelledby={id("title")}>
      <h2 id={id("title")} className="text-lg font-semibold text-navy">
        {offering.title}
      </h2>
      <p className="text-sm text-ink/70">
        {formatMinorUnits(offering.priceAmount)} · {offering.defaultCapacity} {offering.defaultCapacity === 1 ? "place" : "places"} ·{" "}
        {offering.stripePriceId ?? "no Stripe price"}
      </p>
      <fetcher.Form ref={form} method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-start">
        <input type="hidden" name="key" value={offering.key} />
        <Field label="Price (£)" id={id("price")} error={failed?.fields.price} announceError>
          <input
            id={id("price")}
            name="price"
            inputMode="decimal"
            required
            defaultValue={minorUnitsAsDecimal(offering.priceAmount)}
            className={inputClass}
            {...described("price")}
          />
        </Field>
        <Field label="Default capacity" id={id("defaultCapacity")} error={failed?.fields.defaultCapacity} announceError>
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
        <StripePriceIdField save={save} defaultValue={offering.stripePriceId} />
        <SaveButton busy={fetcher.state !== "idle"} />
      </fetcher.Form>
      <FormError failed={failed} />
    </li>
  );
}

/** The dashboard's test purchase: the spec fixes it at £1 and it is never scheduled, so only its Stripe price id is staff's to set. */
function TestProductForm({ product }: { product: AdminTestProduct }) {
  const save = useSave(TEST_PRODUCT_INTENT);
  const { fetcher, failed, id } = save;
  const form = useShowsSavedValues([product.stripePriceId]);
  return (
    <section className="rounded-lg border border-ink/10 p-4" aria-labelledby={id("title")}>
      <h2 id={id("title")} className="text-lg font-semibold text-navy">
        {product.title}
        <span className="ml-2 rounded bg-ink/10 px-1.5 text-xs font-normal">Not listed</span>
      </h2>
      <p className="text-sm text-ink/70">
        {product.priceAmount === null ? "No price" : formatMinorUnits(product.priceAmount)} · charged by the dashboard&apos;s Buy Test Product. Its price is
        fixed: with Stripe, give it the id of a £1 Stripe price.
      </p>
      <fetcher.Form ref={form} method="post" className="mt-3 grid gap-3 sm:grid-cols-[2fr_auto] sm:items-start">
        <input type="hidden" name="intent" value={TEST_PRODUCT_INTENT} />
        <StripePriceIdField save={save} defaultValue={product.stripePriceId} required />
        <SaveButton busy={fetcher.state !== "idle"} />
      </fetcher.Form>
      <FormError failed={failed} />
    </section>
  );
}

export default function AdminOfferings({ loaderData }: Route.ComponentProps) {
  return (
    <AdminSection title="Offerings">
      <div className="grid gap-6">
        <p className="rounded-md border border-gold/40 bg-gold-light p-3 text-sm text-ink">
          Changes apply to editions scheduled from now on; editions already scheduled keep their price and capacity. With Stripe, a new price needs a new Stripe
          price id for that amount: the checkout refuses an edition whose Stripe price differs from its stored amount.
        </p>
        <ul className="grid gap-4">
          {loaderData.offerings.map((offering) => (
            <OfferingForm key={offering.key} offering={offering} />
          ))}
        </ul>
        {loaderData.testProduct && <TestProductForm product={loaderData.testProduct} />}
      </div>
    </AdminSection>
  );
}

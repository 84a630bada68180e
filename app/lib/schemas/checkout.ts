import { z } from "zod";

import { CHECKOUT_MESSAGES } from "../checkout";
import { emailField, nameField, safeString, trimmed } from "./fields";

const optionalId = z.preprocess(
  (value) => (value === null || value === "" ? undefined : trimmed(value)),
  safeString({ error: CHECKOUT_MESSAGES.notAvailable }).max(200, CHECKOUT_MESSAGES.notAvailable).optional(),
);

/**
 * Spec 7, POST /api/v2/create-checkout-session: `{ priceId, userId }`, plus the
 * edition's `courseId` that every Book Now sends. The buyer is whoever the
 * session or bearer token says; `userId` is the account the page was drawn for
 * (absent for a guest), and a checkout whose buyer is not that account is refused.
 */
export const CheckoutRequestSchema = z.object({
  priceId: optionalId,
  courseId: optionalId,
  userId: optionalId,
});

export const GUEST_NAME_REQUIRED = "Please enter your full name.";

/**
 * The built-in checkout page's form: how to pay and, from a guest (a session
 * that does not know the buyer yet), their email and full name, as Stripe's
 * page with name collection asks them.
 */
export const LocalPaymentSchema = z
  .object({
    method: z.enum(["card", "klarna", "bank_transfer"], { error: "Please choose how to pay." }),
    email: z.preprocess(
      (value) => (value === "" ? undefined : value),
      emailField({ required: "Please enter your email address.", invalid: "Please enter a valid email address." }).optional(),
    ),
    name: z.preprocess((value) => (value === null ? undefined : value), nameField({ required: GUEST_NAME_REQUIRED, label: "Full name" }).optional()),
  })
  .superRefine((payment, ctx) => {
    if (payment.email !== undefined && payment.name === undefined) ctx.addIssue({ code: "custom", path: ["name"], message: GUEST_NAME_REQUIRED });
  });

import { z } from "zod";

import { CHECKOUT_MESSAGES } from "../checkout";
import { emailField, safeString, trimmed } from "./fields";

const optionalId = z.preprocess(
  (value) => (value === null || value === "" ? undefined : trimmed(value)),
  safeString({ error: CHECKOUT_MESSAGES.notAvailable }).max(200, CHECKOUT_MESSAGES.notAvailable).optional(),
);

/**
 * Spec 7, POST /api/v2/create-checkout-session: `{ priceId, userId }`, plus the
 * edition's `courseId` that every Book Now sends. `userId` is the spec's and is
 * read by nobody: the buyer is whoever the session or bearer token says.
 */
export const CheckoutRequestSchema = z.object({
  priceId: optionalId,
  courseId: optionalId,
  userId: z.unknown().optional(),
});

/** The built-in checkout page's form: how to pay, and the buyer's email when the session does not know it yet. */
export const LocalPaymentSchema = z.object({
  method: z.enum(["card", "klarna", "bank_transfer"], { error: "Please choose how to pay." }),
  email: z.preprocess(
    (value) => (value === "" ? undefined : value),
    emailField({ required: "Please enter your email address.", invalid: "Please enter a valid email address." }).optional(),
  ),
});

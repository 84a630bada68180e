import { z } from "zod";

import { emailField, safeString, trimmed } from "./fields";

/** Spec 5 and 8, and what the booking service answers: one wording for the page, the toast and the API. */
export const CHECKOUT_MESSAGES = {
  priceIdMissing: "Stripe Price ID is not configured for this course.",
  notAvailable: "This course is not available for booking at this time.",
  fullyBooked: "Fully booked: every place on these dates has been taken. Register your interest to hear about the next ones.",
  failed: "Failed to create checkout session.",
  redirectFailed: "Failed to redirect to Stripe.",
  stripeJsFailed: "Stripe.js failed to load.",
  unexpected: "An unexpected error occurred.",
} as const;

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

/** What the API answers: the session, and where the browser goes to pay. */
export interface CheckoutAnswer {
  sessionId?: string;
  url?: string;
  error?: string;
}

/** The built-in checkout page's form: how to pay, and the buyer's email when the session does not know it yet. */
export const LocalPaymentSchema = z.object({
  method: z.enum(["card", "klarna", "bank_transfer"], { error: "Please choose how to pay." }),
  email: z.preprocess(
    (value) => (value === "" ? undefined : value),
    emailField({ required: "Please enter your email address.", invalid: "Please enter a valid email address." }).optional(),
  ),
});

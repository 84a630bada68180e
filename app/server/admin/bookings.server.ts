import { and, eq } from "drizzle-orm";

import { formatMinorUnits } from "~/lib/format";
import { type AdminActor, recordAdminAction } from "~/server/admin/audit.server";
import { bookedCourse } from "~/server/booking/fulfilment.server";
import { bookingCalendarAttachment } from "~/server/catalogue/calendar.server";
import type { Transaction } from "~/server/db/client.server";
import { adminAuditLog, courses, profiles, userCoursePurchases } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { renderBookingCancelled } from "~/server/email/templates.server";
import { RefundKeyConflictError } from "~/server/payments/provider.server";
import type { AppServices } from "~/server/platform/context.server";
import { InvalidInputError, NotFoundError, UnavailableError, UpstreamError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";

const CANCEL_ACTION = "booking.cancel";
export const ALREADY_CANCELLED_MESSAGE = "This booking is no longer paid: it has already been cancelled or refunded.";
export const REFUND_CONFLICT_MESSAGE =
  "The payment provider has made another refund of this booking, of another amount, so this one was not made. Please reload the page, and check the refund in the payment provider's dashboard.";
export const REFUND_FAILED_MESSAGE = "The payment provider did not make the refund, so the booking was left as it was. Please try again later.";

type Purchase = typeof userCoursePurchases.$inferSelect;

/** The purchase under its row lock, refused unless it is a paid booking staff have not cancelled yet. */
async function lockCancellable(tx: Transaction, purchaseId: string, courseId: string | undefined): Promise<Purchase> {
  const [purchase] = await tx.select().from(userCoursePurchases).where(eq(userCoursePurchases.id, purchaseId)).for("update");
  if (!purchase || (courseId && purchase.courseId !== courseId)) throw new NotFoundError("There is no such booking.");
  // The audit entry marks our own cancel: the provider's refund event may already have changed the status.
  const [cancelled] = await tx
    .select({ id: adminAuditLog.id })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, CANCEL_ACTION), eq(adminAuditLog.subjectId, purchaseId)))
    .limit(1);
  if (cancelled) throw new UnavailableError(ALREADY_CANCELLED_MESSAGE);
  return purchase;
}

/**
 * Cancels a paid booking with a refund of `amount` (minor units, at most what
 * remains): checked under the purchase's lock, refunded by the provider with
 * a key of the purchase's own (so a retry never refunds twice), then marked,
 * told to the dentist and audited in one transaction. The provider is called
 * with no lock held, because the built-in checkout delivers its
 * `charge.refunded` event at once and that event locks the same row
 * (`recordRefund`); both write the same amount refunded, so either order agrees.
 */
export async function cancelBooking(
  services: Pick<AppServices, "database" | "payments" | "env">,
  actor: AdminActor,
  input: { purchaseId: string; amount: number; courseId?: string },
  now = new Date(),
): Promise<Purchase> {
  const { db } = services.database;
  const before = await db.transaction(async (tx) => {
    const purchase = await lockCancellable(tx, input.purchaseId, input.courseId);
    if (purchase.status !== "paid" && purchase.status !== "complete") throw new UnavailableError(ALREADY_CANCELLED_MESSAGE);
    const remaining = purchase.amountTotal - purchase.amountRefunded;
    if (input.amount <= 0 || input.amount > remaining) {
      throw new InvalidInputError(`The refund must be more than £0 and at most ${formatMinorUnits(remaining)}.`);
    }
    if (!purchase.stripePaymentIntentId) throw new UnavailableError("This booking has no payment to refund.");
    return purchase;
  });

  try {
    // One key per booking: two staff cancelling it at once with different amounts get one refund, and the other a refusal.
    await services.payments.refund({ paymentIntentId: before.stripePaymentIntentId!, amount: input.amount, idempotencyKey: `admin-refund-${before.id}` });
  } catch (error) {
    // Refused for another cancel of it with another amount: once that one is recorded (its audit entry), this one hears so.
    if (error instanceof RefundKeyConflictError) {
      await db.transaction((tx) => lockCancellable(tx, before.id, input.courseId));
      // A conflict between two staff, answered as one (409): the provider did its part.
      log.warn(`Refund of booking ${before.id} refused: another refund under its key, of another amount, went first`);
      throw new UnavailableError(REFUND_CONFLICT_MESSAGE);
    }
    log.error(`Refund of booking ${before.id} failed`, error);
    throw new UpstreamError(REFUND_FAILED_MESSAGE);
  }

  return db.transaction(async (tx) => {
    const current = await lockCancellable(tx, before.id, input.courseId);
    const amountRefunded = Math.min(current.amountTotal, Math.max(current.amountRefunded, before.amountRefunded + input.amount));
    const fullRefund = amountRefunded >= current.amountTotal;
    const [after] = await tx
      .update(userCoursePurchases)
      .set({ status: fullRefund ? "refunded" : "canceled", amountRefunded, refundedAt: current.refundedAt ?? now })
      .where(eq(userCoursePurchases.id, current.id))
      .returning();
    const [edition] = await tx.select().from(courses).where(eq(courses.id, current.courseId));
    const [profile] = current.userId ? await tx.select().from(profiles).where(eq(profiles.id, current.userId)) : [];
    const refunded = formatMinorUnits(input.amount);
    const cancellation = bookingCalendarAttachment(current, edition, services.env, "cancellation");
    await enqueueEmail(tx, {
      template: "booking-cancelled",
      to: current.customerEmail,
      // It asks the buyer to reply if they did not expect it: the reply reaches the institute, not the no-reply sender.
      replyTo: services.env.mail.staffEmail,
      ...(await renderBookingCancelled({
        name: profile?.firstName ?? current.customerName,
        course: bookedCourse(edition),
        refunded,
        paid: formatMinorUnits(current.amountTotal),
        fullRefund,
        coursesUrl: `${services.env.siteUrl}/courses`,
        hasCalendarCancellation: Boolean(cancellation),
      })),
      attachments: cancellation ? [cancellation] : [],
    });
    await recordAdminAction(tx, actor, {
      action: CANCEL_ACTION,
      subjectType: "booking",
      subjectId: current.id,
      summary: `Cancelled ${current.customerEmail}'s booking of ${edition.title} with a ${fullRefund ? "full" : "partial"} refund of ${refunded}`,
      before: { status: before.status, amountRefunded: before.amountRefunded, refundedAt: before.refundedAt },
      after: { status: after.status, amountRefunded: after.amountRefunded, refundedAt: after.refundedAt },
    });
    return after;
  });
}

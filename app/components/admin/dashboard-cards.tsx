import { CalendarPlus, CalendarX2, FlaskConical, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";

import { useDoublePress } from "~/components/forms/use-one-press";
import { Button, ButtonLink } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { atFault, Field, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { formatDateRange } from "~/lib/format";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { CreateCourseSchema, SCHEDULE_MESSAGES } from "~/lib/schemas/schedule";
import { toast } from "~/lib/toast";
import type { EditionInUse, ScheduledCourse } from "~/server/admin/schedule.server";

/** The admin dashboard's cards (app/routes/admin._index.tsx): scheduling, the upcoming dates with delete and deactivate, and the test product. */

export type DashboardIntent = "schedule" | "delete" | "deactivate";

/** An edition the admin tried to delete, and what keeps it: the dashboard offers to deactivate it instead. */
type DeactivateOfferFor = { id: string; title: string; inUse: EditionInUse };

/** What the dashboard's action answers a form: a message, or the form's failure and why. */
export type DashboardOutcome =
  | { intent: DashboardIntent; message: string; error?: undefined }
  | { intent: DashboardIntent; error: string; description?: string; deactivate?: DeactivateOfferFor };

/** Toasts for a fetcher's round trip: the busy message while it runs, then its outcome. */
function useOutcomeToasts(fetcher: ReturnType<typeof useFetcher<DashboardOutcome>>, busyMessage: string, onDone: (outcome: DashboardOutcome) => void) {
  const toastId = useRef<string | number | undefined>(undefined);
  const handled = useRef<DashboardOutcome | undefined>(undefined);
  const done = useEffectEvent(onDone);
  useEffect(() => {
    if (fetcher.state === "submitting" && toastId.current === undefined) toastId.current = toast.loading(busyMessage);
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const id = toastId.current;
    toastId.current = undefined;
    const outcome = fetcher.data;
    if (outcome.error === undefined) toast.success(outcome.message, { id });
    else toast.error(outcome.error, { id, description: outcome.description });
    done(outcome);
  }, [fetcher.state, fetcher.data, busyMessage]);
}

function Notice({ outcome }: { outcome: DashboardOutcome | undefined }) {
  if (!outcome) return null;
  return outcome.error === undefined ? (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
      {outcome.message}
    </p>
  ) : (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">{outcome.error}</p>
      {outcome.description && <p className="mt-1">{outcome.description}</p>}
    </div>
  );
}

const SCHEDULE_ERROR_ID = "schedule-error";
const SCHEDULE_REFUSAL_ID = "schedule-refusal";

const cardClass = "rounded-2xl border border-navy/10 bg-white p-5 shadow-sm sm:p-6";

export function ScheduleCard({
  templates,
  schedulable,
  serverOutcome,
}: {
  templates: { id: string; title: string }[];
  /** The first and last start dates the server accepts. */
  schedulable: { first: string; last: string };
  serverOutcome: DashboardOutcome | undefined;
}) {
  const fetcher = useFetcher<DashboardOutcome>({ key: "schedule-course" });
  const formRef = useRef<HTMLFormElement>(null);
  // The fields the form's check found at fault: only those are marked invalid.
  const [faults, setFaults] = useState<ReadonlySet<string>>(new Set());
  const { sent, isSecondPress } = useDoublePress();
  useOutcomeToasts(fetcher, SCHEDULE_MESSAGES.scheduling, (outcome) => {
    if (outcome.error !== undefined) return;
    if (!formRef.current) return;
    formRef.current.reset();
    sent(formRef.current);
  });
  const busy = fetcher.state !== "idle";
  // The server's refusal (a day past, too far ahead, or already scheduled) stays beside the form after its toast has gone, on the start date it is about.
  const refusal = !busy && fetcher.data?.error !== undefined ? fetcher.data : undefined;

  // The endpoint's own schema, so the form refuses what the server would (spec 5's message when a field is missing).
  function checkRequired(event: FormEvent<HTMLFormElement>) {
    // A double-click's second press, after a fast answer had emptied the form: not a second, empty, schedule.
    if (isSecondPress(event.currentTarget)) return event.preventDefault();
    const parsed = CreateCourseSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    setFaults(new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0]))));
    if (!parsed.success) {
      event.preventDefault();
      toast.error(firstIssueMessage(parsed.error));
    }
  }

  return (
    <section aria-labelledby="schedule-heading" className={cardClass}>
      <h2 id="schedule-heading" className="flex items-center gap-2 text-xl font-semibold text-navy">
        <CalendarPlus aria-hidden="true" className="size-5 text-gold-dark" />
        Schedule a New Course
      </h2>
      <p className="mt-2 text-sm text-ink/80">
        Pick a course and its first day. The new dates copy the course&apos;s length, page and place, take today&apos;s price, and are announced by email to
        everyone who asked to hear.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={checkRequired}
        className="mt-5 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="schedule" />
        <Field label="Course" id="schedule-template" required>
          <select
            id="schedule-template"
            name="template_course_id"
            defaultValue=""
            required
            className={inputClass}
            {...atFault(faults.has("template_course_id"), SCHEDULE_ERROR_ID)}
          >
            <option value="">Select a course</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.title}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Start date" id="schedule-start" required>
          <input
            id="schedule-start"
            name="new_start_date"
            type="date"
            min={schedulable.first}
            max={schedulable.last}
            required
            className={inputClass}
            {...atFault(faults.has("new_start_date"), SCHEDULE_ERROR_ID)}
            {...(faults.size === 0 ? atFault(refusal !== undefined, SCHEDULE_REFUSAL_ID) : {})}
          />
        </Field>
        <Button type="submit" variant="navy" disabled={busy}>
          {busy ? "Scheduling..." : "Schedule course"}
        </Button>
      </fetcher.Form>
      {faults.size > 0 && (
        <p id={SCHEDULE_ERROR_ID} role="alert" className="mt-3 text-sm font-medium text-red-700">
          {SCHEDULE_MESSAGES.required}
        </p>
      )}
      {refusal && faults.size === 0 && (
        // Announced by its toast already: shown here without a second alert.
        <div id={SCHEDULE_REFUSAL_ID} className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{refusal.error}</p>
          {refusal.description && <p className="mt-1">{refusal.description}</p>}
        </div>
      )}
      {serverOutcome && (
        <div className="mt-4">
          <Notice outcome={serverOutcome} />
        </div>
      )}
    </section>
  );
}

type Upcoming = ScheduledCourse;

function DeactivateOffer({ course, onDone }: { course: DeactivateOfferFor; onDone: () => void }) {
  const fetcher = useFetcher<DashboardOutcome>({ key: "deactivate-course" });
  useOutcomeToasts(fetcher, "Deactivating course...", (outcome) => {
    if (outcome.error === undefined) onDone();
  });
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        {course.inUse === "bookings" ? (
          <>
            <span className="font-semibold">{course.title} has bookings, so it cannot be deleted.</span> Deactivate it instead: it leaves sale and the schedule,
            and its bookings are kept.
          </>
        ) : (
          <>
            <span className="font-semibold">{course.title} has a checkout in progress, so it cannot be deleted.</span> Deactivate it instead: it leaves sale and
            the schedule, and the checkout is ended.
          </>
        )}
      </p>
      <fetcher.Form method="post" className="flex shrink-0 gap-2">
        <input type="hidden" name="intent" value="deactivate" />
        <input type="hidden" name="course_id" value={course.id} />
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Keep it
        </Button>
        <Button type="submit" variant="navy" size="sm" disabled={fetcher.state !== "idle"}>
          Deactivate
        </Button>
      </fetcher.Form>
    </div>
  );
}

export function UpcomingCard({
  upcoming,
  confirm,
  serverOutcome,
}: {
  upcoming: Upcoming[] | null;
  confirm: Upcoming | null;
  serverOutcome: DashboardOutcome | undefined;
}) {
  const fetcher = useFetcher<DashboardOutcome>({ key: "delete-course" });
  const [pending, setPending] = useState<Upcoming | null>(null);
  const [offer, setOffer] = useState<DeactivateOfferFor | null>(null);
  useOutcomeToasts(fetcher, SCHEDULE_MESSAGES.deleting, (outcome) => setOffer(outcome.error !== undefined && outcome.deactivate ? outcome.deactivate : null));
  const shownOffer = offer ?? (serverOutcome?.error !== undefined ? serverOutcome.deactivate : undefined);

  // The deleted date's row, and its delete button, are about to go: focus then waits on the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  function remove() {
    if (!pending) return;
    void fetcher.submit({ intent: "delete", course_id: pending.id }, { method: "post" });
    deleted.current = true;
    setPending(null);
  }

  return (
    <section aria-labelledby="upcoming-heading" className={cardClass}>
      <h2 ref={heading} id="upcoming-heading" tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold text-navy">
        <CalendarX2 aria-hidden="true" className="size-5 text-gold-dark" />
        Manage Upcoming Courses
      </h2>
      <div className="mt-4 grid gap-3">
        {serverOutcome && !serverOutcome.error && <Notice outcome={serverOutcome} />}
        {serverOutcome?.error && !serverOutcome.deactivate && <Notice outcome={serverOutcome} />}
        {shownOffer && (
          <DeactivateOffer
            course={shownOffer}
            onDone={() => {
              // The offer and its buttons go: focus waits on the list's heading, not on the page's start.
              heading.current?.focus();
              setOffer(null);
            }}
          />
        )}
        {confirm && (
          <div role="alertdialog" aria-labelledby="confirm-heading" className="rounded-md border border-red-200 bg-red-50 p-4">
            <p id="confirm-heading" className="font-semibold text-navy">
              Are you absolutely sure?
            </p>
            <p className="mt-1 text-sm text-ink/80">
              This action cannot be undone. {confirm.title} on {formatDateRange(confirm.startDate, confirm.endDate)} will be permanently deleted.
            </p>
            <Form method="post" action="/admin?index" className="mt-3 flex gap-2">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="course_id" value={confirm.id} />
              <ButtonLink variant="ghost" size="sm" to="/admin">
                Cancel
              </ButtonLink>
              <Button type="submit" variant="danger" size="sm">
                Continue
              </Button>
            </Form>
          </div>
        )}
      </div>
      {upcoming === null ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {SCHEDULE_MESSAGES.loadFailed}
        </p>
      ) : upcoming.length === 0 ? (
        <p className="mt-4 text-ink/70">No upcoming courses are scheduled.</p>
      ) : (
        <ul aria-label="Upcoming courses" className="mt-4 divide-y divide-navy/10 rounded-xl border border-navy/10">
          {upcoming.map((course) => (
            <li key={course.id} className="flex items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-navy">{course.title}</p>
                <p className="text-sm text-ink/75">
                  {formatDateRange(course.startDate, course.endDate)}
                  {!course.isActive && <span className="ml-2 rounded-full bg-mist px-2 py-0.5 text-xs font-semibold text-ink/80">Deactivated</span>}
                </p>
                {course.keptForBookings && <p className="mt-1 text-sm text-ink/75">Kept because it has bookings: it cannot be deleted.</p>}
                {/* The date's own page puts it back on sale: scheduling the day again is refused. */}
                {!course.isActive && (
                  <Link to={`/admin/editions/${course.id}`} className="-my-1 inline-block py-1 text-sm font-semibold text-navy underline">
                    Put back on sale from its page
                    <span className="sr-only">
                      : {course.title} {formatDateRange(course.startDate, course.endDate)}
                    </span>
                  </Link>
                )}
              </div>
              {/* Without JavaScript this asks for the inline confirmation; with it, the dialog opens. */}
              {!course.keptForBookings && (
                <Form method="get" action="/admin" onSubmit={(event) => (event.preventDefault(), setPending(course))}>
                  <button
                    type="submit"
                    name="delete"
                    value={course.id}
                    aria-label={`Delete ${course.title} ${formatDateRange(course.startDate)}`}
                    title="Delete"
                    className={cn(
                      "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-red-700 transition-colors hover:bg-red-50",
                      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700",
                    )}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <DialogContent
          width="md"
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            deleted.current = false;
            event.preventDefault();
            heading.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Are you absolutely sure?</DialogTitle>
            <DialogDescription>
              This action cannot be undone. {pending ? `${pending.title} on ${formatDateRange(pending.startDate, pending.endDate)}` : "The course"} will be
              permanently deleted.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button type="button" variant="danger" onClick={remove}>
              Continue
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

export function TestProductCard({ error }: { error: string | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "test-purchase";
  return (
    <section aria-labelledby="test-product-heading" className={cardClass}>
      <h2 id="test-product-heading" className="flex items-center gap-2 text-xl font-semibold text-navy">
        <FlaskConical aria-hidden="true" className="size-5 text-gold-dark" />
        Test Product
      </h2>
      <p className="mt-2 text-sm text-ink/80">Buys a £1 test product through the real checkout: payment, confirmation email and receipt.</p>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="test-purchase" />
        <Button type="submit" disabled={busy}>
          {busy ? "Processing..." : "Buy Test Product (£1)"}
        </Button>
      </Form>
    </section>
  );
}

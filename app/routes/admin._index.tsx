import { data, redirect } from "react-router";

import { AdminSection } from "~/components/admin/admin-list";
import { type DashboardIntent, type DashboardOutcome, ScheduleCard, TestProductCard, UpcomingCard } from "~/components/admin/dashboard-cards";
import { unlessConnectionLost } from "~/lib/connection-lost";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { CreateCourseSchema, DeactivateCourseSchema, DeleteCourseSchema, deletedMessage, SCHEDULE_MESSAGES } from "~/lib/schemas/schedule";
import {
  courseTemplates,
  deactivateEdition,
  deleteEdition,
  EditionHasBookingsError,
  schedulableDates,
  scheduledCourses,
  scheduleFromTemplate,
} from "~/server/admin/schedule.server";
import { startCheckout } from "~/server/booking/checkout.server";
import { todayIsoDate } from "~/server/catalogue/editions.server";
import { adminRoute, signedInUser } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/request-bodies.server";
import { refusalOf } from "~/server/http/responses.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/admin._index";

export const middleware = [adminRoute()];

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = appServices(context).database.db;
  const today = todayIsoDate();
  let upcoming: Awaited<ReturnType<typeof scheduledCourses>> | null = null;
  try {
    upcoming = await scheduledCourses(db, today);
  } catch (error) {
    log.error("Could not load scheduled courses", error);
  }
  // Without JavaScript a delete icon asks the page again with ?delete=<id>, and it shows the confirmation inline.
  const confirmId = new URL(request.url).searchParams.get("delete");
  return {
    templates: await courseTemplates(db),
    upcoming,
    confirm: upcoming?.find((course) => course.id === confirmId && !course.keptForBookings) ?? null,
    schedulable: schedulableDates(),
  };
}

/** What each form says when it fails, on the server or on a lost connection. */
const FAILED: Record<DashboardIntent, string> = {
  schedule: SCHEDULE_MESSAGES.scheduleFailed,
  delete: SCHEDULE_MESSAGES.deleteFailed,
  deactivate: "Failed to deactivate course.",
};
const isIntent = (value: unknown): value is DashboardIntent => typeof value === "string" && Object.hasOwn(FAILED, value);

const refused = (intent: DashboardIntent, error: string, status: number, extra: Partial<Extract<DashboardOutcome, { error: string }>> = {}) =>
  data<DashboardOutcome>({ intent, error, ...extra }, status);

/** Spec 8: a scheduling or deletion whose request is lost fails with the step's message and the browser's reason. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  // The test purchase leaves for the checkout page: nothing on this page to tell.
  if (!isIntent(intent)) return serverAction();
  return unlessConnectionLost(serverAction, (reason): DashboardOutcome => ({ intent, error: FAILED[intent], description: reason }));
}

/**
 * The dashboard's forms: schedule from a template, delete or deactivate an
 * edition (the same services as the create-course and delete-course endpoints),
 * and the Test Product card's £1 purchase through the whole checkout path.
 */
export async function action(args: Route.ActionArgs) {
  const form = await readFormData(args.request);
  const intent = form.get("intent");
  const admin = await signedInUser(args);
  const services = appServices(args.context);
  const db = services.database.db;
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
  if (intent === "schedule") {
    const parsed = CreateCourseSchema.safeParse(fields);
    if (!parsed.success) return refused(intent, FAILED.schedule, 400, { description: firstIssueMessage(parsed.error) });
    try {
      await scheduleFromTemplate(db, admin, parsed.data, { siteUrl: services.env.siteUrl });
      return data<DashboardOutcome>({ intent, message: SCHEDULE_MESSAGES.scheduled });
    } catch (error) {
      const { status, message } = refusalOf(error);
      return refused(intent, FAILED.schedule, status, { description: message });
    }
  }
  if (intent === "delete" || intent === "deactivate") {
    const parsed = (intent === "deactivate" ? DeactivateCourseSchema : DeleteCourseSchema).safeParse(fields);
    if (!parsed.success) return refused(intent, FAILED[intent], 400, { description: firstIssueMessage(parsed.error) });
    try {
      if (intent === "deactivate") {
        const { title } = await deactivateEdition(services, admin, parsed.data.course_id);
        return data<DashboardOutcome>({ intent, message: `Deactivated ${title}: it is off sale and off the schedule, and its bookings are kept.` });
      }
      const { title } = await deleteEdition(services, admin, parsed.data.course_id);
      return data<DashboardOutcome>({ intent, message: deletedMessage(title) });
    } catch (error) {
      const { status, message } = refusalOf(error);
      const deactivate = error instanceof EditionHasBookingsError ? { id: parsed.data.course_id, title: error.title, inUse: error.inUse } : undefined;
      return refused(intent, FAILED[intent], status, { description: message, deactivate });
    }
  }
  if (intent === "test-purchase") {
    try {
      const { url } = await startCheckout(
        services,
        { testProduct: true, buyer: { id: admin.id, email: admin.email } },
        { clientIp: args.context.get(requestInfoContext).clientIp },
      );
      return redirect(url, 303);
    } catch (error) {
      const { status, message } = refusalOf(error);
      return data({ error: message }, status);
    }
  }
  return data({ error: "Unknown action." }, 400);
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData && "intent" in actionData ? actionData : undefined;
  const unknownError = actionData && !("intent" in actionData) ? actionData.error : undefined;
  return (
    <AdminSection title="Admin Dashboard">
      <div className="grid max-w-5xl gap-6 sm:gap-8">
        <ScheduleCard
          templates={loaderData.templates}
          schedulable={loaderData.schedulable}
          serverOutcome={outcome?.intent === "schedule" ? outcome : undefined}
        />
        <UpcomingCard
          upcoming={loaderData.upcoming}
          confirm={loaderData.confirm}
          serverOutcome={outcome && outcome.intent !== "schedule" ? outcome : undefined}
        />
        <TestProductCard error={unknownError} />
      </div>
    </AdminSection>
  );
}

import { AdminSection, AdminTable, CsvLink, TD, TEXT_TD, When } from "~/components/admin/admin-list";
import { mailtoHref } from "~/lib/mailto";
import { seo } from "~/lib/seo";
import { interestByCourse } from "~/server/admin/lists.server";
import { adminRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.interest";

export const middleware = [adminRoute()];

/** Whether a registration hears of new dates: once its link is followed, until it unsubscribes. */
type InterestStatus = "Subscribed" | "Awaiting confirmation" | "Unsubscribed";

function statusOf(registration: { confirmedAt: Date | null; unsubscribedAt: Date | null }): InterestStatus {
  if (registration.unsubscribedAt) return "Unsubscribed";
  return registration.confirmedAt ? "Subscribed" : "Awaiting confirmation";
}

const STATUS_TONE: Record<InterestStatus, string> = { Subscribed: "", "Awaiting confirmation": "text-ink/70", Unsubscribed: "text-red-800" };

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Interest", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const groups = await interestByCourse(appServices(context).database.db);
  return {
    groups: groups.map((group) => ({
      offeringKey: group.offeringKey,
      course: group.course,
      registrations: group.registrations.map((registration) => ({
        id: registration.id,
        name: registration.name,
        email: registration.email,
        registeredAt: registration.registeredAt.toISOString(),
        status: statusOf(registration),
      })),
    })),
  };
}

export default function AdminInterest({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <AdminSection title="Interest" actions={<CsvLink href="/admin/interest.csv" />}>
      {groups.length === 0 ? (
        <p className="text-ink/70">No interest registrations yet.</p>
      ) : (
        <div className="grid grid-cols-1 gap-8">
          {groups.map((group) => (
            <section key={group.offeringKey} aria-labelledby={`interest-${group.offeringKey}`} data-testid="interest-group">
              <h2 id={`interest-${group.offeringKey}`} className="text-xl font-semibold text-navy">
                {group.course}{" "}
                <span className="font-sans text-base font-medium text-ink/70">
                  ({group.registrations.length} registered, {group.registrations.filter((registration) => registration.status === "Subscribed").length}{" "}
                  subscribed)
                </span>
              </h2>
              <div className="mt-3">
                <AdminTable headings={["Name", "Email", "Registered", "Status"]} minWidthClass="min-w-[36rem]">
                  {group.registrations.map((registration) => (
                    <tr key={registration.id}>
                      <td className={TEXT_TD}>{registration.name}</td>
                      <td className={TD}>
                        <a href={mailtoHref(registration.email, { subject: group.course })} className="break-all underline">
                          {registration.email}
                        </a>
                      </td>
                      <td className={`${TD} whitespace-nowrap`}>
                        <When value={registration.registeredAt} />
                      </td>
                      <td className={`${TD} ${STATUS_TONE[registration.status]}`}>{registration.status}</td>
                    </tr>
                  ))}
                </AdminTable>
              </div>
            </section>
          ))}
        </div>
      )}
    </AdminSection>
  );
}

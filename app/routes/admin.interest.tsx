import { AdminSection, AdminTable, CsvLink, TD, TEXT_TD, When } from "~/components/admin/admin-list";
import { mailtoHref } from "~/lib/mailto";
import { seo } from "~/lib/seo";
import { interestByCourse } from "~/server/admin/lists.server";
import { adminRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.interest";

export const middleware = [adminRoute()];

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
        unsubscribed: registration.unsubscribedAt !== null,
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
                {group.course} <span className="text-base font-medium text-ink/70">({group.registrations.length})</span>
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
                      <td className={TD}>{registration.unsubscribed ? <span className="text-red-800">Unsubscribed</span> : "Subscribed"}</td>
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

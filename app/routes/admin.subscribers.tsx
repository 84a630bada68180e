import { AdminSection, AdminTable, CsvLink, TD, TEXT_TD, When } from "~/components/admin/admin-list";
import { mailtoHref } from "~/lib/mailto";
import { seo } from "~/lib/seo";
import { confirmedSubscribers } from "~/server/admin/lists.server";
import { adminRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/admin.subscribers";

export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Subscribers", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const subscribers = await confirmedSubscribers(appServices(context).database.db);
  return {
    subscribers: subscribers.map((subscriber) => ({
      id: subscriber.id,
      name: subscriber.name,
      email: subscriber.email,
      confirmedAt: subscriber.confirmedAt?.toISOString() ?? null,
    })),
  };
}

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers } = loaderData;
  return (
    <AdminSection title="Subscribers" count={`${subscribers.length} confirmed`} actions={<CsvLink href="/admin/subscribers.csv" />}>
      {subscribers.length === 0 ? (
        <p className="text-ink/70">No confirmed subscribers yet.</p>
      ) : (
        <AdminTable headings={["Name", "Email", "Confirmed"]} minWidthClass="min-w-[30rem]">
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className={TEXT_TD}>{subscriber.name ?? <span className="text-ink/75">(no name)</span>}</td>
              <td className={TD}>
                <a href={mailtoHref(subscriber.email)} className="break-all underline">
                  {subscriber.email}
                </a>
              </td>
              <td className={`${TD} whitespace-nowrap`}>{subscriber.confirmedAt && <When value={subscriber.confirmedAt} dateOnly />}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}

import { and, asc, desc, isNotNull, isNull } from "drizzle-orm";

import type { Database } from "~/server/db/client.server";
import { interestRegistrations, newsletterSubscribers, offerings } from "~/server/db/schema.server";

interface InterestRow {
  id: string;
  name: string;
  email: string;
  registeredAt: Date;
  /** When its emailed link was followed: only then does it hear of new dates (announcements.server). */
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

export interface InterestGroup {
  offeringKey: string;
  /** The offering's title; its key when the offering is gone. */
  course: string;
  registrations: InterestRow[];
}

/**
 * Interest registrations by course, in the offerings' own order (a registration
 * naming two courses is in both groups), newest first within each.
 */
export async function interestByCourse(db: Database): Promise<InterestGroup[]> {
  const [courses, registrations] = await Promise.all([
    db.select({ key: offerings.key, title: offerings.title }).from(offerings).orderBy(asc(offerings.position), asc(offerings.title)),
    db.select().from(interestRegistrations).orderBy(desc(interestRegistrations.createdAt), desc(interestRegistrations.id)),
  ]);
  const groups = new Map<string, InterestGroup>(courses.map((course) => [course.key, { offeringKey: course.key, course: course.title, registrations: [] }]));
  for (const registration of registrations) {
    for (const key of new Set(registration.offeringKeys)) {
      let group = groups.get(key);
      if (!group) {
        group = { offeringKey: key, course: key, registrations: [] };
        groups.set(key, group);
      }
      group.registrations.push({
        id: registration.id,
        name: registration.name,
        email: registration.email,
        registeredAt: registration.createdAt,
        confirmedAt: registration.confirmedAt,
        unsubscribedAt: registration.unsubscribedAt,
      });
    }
  }
  return [...groups.values()].filter((group) => group.registrations.length > 0);
}

/** Newsletter subscribers who followed their confirmation link and have not unsubscribed, newest confirmation first. */
export async function confirmedSubscribers(db: Database) {
  return db
    .select({
      id: newsletterSubscribers.id,
      name: newsletterSubscribers.name,
      email: newsletterSubscribers.email,
      confirmedAt: newsletterSubscribers.confirmedAt,
    })
    .from(newsletterSubscribers)
    .where(and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt)))
    .orderBy(desc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.email));
}

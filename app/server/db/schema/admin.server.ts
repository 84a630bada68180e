import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

import { users } from "./auth.server";
import { courses } from "./catalogue.server";
import { createdAt } from "./columns.server";

/**
 * Every change an administrator makes, written in the change's own
 * transaction: who (kept by address when the account goes), what, when, and
 * the subject's values before and after.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** What was done, e.g. `edition.schedule`, `booking.refund`. */
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    /** One line a person reads in the log. */
    summary: text("summary").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (table) => [index("admin_audit_log_created_at_idx").on(table.createdAt)],
);

/** Who was told of a new edition: its primary key makes the announcement go once per address. */
export const editionAnnouncements = pgTable(
  "edition_announcements",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.email] })],
);

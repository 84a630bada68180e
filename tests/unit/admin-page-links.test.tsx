import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import { PageLinks } from "~/components/admin/admin-list";
import { olderPageBefore } from "~/lib/schemas/admin-lists";

const links = (paged: boolean, olderBefore: string | null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PageLinks path="/admin/inbox" noun="messages" paged={paged} olderBefore={olderBefore} />
    </MemoryRouter>,
  );

describe("the pages of a back-office list, newest first", () => {
  it("goes on to older rows from a full page's last time, and not past a short page", () => {
    const rows = [new Date("2026-11-29T10:00:00Z"), new Date("2026-11-28T09:30:00Z")].map((createdAt) => ({ createdAt }));
    expect(olderPageBefore(rows, 2)).toBe("2026-11-28T09:30:00.000Z");
    expect(olderPageBefore(rows, 3)).toBeNull();
  });

  it("links back to the newest from an older page, and on to older ones while there are more", () => {
    expect(links(false, null)).toBe('<nav aria-label="More messages" class="mt-6 flex gap-4 text-sm font-medium"></nav>');
    const older = links(true, "2026-11-28T09:30:00.000Z");
    expect(older).toContain('<a class="underline" href="/admin/inbox" data-discover="true">Newest messages</a>');
    expect(older).toContain('href="/admin/inbox?before=2026-11-28T09%3A30%3A00.000Z" data-discover="true">Older messages</a>');
  });
});

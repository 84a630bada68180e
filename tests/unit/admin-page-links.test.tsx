import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import { PageLinks } from "~/components/admin/admin-list";
import { olderPageAfter } from "~/lib/schemas/admin-lists";

const links = (paged: boolean, olderAfter: string | null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PageLinks path="/admin/inbox" noun="messages" paged={paged} olderAfter={olderAfter} />
    </MemoryRouter>,
  );

describe("the pages of a back-office list, newest first", () => {
  it("goes on to older rows after a full page's last row, and not past a short page", () => {
    const rows = [{ id: "6f0c1d2e-0000-4000-8000-000000000001" }, { id: "6f0c1d2e-0000-4000-8000-000000000002" }];
    expect(olderPageAfter(rows, 2)).toBe("6f0c1d2e-0000-4000-8000-000000000002");
    expect(olderPageAfter(rows, 3)).toBeNull();
  });

  it("links back to the newest from an older page, and on to older ones while there are more", () => {
    expect(links(false, null)).toBe('<nav aria-label="More messages" class="mt-6 flex gap-4 text-sm font-medium"></nav>');
    const older = links(true, "6f0c1d2e-0000-4000-8000-000000000002");
    expect(older).toContain('<a class="underline" href="/admin/inbox" data-discover="true">Newest messages</a>');
    expect(older).toContain('href="/admin/inbox?after=6f0c1d2e-0000-4000-8000-000000000002" data-discover="true">Older messages</a>');
  });
});

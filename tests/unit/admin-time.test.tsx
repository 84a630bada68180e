import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { When } from "~/components/admin/admin-list";

describe("a time in the back office", () => {
  it("is London time and says so, in winter and in summer, so staff in Dubai do not read it as their own", () => {
    expect(renderToStaticMarkup(<When value="2026-11-29T14:28:00.000Z" />)).toBe('<time dateTime="2026-11-29T14:28:00.000Z">29 Nov 2026, 14:28 GMT</time>');
    expect(renderToStaticMarkup(<When value="2026-07-29T14:28:00.000Z" />)).toBe('<time dateTime="2026-07-29T14:28:00.000Z">29 Jul 2026, 15:28 BST</time>');
  });

  it("is a London day alone where only the day matters", () => {
    expect(renderToStaticMarkup(<When value="2026-07-29T23:30:00.000Z" dateOnly />)).toBe('<time dateTime="2026-07-29T23:30:00.000Z">30 Jul 2026</time>');
  });
});

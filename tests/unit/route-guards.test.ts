import { describe, expect, it } from "vitest";

import routes from "~/routes";
import { type GuardKind, guardKindOf } from "~/server/http/guards.server";

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

const modules = import.meta.glob<{ middleware?: unknown[]; loader?: unknown; action?: unknown }>(["../../app/routes/**/*.{ts,tsx}", "../../app/root.tsx"]);

function files(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);
}

const routeFiles = ["root.tsx", ...files(routes)];

async function guardsOf(file: string): Promise<{ kinds: GuardKind[]; hasHandler: boolean }> {
  const load = modules[`../../app/${file}`];
  if (!load) throw new Error(`app/routes.ts names ${file}, which does not exist`);
  const module = await load();
  const kinds = (module.middleware ?? []).map(guardKindOf).filter((kind): kind is GuardKind => kind !== undefined);
  return { kinds, hasHandler: Boolean(module.loader || module.action) };
}

describe("route guards", () => {
  it("finds every route of app/routes.ts", () => {
    expect(routeFiles.length).toBeGreaterThan(40);
    expect(new Set(routeFiles).size).toBeGreaterThan(35);
  });

  it.each([...new Set(routeFiles)])("%s declares exactly one guard, which runs before its loader and action", async (file) => {
    const { kinds } = await guardsOf(file);
    expect(kinds, `${file} exports middleware with one guard from app/server/http/guards.server.ts`).toHaveLength(1);
  });

  it("guards the pages the spec restricts as it says", async () => {
    expect((await guardsOf("routes/account.tsx")).kinds).toEqual(["signed-in"]);
    expect((await guardsOf("routes/admin.tsx")).kinds).toEqual(["admin"]);
    expect((await guardsOf("routes/admin._index.tsx")).kinds).toEqual(["admin"]);
    expect((await guardsOf("routes/auth.tsx")).kinds).toEqual(["anonymous"]);
    for (const file of routeFiles.filter((path) => path.startsWith("routes/dev."))) expect((await guardsOf(file)).kinds, file).toEqual(["local-dev"]);
    for (const file of routeFiles.filter((path) => /^routes\/api\.(?!auth|stripe)/.test(path))) expect((await guardsOf(file)).kinds, file).toEqual(["api"]);
    expect((await guardsOf("routes/api.stripe.webhook.ts")).kinds).toEqual(["webhook"]);
    expect((await guardsOf("routes/account.receipts.$purchaseId.tsx")).kinds).toEqual(["signed-in"]);
  });

  it("knows a function that is not a guard", () => {
    expect(guardKindOf(() => undefined)).toBeUndefined();
    expect(guardKindOf("public")).toBeUndefined();
  });
});

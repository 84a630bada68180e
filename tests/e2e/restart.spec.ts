import { rmSync } from "node:fs";
import { resolve } from "node:path";

import { demoModeWarning } from "../../server/local-requests";
import { openAccount } from "./accounts";
import { portNextTo, startAppInstance } from "./app-instance";
import { fixturesOf } from "./data";
import { expect, signInAs, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

test("on the embedded database, a session survives a server killed with SIGKILL, which starts again at once", async ({ browser, baseURL }) => {
  // A server of its own, so restarting it disturbs no other test; its signing secret is kept in its data directory.
  const port = portNextTo(baseURL, 3);
  const dataDir = resolve(`.tmp/e2e-restart-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  let server = await startAppInstance(port, { DATA_DIR: dataDir });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const account = await fixturesOf(server.url).person({ firstName: "Omar", lastName: "Saleh" });
    await signInAs(context, account, server.url);
    await openAccount(page);

    // Killed outright: its lock stays behind, and the next start takes it over because its holder is dead.
    await server.crash();
    server = await server.restart();
    expect(server.output()).not.toContain("Another process is using the embedded database");
    expect(
      server
        .output()
        .split("\n")
        .filter((line) => line.includes(demoModeWarning({ payments: true, mail: true }))),
    ).toHaveLength(1);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Profile Details" }).getByText(account.email, { exact: true })).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

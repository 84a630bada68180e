import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { signUpThroughUi, uniqueEmail } from "./accounts";
import { portNextTo, startAppInstance } from "./app-instance";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

test("on the embedded database, a session survives a server restart", async ({ browser, baseURL }) => {
  // A server of its own, so restarting it disturbs no other test; its signing secret is kept in its data directory.
  const port = portNextTo(baseURL, 3);
  const dataDir = resolve(`.tmp/e2e-restart-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  let server = await startAppInstance(port, { DATA_DIR: dataDir });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const account = { firstName: "Omar", lastName: "Saleh", email: uniqueEmail("restart"), password: "restart-password-1" };
    await signUpThroughUi(page, context.request, account);

    server = await server.restart();
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Profile Details" }).getByText(account.email, { exact: true })).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

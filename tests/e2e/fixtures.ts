import { test as base, expect, type ConsoleMessage } from "@playwright/test";

interface Fixtures {
  /** Console errors the test expects; any other console error fails it. */
  allowConsoleErrors: (pattern: RegExp) => void;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      };
      page.on("console", onConsole);
      page.on("pageerror", (error) => unexpected.push(`pageerror: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      page.off("console", onConsole);
      expect(unexpected, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

import { reactRouter } from "@react-router/dev/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * React Router's plugin builds app/'s routes for the http project. In serve
 * mode (as Vitest runs it) it also starts file watchers for type generation,
 * closed only in buildEnd, which Vitest never calls; a test run needs no
 * watching, so they are closed as soon as the plugin has read its config.
 */
function reactRouterWithoutWatchers(): Plugin[] {
  return reactRouter().map((plugin) => {
    if (plugin.name !== "react-router" || typeof plugin.config !== "function" || typeof plugin.buildEnd !== "function") return plugin;
    const { config, buildEnd } = plugin;
    return {
      ...plugin,
      async config(...args) {
        const result = await config.apply(this, args);
        await buildEnd.call(this as never);
        return result;
      },
    };
  });
}

/**
 * Vitest hands the SSR resolve conditions to Node for the packages it leaves
 * to Node. React Router's plugin adds "module", under which Node's require
 * takes @opentelemetry/api's bundler-only ESM build (prom-client requires it)
 * and fails; Node as the production server runs it uses no such condition.
 */
function withoutModuleConditionForNode(): Plugin {
  return {
    name: "without-module-condition-for-node",
    configResolved(config) {
      const { resolve } = config.ssr;
      if (resolve?.conditions) resolve.conditions = resolve.conditions.filter((condition) => condition !== "module");
    },
  };
}

const databaseProject = (driver: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `db-${driver}`,
    // Each file opens a database of its own; sharing a worker's loaded modules between files saves their import
    // (the suite took 208 s isolated, 159 s not; three file orders passed).
    isolate: false,
    include: ["tests/integration/**/*.test.ts"],
    env: { TEST_DB_DRIVER: driver },
    globalSetup: driver === "pglite" ? ["tests/support/pglite-template.setup.ts"] : [],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest leaves a core free by default: one worker on CI's two cores. Two took the suite from 333 s to 244-256 s here.
    maxWorkers: "100%",
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], testTimeout: 60_000 } },
      // The whole product over real HTTP: the Express app and the route build of app/, on PGlite.
      {
        extends: true,
        plugins: [...reactRouterWithoutWatchers(), withoutModuleConditionForNode()],
        test: {
          name: "http",
          // As the database projects: each file starts an app on a database of its own.
          isolate: false,
          // The document links its stylesheet by URL: let Vite resolve it as it does for the dev server.
          css: true,
          include: ["tests/http/**/*.test.ts"],
          env: { TEST_DB_DRIVER: "pglite" },
          globalSetup: ["tests/support/pglite-template.setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      databaseProject("pglite"),
      // The same data-layer tests on a real PostgreSQL when CI provides one.
      ...(process.env.TEST_DATABASE_URL ? [databaseProject("postgres")] : []),
    ],
  },
});

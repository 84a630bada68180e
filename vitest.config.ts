import { defineConfig } from "vitest/config";

const databaseProject = (driver: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `db-${driver}`,
    include: ["tests/integration/**/*.test.ts"],
    env: { TEST_DB_DRIVER: driver },
    globalSetup: driver === "pglite" ? ["tests/support/pglite-template.setup.ts"] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      databaseProject("pglite"),
      // The same data-layer tests on a real PostgreSQL when CI provides one.
      ...(process.env.TEST_DATABASE_URL ? [databaseProject("postgres")] : []),
    ],
  },
});

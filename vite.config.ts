import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our Express app, which imports React Router's
  // server build: one bundle, so the database and workers exist once per process.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Browser files are compressed once at build time (gzip and brotli), not on every request.
    !isSsrBuild && compression({ include: /\.(js|css|svg|json|txt)$/, algorithms: ["gzip", "brotliCompress"], threshold: 1024 }),
  ],
}));

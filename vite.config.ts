import { fileURLToPath } from "node:url";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig(({ command, isSsrBuild }) => ({
  // The SSR bundle's entry is our Express app, which imports React Router's
  // server build: one bundle, so the database and workers exist once per process.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        rolldownOptions: {
          output: {
            // Every page needs the framework: one file. Icons are a few hundred bytes each: the ones
            // three or more pages or chunks draw share a file, the others stay with the code that draws
            // them, so a page neither loads every icon of the site nor asks for a file per icon.
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/ },
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 3 },
                // Every page loads the root's hydration gates; a page that keeps parts as the server sent them
                // needs the other half of the same code, which would otherwise be a file of its own.
                { name: "hydration-gates", test: /app[\\/]components[\\/]ui[\\/](hydrate-on-visible|static-html)\.tsx$/ },
              ],
            },
          },
        },
      },
  resolve: {
    tsconfigPaths: true,
    // React Router's package exports resolve to its development build everywhere
    // (remix-run/react-router#14102): the browser gets the production one, without dev warnings.
    alias:
      isSsrBuild || command !== "build"
        ? []
        : ["react-router", "react-router/dom"].map((specifier) => ({
            find: new RegExp(`^${specifier}$`),
            replacement: fileURLToPath(import.meta.resolve(specifier).replace("/development/", "/production/")),
          })),
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Browser files are compressed once at build time (gzip and brotli), not on every request.
    !isSsrBuild && compression({ include: /\.(js|css|svg|json|txt)$/, algorithms: ["gzip", "brotliCompress"], threshold: 1024 }),
  ],
}));

import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse, Link, Links, type LinksFunction, Meta, Outlet, Scripts, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import type { ToasterProps } from "sonner";

import { ClaimGuestPurchases, useLogout } from "~/components/layout/account-session";
import { AnnounceNavigation, ReportPageViews, ScrollOnNavigation } from "~/components/layout/route-effects";
import { SiteHeader } from "~/components/layout/site-header";
import { hydrateOnVisible } from "~/components/ui/hydrate-on-visible";
import { staticHtml } from "~/components/ui/static-html";
import { NOT_FOUND_PAGE, SITE } from "~/content/site";
import { serviceUnavailableText } from "~/lib/connection-lost";
import { useInlineStylesheet } from "~/lib/inline-stylesheet";
import { keepFocusThroughFormSubmissions } from "~/lib/keep-focus-through-busy";
import { LateStylesLoader } from "~/lib/late-styles";
import { useNonce } from "~/lib/nonce";
import { ErrorReference } from "~/lib/request-id";
import { seo } from "~/lib/seo";
import { loadSonner, toasterIsMounted, useToasterWanted } from "~/lib/toast";
import { currentUser, publicRoute } from "~/server/http/guards.server";
import { appServices, recordRoutePattern } from "~/server/platform/context.server";
import { publicEnv, simulatedProviders } from "~/server/platform/env.server";

import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

/** Spec 9: up to 3 toasts visible, each for 4000 ms. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

// Its effect runs after sonner's own (a child's), so toasts are sent only once sonner listens.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  loadSonner().then(
    ({ Toaster: SonnerToaster }) => ({
      default: function MountedToaster(props: ToasterProps) {
        useEffect(() => toasterIsMounted(), []);
        return <SonnerToaster {...props} />;
      },
    }),
    // Never fetched, even once back online: no toasts on this page, which stays as it is.
    () => ({ default: () => null }),
  ),
);

const loadDemoRibbon = () => import("~/components/layout/demo-ribbon");
// Kept as the server sent it (its × is taken by its head script): no code of its own in the first load.
const DemoRibbon = staticHtml(import.meta.env.SSR ? (await loadDemoRibbon()).DemoRibbon : undefined, () =>
  loadDemoRibbon().then((module) => module.DemoRibbon),
);
const loadFooter = () => import("~/components/layout/site-footer").then((module) => module.SiteFooter);
// Copy and links only: kept as the server sent it, its code stays out of every page's first load.
const SiteFooter = staticHtml(import.meta.env.SSR ? await loadFooter() : undefined, loadFooter);

/** Only a site with third-party analytics asks for consent: the others never load the banner. */
const AnalyticsConsent = lazy(() => import("~/components/layout/analytics-consent").then(({ AnalyticsConsent }) => ({ default: AnalyticsConsent })));

/**
 * The toaster, once the page has something to tell: sonner stays out of the first load. Its live region
 * is in the server's HTML from the start: sonner's own, inserted with its code a few milliseconds before
 * the page's first toast, was not yet known to a screen reader, which missed that toast.
 */
function Toasts() {
  const wanted = useToasterWanted();
  return (
    <div aria-live="polite" aria-relevant="additions text">
      {wanted && (
        <Suspense>
          <Toaster visibleToasts={TOAST_LIMIT} duration={TOAST_DURATION_MS} richColors closeButton />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The stylesheet, inline in the server's HTML (the browser finds it there and
 * keeps it across navigations); a link in development, where Vite updates it.
 * A cached page carries only the rules its HTML uses (server/critical-css.ts,
 * marked `data-critical`): the whole stylesheet follows once the page has
 * loaded, placed right after it so the cascade is the same (lib/late-styles.tsx).
 */
function Stylesheet() {
  const inline = useInlineStylesheet();
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesheet} precedence="default" />;
  return (
    <style href={stylesheet} precedence="default">
      {inline ?? ""}
    </style>
  );
}

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: SITE.logo, type: "image/svg+xml" },
];

/**
 * The shell is for everyone; it names whoever is signed in. It has no action,
 * and its middleware runs before every route's own guard, which judges that
 * route's posts: the webhook and mail clients' one-click unsubscribe come from no page.
 * First of all it names the matched route for the request log and metrics.
 */
export const middleware = [recordRoutePattern, publicRoute({ actionsFromAnywhere: true })];

export async function loader(args: Route.LoaderArgs) {
  const { env } = appServices(args.context);
  const user = await currentUser(args);
  return {
    publicEnv: publicEnv(env),
    demoMode: simulatedProviders(env),
    user: user ? { id: user.id, email: user.email, firstName: user.firstName } : null,
  };
}

/** A page that answers 404 from its loader (someone else's receipt, an unknown checkout) is shown, and tagged, as the not-found page. */
export const meta: Route.MetaFunction = (args) => {
  if (isRouteErrorResponse(args.error) && args.error.status === 404) return seo(args, NOT_FOUND_PAGE);
  return [{ title: SITE.defaultTitle }, { name: "description", content: SITE.defaultDescription }];
};

/**
 * Scripts that run before the first paint. Only the server writes their text:
 * hydration never rewrites a script's inner HTML, so the browser's bundle does without it.
 */
const HEAD_SCRIPTS = import.meta.env.SSR
  ? // Marks that scripts run, so reveal animations never hide content without them.
    { scriptsRun: "document.documentElement.classList.add('js')", demoRibbon: (await loadDemoRibbon()).DEMO_RIBBON_SCRIPT }
  : { scriptsRun: "", demoRibbon: "" };

function HeadScript({ nonce, text }: { nonce: string | undefined; text: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} suppressHydrationWarning />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has taken it over, for tools (and tests) that must not act before,
  // and for the parts of a page the browser keeps as the server sent them (static-html.tsx).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  useEffect(() => keepFocusThroughFormSubmissions(), []);
  const demoMode = Boolean(useRouteLoaderData<typeof loader>("root")?.demoMode);
  return (
    <html lang="en-GB" data-demo-mode={demoMode ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1b2d" />
        <HeadScript nonce={nonce} text={HEAD_SCRIPTS.scriptsRun} />
        {demoMode && <HeadScript nonce={nonce} text={HEAD_SCRIPTS.demoRibbon} />}
        <LateStylesLoader nonce={nonce} />
        <Stylesheet />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* Here rather than in App: a navigation that ends on the error screen is a page view too. */}
        <ScrollOnNavigation />
        <ReportPageViews />
        <AnnounceNavigation />
        {children}
        <Toasts />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { busy, logout } = useLogout();
  const user = rootData?.user ?? null;
  return (
    <>
      <a href="#main" className="sr-only z-[60] rounded bg-white px-4 py-2 text-navy focus:not-sr-only focus:fixed focus:top-4 focus:left-4">
        Skip to content
      </a>
      <SiteHeader
        authStatus={busy ? "loading" : user ? "signed-in" : "signed-out"}
        onLogout={logout}
        ribbon={rootData?.demoMode ? <DemoRibbon simulated={rootData.demoMode} /> : undefined}
      />
      {user && <ClaimGuestPurchases userId={user.id} />}
      <main id="main" className="flex-1 pt-[var(--header-height)] print:pt-0">
        {children}
      </main>
      <SiteFooter />
      {rootData && rootData.publicEnv.analytics.kind !== "first-party" && (
        <Suspense>
          <AnalyticsConsent analytics={rootData.publicEnv.analytics} />
        </Suspense>
      )}
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

const loadNotFound = () => import("~/components/sections/not-found").then((module) => module.NotFoundContent);
// Rendered by the server; the browser loads its code only for the page that shows it.
const NotFoundContent = hydrateOnVisible(import.meta.env.SSR ? await loadNotFound() : undefined, loadNotFound);

/**
 * A navigation in the browser whose page data never arrived: fetch rejects with
 * a TypeError (as lib/connection-lost.ts finds for a form) in each browser's own
 * words, Chromium's, Firefox's and Safari's. In an error boundary a TypeError may
 * also be a fault in a page's code, so the words decide; Node's fetch says "fetch failed".
 */
function isLostConnection(error: unknown): boolean {
  return error instanceof TypeError && /^(Failed to fetch|NetworkError|Load failed)/.test(error.message);
}

/**
 * The visitor stays where they are and asks for the page again, once back online or once the server
 * can answer: going to the same address (in place of this entry of the history) runs its loaders again.
 */
function TryAgain({ checkConnection }: { checkConnection: boolean }) {
  const location = useLocation();
  const link = (text: string) => (
    <Link to={location} className="underline">
      {text}
    </Link>
  );
  return <p className="mt-6">{checkConnection ? <>Check your connection, then {link("try again")}.</> : link("Try again")}</p>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundContent />
      </Shell>
    );
  }
  // Spec 2: a generic routing failure shows this heading and the message; never a stack trace.
  const unavailable = serviceUnavailableText(error);
  const message =
    unavailable ?? (isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : "Unknown error");
  return (
    <Shell>
      <div className="mx-auto max-w-3xl px-4 py-24">
        <h2 className="text-3xl font-semibold">Unexpected Application Error!</h2>
        <h3 className="mt-4 font-sans text-lg text-ink/80 italic">{message}</h3>
        {isLostConnection(error) || unavailable ? <TryAgain checkConnection={!unavailable} /> : <ErrorReference error={error} />}
      </div>
    </Shell>
  );
}

import { Link } from "react-router";

import { SITE } from "~/content/site";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-navy text-white/80 focus-ring-on-dark print:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <p className="font-display text-lg text-white">{SITE.name}</p>
          <p className="mt-1 text-sm">
            {SITE.dubaiAddress.area}, {SITE.dubaiAddress.building}, {SITE.dubaiAddress.city}
          </p>
        </div>
        {/* The links' padding widens what a finger can tap; the negative margin keeps their text in line with the rest. */}
        <nav aria-label="Legal" className="-mx-2 flex gap-2 text-sm">
          <Link to="/terms" className="inline-flex min-h-11 items-center px-2 hover:text-gold-bright">
            Terms and Conditions
          </Link>
          <Link to="/privacy" className="inline-flex min-h-11 items-center px-2 hover:text-gold-bright">
            Privacy Policy
          </Link>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {SITE.name}. All rights reserved.
          </p>
          <p>
            Website by{" "}
            <a href={SITE.builderCredit.url} className="underline underline-offset-2 hover:text-gold-bright" rel="noopener">
              {SITE.builderCredit.name}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}

import {
  type ComponentProps,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { Link, useMatch } from "react-router";

import { Button, ButtonLink } from "~/components/ui/button";
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS, MENU_SKIP_DELAY_MS, NAV_ITEMS, type NavItem } from "~/content/navigation";
import { SITE } from "~/content/site";
import { cn } from "~/lib/cn";

import { ChevronDownIcon, CloseIcon, MenuIcon } from "./shell-icons";

type AuthStatus = "loading" | "signed-in" | "signed-out";

interface SiteHeaderProps {
  authStatus: AuthStatus;
  onLogout?: () => void;
}

/** A top-level link that highlights the current page. */
function MenuLink({ to, className, ...props }: ComponentProps<typeof Link> & { to: string }) {
  const active = useMatch({ path: to, end: true }) !== null;
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={cn(
        "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium transition-colors hover:text-gold-bright",
        active ? "text-gold-bright" : "text-white",
        className,
      )}
      {...props}
    />
  );
}

function AuthArea({ authStatus, onLogout, onNavigate }: SiteHeaderProps & { onNavigate?: () => void }) {
  if (authStatus === "loading") {
    return <span className="inline-flex min-h-11 items-center px-3 text-sm text-white/70">Loading...</span>;
  }
  if (authStatus === "signed-in") {
    return (
      <div className="flex items-center gap-2">
        <MenuLink to="/account" onClick={onNavigate}>
          Account
        </MenuLink>
        {/* A form, so Logout works before the page's code has loaded, or without it: the browser posts it itself. */}
        <form
          method="post"
          action="/auth/logout"
          onSubmit={(event) => {
            event.preventDefault();
            onNavigate?.();
            onLogout?.();
          }}
        >
          <Button type="submit" variant="outlineOnDark" size="sm">
            Logout
          </Button>
        </form>
      </div>
    );
  }
  return (
    <ButtonLink size="sm" to="/auth" onClick={onNavigate}>
      Login / Sign Up
    </ButtonLink>
  );
}

/** When a dropdown last closed: another opened soon after skips the open delay (spec 9). */
let lastDropdownClose = 0;

/**
 * A parent link with a dropdown of its sub-items, as a disclosure: a mouse
 * resting on it opens it after the spec's delays, ArrowDown opens it from the
 * keyboard and moves into it, Escape or leaving it closes it. The trigger stays
 * a link, so a click goes to the catalogue.
 */
function DesktopDropdown({ item }: { item: NavItem & { children: NonNullable<NavItem["children"]> } }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const itemRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const panelId = useId();

  const change = (next: boolean) => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen && !next) lastDropdownClose = Date.now();
      return next;
    });
  };
  const later = (next: boolean, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => change(next), delayMs);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // Touch and pen taps follow the link instead of opening on a hover they never had.
  const onPointerEnter = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.pointerType !== "mouse") return;
    if (open) return clearTimeout(timer.current);
    if (Date.now() - lastDropdownClose < MENU_SKIP_DELAY_MS) change(true);
    else later(true, MENU_OPEN_DELAY_MS);
  };
  const onPointerLeave = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.pointerType !== "mouse") return;
    if (open) later(false, MENU_CLOSE_DELAY_MS);
    else clearTimeout(timer.current);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === "Escape" && open) {
      change(false);
      triggerRef.current?.focus();
    } else if (event.key === "ArrowDown" && event.target === triggerRef.current) {
      event.preventDefault();
      flushSync(() => change(true));
      itemRef.current?.querySelector<HTMLElement>(`#${CSS.escape(panelId)} a`)?.focus();
    }
  };
  const onBlur = (event: ReactFocusEvent<HTMLLIElement>) => {
    if (open && !itemRef.current?.contains(event.relatedTarget)) change(false);
  };

  return (
    <li ref={itemRef} className="relative" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onBlur={onBlur}>
      <MenuLink
        ref={triggerRef}
        to={item.to}
        className="group gap-1"
        aria-expanded={open}
        aria-controls={panelId}
        data-state={open ? "open" : "closed"}
        onKeyDown={onKeyDown}
        onClick={() => change(false)}
      >
        {item.label}
        <ChevronDownIcon className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </MenuLink>
      <div id={panelId} hidden={!open} className="absolute top-full left-0 pt-2">
        <ul className="grid w-[22rem] gap-1 rounded-lg bg-white p-2 shadow-xl ring-1 ring-black/5 focus-ring-on-light">
          {item.children.map((child) => (
            <li key={child.to}>
              <Link
                to={child.to}
                onClick={() => change(false)}
                onKeyDown={onKeyDown}
                className="block rounded-md p-3 transition-colors hover:bg-gold-light focus:bg-gold-light"
              >
                <span className="block text-sm font-semibold text-navy">{child.label}</span>
                <span className="mt-1 block text-sm text-ink/70">{child.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/**
 * From 1024 px: below that the wordmark, four links and the auth area do not
 * fit one line (about 830 px signed in), and the phone menu serves tablets too.
 */
function DesktopNavigation() {
  return (
    <nav className="hidden lg:block" aria-label="Main">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map((item) =>
          item.children ? (
            <DesktopDropdown key={item.to} item={{ ...item, children: item.children }} />
          ) : (
            <li key={item.to}>
              <MenuLink to={item.to}>{item.label}</MenuLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * The open phone menu covers the page, so Tab and Shift+Tab cycle through its
 * toggle and links, as in a dialog, instead of moving to controls hidden under it.
 */
function keepTabWithin(container: HTMLElement, event: KeyboardEvent) {
  const focusable = [...container.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")].filter((element) => element.offsetParent !== null);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const inside = container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/** The phone menu's fixed id: without scripts it opens as the page's target (`#mobile-menu`). */
const MOBILE_MENU_ID = "mobile-menu";

const MENU_TOGGLE_CLASSES = "size-11 items-center justify-center rounded-md text-white hover:bg-white/10";

/**
 * With scripts off the toggle button would do nothing, so the menu opens as a
 * link to itself (`:target`) and closes by a link back to its opener.
 */
function MenuLinksWithoutScripts() {
  return (
    <>
      <a
        id="open-mobile-menu"
        href={`#${MOBILE_MENU_ID}`}
        aria-label="Open menu"
        className={cn("hidden noscript:inline-flex noscript:group-has-[nav:target]/menu:hidden", MENU_TOGGLE_CLASSES)}
      >
        <MenuIcon className="size-6" />
      </a>
      <a href="#open-mobile-menu" aria-label="Close menu" className={cn("hidden noscript:group-has-[nav:target]/menu:inline-flex", MENU_TOGGLE_CLASSES)}>
        <CloseIcon className="size-6" />
      </a>
    </>
  );
}

function MobileNavigation(props: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      } else if (event.key === "Tab" && containerRef.current) {
        keepTabWithin(containerRef.current, event);
      }
    };
    document.addEventListener("pointerdown", closeOnOutsideClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsideClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div ref={containerRef} className="group/menu lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        className={cn("inline-flex noscript:hidden", MENU_TOGGLE_CLASSES)}
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
      </button>
      <MenuLinksWithoutScripts />
      {/* Dims the page below the open menu. Clicks go through it to the page, which closes the menu (above) as any click outside it does. */}
      {open && <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-full h-dvh bg-navy/50" />}
      <nav
        id={MOBILE_MENU_ID}
        aria-label="Mobile"
        // Hidden by a class, not the hidden attribute (whose `display: none !important` nothing overrides): without scripts it shows as the page's target.
        // At most 500px (spec) and never taller than the screen below the header, so on a phone held sideways it scrolls itself, not the page.
        className={cn(
          "absolute inset-x-0 top-full max-h-[min(500px,calc(100dvh-var(--header-height)))] overflow-y-auto overscroll-contain border-t border-white/10 bg-navy px-4 pt-2 pb-6 shadow-xl noscript:target:block",
          !open && "hidden",
        )}
      >
        <ul className="grid gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              {/* A parent with sub-items keeps the menu open so its sub-items stay in reach. */}
              <MenuLink to={item.to} onClick={item.children ? undefined : close}>
                {item.label}
              </MenuLink>
              {item.children && (
                <ul className="ml-3 grid gap-1 border-l border-white/15 pl-3">
                  {item.children.map((child) => (
                    <li key={child.to}>
                      <MenuLink to={child.to} onClick={close}>
                        {child.label}
                      </MenuLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-white/10 pt-4">
          <AuthArea {...props} onNavigate={close} />
        </div>
      </nav>
    </div>
  );
}

export function SiteHeader({ ribbon, ...props }: SiteHeaderProps & { ribbon?: ReactNode }) {
  return (
    <header className="fixed inset-x-0 top-0 z-50 flex h-[var(--header-height)] flex-col bg-navy/95 shadow-md backdrop-blur focus-ring-on-dark supports-[backdrop-filter]:bg-navy/85 print:hidden">
      {ribbon}
      <div className="relative mx-auto flex h-[var(--nav-height)] w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex min-h-11 items-center gap-3" aria-label={`${SITE.name}, home`}>
          <img src={SITE.logo} alt="" width={40} height={40} className="size-10" />
          <span className="font-display text-lg leading-tight font-semibold text-white">
            Global Implant <span className="text-gold-bright">Institute</span>
          </span>
        </Link>
        <DesktopNavigation />
        <div className="hidden lg:block">
          <AuthArea {...props} />
        </div>
        <MobileNavigation {...props} />
      </div>
    </header>
  );
}

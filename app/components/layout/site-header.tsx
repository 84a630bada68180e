import { ChevronDown, Menu, X } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useMatch } from "react-router";

import { Button } from "~/components/ui/button";
import { MENU_OPEN_DELAY_MS, MENU_SKIP_DELAY_MS, NAV_ITEMS } from "~/content/navigation";
import { SITE } from "~/content/site";
import { cn } from "~/lib/cn";

type AuthStatus = "loading" | "signed-in" | "signed-out";

interface SiteHeaderProps {
  authStatus: AuthStatus;
  onLogout?: () => void;
}

/**
 * A top-level link that highlights the current page. Its class is a string, not
 * NavLink's function, because Radix's asChild merges classes as strings.
 */
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
        <Button variant="outlineOnDark" size="sm" onClick={onLogout}>
          Logout
        </Button>
      </div>
    );
  }
  return (
    <Button asChild size="sm">
      <Link to="/auth" onClick={onNavigate}>
        Login / Sign Up
      </Link>
    </Button>
  );
}

/** Radix owns aria-current on its links, so it is told which one is the current page. */
function DesktopLink({ to, label }: { to: string; label: string }) {
  const active = useMatch({ path: to, end: true }) !== null;
  return (
    <NavigationMenu.Link asChild active={active}>
      <MenuLink to={to}>{label}</MenuLink>
    </NavigationMenu.Link>
  );
}

function DesktopNavigation() {
  return (
    <NavigationMenu.Root delayDuration={MENU_OPEN_DELAY_MS} skipDelayDuration={MENU_SKIP_DELAY_MS} className="relative hidden md:block" aria-label="Main">
      <NavigationMenu.List className="flex items-center gap-1">
        {NAV_ITEMS.map((item) =>
          item.children ? (
            <NavigationMenu.Item key={item.to}>
              {/* The trigger is also a link: clicking it goes to the catalogue. */}
              <NavigationMenu.Trigger asChild>
                <MenuLink to={item.to} className="group gap-1">
                  {item.label}
                  <ChevronDown aria-hidden className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180" />
                </MenuLink>
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute top-0 left-0 w-[22rem] p-2">
                <ul className="grid gap-1">
                  {item.children.map((child) => (
                    <li key={child.to}>
                      <NavigationMenu.Link asChild>
                        <Link to={child.to} className="block rounded-md p-3 transition-colors hover:bg-gold-light focus:bg-gold-light">
                          <span className="block text-sm font-semibold text-navy">{child.label}</span>
                          <span className="mt-1 block text-sm text-ink/70">{child.description}</span>
                        </Link>
                      </NavigationMenu.Link>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          ) : (
            <NavigationMenu.Item key={item.to}>
              <DesktopLink to={item.to} label={item.label} />
            </NavigationMenu.Item>
          ),
        )}
      </NavigationMenu.List>
      <div className="absolute top-full left-0 pt-2">
        <NavigationMenu.Viewport className="relative h-[var(--radix-navigation-menu-viewport-height)] w-[var(--radix-navigation-menu-viewport-width)] overflow-hidden rounded-lg bg-white shadow-xl ring-1 ring-black/5" />
      </div>
    </NavigationMenu.Root>
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

function MobileNavigation(props: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

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
    <div ref={containerRef} className="md:hidden">
      <button
        ref={toggleRef}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
      </button>
      <nav
        id={panelId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[500px] overflow-y-auto border-t border-white/10 bg-navy px-4 pt-2 pb-6 shadow-xl"
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
    <header className="fixed inset-x-0 top-0 z-50 flex h-[var(--header-height)] flex-col bg-navy/95 shadow-md backdrop-blur supports-[backdrop-filter]:bg-navy/85">
      {ribbon}
      <div className="relative mx-auto flex h-[var(--nav-height)] w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex min-h-11 items-center gap-3" aria-label={`${SITE.name}, home`}>
          <img src={SITE.logo} alt="" width={40} height={40} className="size-10" />
          <span className="font-display text-lg leading-tight font-semibold text-white">
            Global Implant <span className="text-gold-bright">Institute</span>
          </span>
        </Link>
        <DesktopNavigation />
        <div className="hidden md:block">
          <AuthArea {...props} />
        </div>
        <MobileNavigation {...props} />
      </div>
    </header>
  );
}

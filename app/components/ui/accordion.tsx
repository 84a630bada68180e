import { ChevronDown } from "lucide-react";
import { type ComponentProps, createContext, type KeyboardEvent, use, useId, useState } from "react";

import { cn } from "~/lib/cn";

/*
 * One open item at a time, and the open one closes on a second press (spec 2,
 * the FAQ). Written here rather than taken from Radix: its accordion brought
 * about 6 KB of gzipped script to every visit of the home page for a button,
 * a region and one piece of state.
 */

interface AccordionState {
  openItem: string | null;
  toggle: (item: string) => void;
}

const AccordionContext = createContext<AccordionState>({ openItem: null, toggle: () => {} });
const ItemContext = createContext({ value: "", triggerId: "", contentId: "" });

export function Accordion({ className, ...props }: ComponentProps<"div">) {
  const [openItem, setOpenItem] = useState<string | null>(null);
  const toggle = (item: string) => setOpenItem((current) => (current === item ? null : item));
  return (
    <AccordionContext value={{ openItem, toggle }}>
      <div data-slot="accordion" className={className} {...props} />
    </AccordionContext>
  );
}

export function AccordionItem({ value, className, ...props }: ComponentProps<"div"> & { value: string }) {
  const id = useId();
  const open = use(AccordionContext).openItem === value;
  return (
    <ItemContext value={{ value, triggerId: `${id}-trigger`, contentId: `${id}-content` }}>
      <div data-slot="accordion-item" data-state={open ? "open" : "closed"} className={cn("border-b border-navy/10", className)} {...props} />
    </ItemContext>
  );
}

/** Arrow keys, Home and End move between the questions, as in the ARIA accordion pattern. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const triggers = [...(event.currentTarget.closest("[data-slot=accordion]")?.querySelectorAll<HTMLButtonElement>("[data-slot=accordion-trigger]") ?? [])];
  const index = triggers.indexOf(event.currentTarget);
  const target = { ArrowDown: triggers[(index + 1) % triggers.length], ArrowUp: triggers.at(index - 1), Home: triggers[0], End: triggers.at(-1) }[event.key];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

const QUESTION_CLASSES = "min-h-14 flex-1 items-center py-4 text-left font-display text-lg font-semibold text-navy";

/**
 * With scripts off the button would do nothing while saying its answer is
 * collapsed: the question shows as plain heading text instead, above its
 * answer, which shows too. (Before the code has loaded, presses are held: see hydrate-on-visible.tsx.)
 */
export function AccordionTrigger({ className, children, ...props }: ComponentProps<"button">) {
  const { openItem, toggle } = use(AccordionContext);
  const { value, triggerId, contentId } = use(ItemContext);
  const open = openItem === value;
  return (
    <h3 className="flex">
      <button
        type="button"
        id={triggerId}
        data-slot="accordion-trigger"
        data-state={open ? "open" : "closed"}
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => toggle(value)}
        onKeyDown={moveFocus}
        className={cn("group flex justify-between gap-4 transition-colors hover:text-gold-dark noscript:hidden", QUESTION_CLASSES, className)}
        {...props}
      >
        {children}
        <ChevronDown
          aria-hidden
          className="size-5 shrink-0 text-gold-dark transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
        />
      </button>
      <span className={cn("hidden noscript:flex", QUESTION_CLASSES, className)}>{children}</span>
    </h3>
  );
}

/**
 * Answers stay in the server HTML so crawlers and in-page search read them;
 * closed ones are hidden with CSS, only when scripts can run (see AccordionTrigger).
 */
export function AccordionContent({ className, children }: ComponentProps<"div">) {
  const { openItem } = use(AccordionContext);
  const { value, triggerId, contentId } = use(ItemContext);
  const open = openItem === value;
  return (
    <div
      id={contentId}
      role="region"
      aria-labelledby={triggerId}
      data-slot="accordion-content"
      data-state={open ? "open" : "closed"}
      className="overflow-hidden [interpolate-size:allow-keywords] data-[state=closed]:hidden motion-safe:data-[state=open]:animate-accordion-down noscript:data-[state=closed]:block"
    >
      <div className={cn("pr-9 pb-5 leading-relaxed text-ink/80", className)}>{children}</div>
    </div>
  );
}

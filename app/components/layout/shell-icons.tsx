import type { ComponentProps } from "react";

/*
 * The three glyphs the header draws on every page, as plain
 * SVG with Lucide's paths and strokes (ISC licence). Drawn with lucide-react,
 * they brought its icon runtime and a shared file of icons into the first load
 * of every page, including pages that draw no other icon.
 */
function ShellIcon({ children, ...props }: ComponentProps<"svg">) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {children}
    </svg>
  );
}

export function ChevronDownIcon(props: ComponentProps<"svg">) {
  return (
    <ShellIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </ShellIcon>
  );
}

export function MenuIcon(props: ComponentProps<"svg">) {
  return (
    <ShellIcon {...props}>
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </ShellIcon>
  );
}

export function CloseIcon(props: ComponentProps<"svg">) {
  return (
    <ShellIcon {...props}>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </ShellIcon>
  );
}

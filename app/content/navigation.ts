/** Spec 2, Shared layout: the top navigation. */
export interface NavItem {
  label: string;
  to: string;
  children?: readonly { label: string; to: string; description: string }[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Home", to: "/" },
  {
    label: "Courses",
    to: "/courses",
    children: [
      {
        label: "Full Arch Program",
        to: "/courses/full-arch",
        description: "Our complete 3-level full arch curriculum.",
      },
      {
        label: "Grafting Techniques",
        to: "/courses/grafting",
        description: "Master sinus, hard, and soft tissue grafting.",
      },
    ],
  },
  { label: "Schedule", to: "/upcoming-events" },
  { label: "Contact", to: "/contact" },
];

/** Spec 9 menu timings: open after 200 ms, no delay again within 300 ms of a close, close 150 ms after the pointer leaves. */
export const MENU_OPEN_DELAY_MS = 200;
export const MENU_SKIP_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 150;

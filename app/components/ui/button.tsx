import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 text-sm font-semibold tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60",
  {
    variants: {
      variant: {
        // Navy on gold reads at 6:1; white on this gold would not pass WCAG AA.
        primary: "bg-gold text-navy hover:bg-gold-bright",
        navy: "bg-navy text-white hover:bg-navy-light",
        outline: "border border-gold text-gold-dark hover:bg-gold-light",
        ghost: "text-navy hover:bg-mist",
        light: "bg-white text-navy hover:bg-gold-light",
      },
      size: {
        md: "h-11",
        lg: "h-12 px-7 text-base",
        sm: "h-9 min-h-9 px-3",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

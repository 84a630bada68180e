import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, useRef } from "react";

import { cn } from "~/lib/cn";

export const Dialog = DialogPrimitive.Root;

const DIALOG_WIDTHS = { md: "max-w-md", lg: "max-w-lg", wide: "max-w-3xl" };

/**
 * A centred modal over a dimmed page, with a close button in its corner.
 * Closing hands focus back to whatever had it when the dialog opened: Radix
 * only returns it to a Dialog.Trigger, and most of ours open from state (a
 * calendar event, a delete icon) with no trigger, which left focus on the page's body.
 */
export function DialogContent({
  width = "wide",
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { width?: keyof typeof DIALOG_WIDTHS }) {
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-[100] bg-navy/70 backdrop-blur-sm motion-safe:data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-[100] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl motion-safe:data-[state=open]:animate-fade-in sm:p-6",
          DIALOG_WIDTHS[width],
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Focus has not moved into the dialog yet: this is the control that opened it.
          opener.current = document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !(opener.current instanceof HTMLElement) || !opener.current.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-navy transition-colors hover:bg-mist"
        >
          <X aria-hidden className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-10", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("font-display text-2xl font-semibold text-navy", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-ink/75", className)} {...props} />;
}

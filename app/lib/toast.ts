import { useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

/*
 * Toasts without sonner in the first load: its code, and the Toaster the root
 * renders, load with the first toast. Ids are made here so that callers get
 * one at once (a loading toast is later replaced by its outcome).
 */
type Kind = "success" | "error" | "info" | "loading";

let wanted = false;
const listeners = new Set<() => void>();
let lastId = 0;

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | undefined;

/**
 * sonner's code. Asked for offline, it waits for the connection to come back
 * and tries once more (a toast asked for meanwhile shows then), rather than
 * failing at once: the root's Toaster would take the whole page down with it.
 */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner").catch(
    () =>
      new Promise((resolve, reject) => {
        window.addEventListener("online", () => void import("sonner").then(resolve, reject), { once: true });
      }),
  );
  return sonner;
}

/** Loads sonner and the Toaster ahead of a toast that may come (a form being filled in), so it shows at once, offline too. */
export function prepareToasts() {
  want();
  void loadSonner().catch(() => {});
}

let markMounted!: () => void;
/** Settles once the root's Toaster listens: a toast sent before that would be dropped. */
const toasterMounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Called by the root's Toaster once it is on the page. */
export function toasterIsMounted() {
  markMounted();
}

function show(kind: Kind, message: string, options: ExternalToast = {}): string | number {
  const id = options.id ?? `toast-${++lastId}`;
  want();
  void Promise.all([loadSonner(), toasterMounted])
    .then(([{ toast: send }]) => send[kind](message, { ...options, id }))
    // Its code could not be fetched even once back online: the message is lost, the page is not.
    .catch(() => {});
  return id;
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  loading: (message: string, options?: ExternalToast) => show("loading", message, options),
  dismiss: (id: string) => {
    if (wanted)
      void loadSonner().then(
        ({ toast: sent }) => sent.dismiss(id),
        () => {},
      );
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast has been asked for: from then on the root renders the Toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}

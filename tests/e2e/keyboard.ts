import type { Locator, Page } from "@playwright/test";

import { expect } from "./fixtures";

/** Where focus is, and whether it can be seen: an outline, or a ring (a spread box shadow), on it or on the box it sits in. */
function focusStop(target: Element | null) {
  const active = document.activeElement;
  const shows = (element: Element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && !/transparent|, 0\)$/.test(style.outlineColor);
    return outline || /0px 0px 0px [1-9]/.test(style.boxShadow);
  };
  let ring = false;
  for (let element = active, depth = 0; element && depth < 3 && !ring; element = element.parentElement, depth++) ring = shows(element);
  const name = active ? `<${active.tagName.toLowerCase()}> ${active.getAttribute("aria-label") ?? active.textContent?.trim().slice(0, 60) ?? ""}` : "nothing";
  return { reached: active === target, onPage: active !== null && active !== document.body, ring, name };
}

/**
 * The contrast of the focus ring on the focused element against what lies
 * behind it: the background colours of the boxes it sits in, laid over the
 * white page (photographs and videos under them are not counted).
 */
export async function focusRingContrast(page: Page) {
  return page.evaluate(() => {
    const pixel = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string) => {
      pixel.clearRect(0, 0, 1, 1);
      pixel.fillStyle = color;
      pixel.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const linear = (channel: number) => (channel / 255 <= 0.04045 ? channel / 255 / 12.92 : ((channel / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const active = document.activeElement!;
    const style = getComputedStyle(active);
    if (style.outlineStyle === "none") return { name: active.textContent, ratio: 0 };
    // The ring is drawn outside the element, so what is behind it starts at its parent.
    const layers: number[][] = [];
    for (let element = active.parentElement; element; element = element.parentElement) layers.unshift(rgba(getComputedStyle(element).backgroundColor));
    const behind = layers.reduce((below, [r, g, b, a]) => [r, g, b].map((channel, index) => channel * a + below[index] * (1 - a)), [255, 255, 255]);
    const [lighter, darker] = [luminance(rgba(style.outlineColor)), luminance(behind)].sort((x, y) => y - x);
    const name = active.getAttribute("aria-label") ?? active.textContent?.trim() ?? "";
    return { name, ratio: Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100 };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard
 * user would; every control passed on the way must show where focus is.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 200 } = {}) {
  const handle = await target.elementHandle();
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const stop = await page.evaluate(focusStop, handle);
    if (stop.onPage) expect(stop.ring, `a visible focus ring on ${stop.name}`).toBe(true);
    if (stop.reached) return;
  }
  throw new Error(`${max} presses of ${back ? "Shift+Tab" : "Tab"} did not reach ${target.toString()}`);
}

/** Tab cycles inside the open dialog (both ways), Escape closes it, and focus goes back to `opener`. */
export async function expectTrappedDialog(page: Page, dialog: Locator, opener: Locator) {
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(inside, { message: "focus moves into the dialog" }).toBe(true);
  const stops = await dialog.evaluate(
    (element) =>
      [...element.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
        (candidate) => candidate.tabIndex >= 0 && !candidate.hasAttribute("disabled") && candidate.checkVisibility(),
      ).length,
  );
  expect(stops).toBeGreaterThan(0);
  for (const key of ["Tab", "Shift+Tab"]) {
    const seen = new Set<string>();
    // One more press than there are stops: focus must come round again without leaving.
    for (let press = 0; press <= stops; press++) {
      await page.keyboard.press(key);
      const stop = await page.evaluate(focusStop, null);
      expect(await inside(), `${key} keeps focus in the dialog`).toBe(true);
      expect(stop.ring, `a visible focus ring on ${stop.name}`).toBe(true);
      seen.add(stop.name);
    }
    expect(seen.size, `${key} visits every control of the dialog`).toBe(stops);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

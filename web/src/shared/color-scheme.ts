// The colour mode (issue 30.4): light (the SPEC's default), dark, or as the device says; kept on this device only.
import { localStorageColorSchemeManager, type MantineColorScheme } from "@mantine/core";

export const COLOR_SCHEME_KEY = "color_scheme";
export const COLOR_SCHEMES: readonly MantineColorScheme[] = ["light", "dark", "auto"];

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** The stored choice (light when none, or when the stored value is not one). */
export function storedColorScheme(): MantineColorScheme {
  try {
    const v = globalThis.localStorage?.getItem(COLOR_SCHEME_KEY);
    return (COLOR_SCHEMES as readonly string[]).includes(v ?? "") ? (v as MantineColorScheme) : "light";
  } catch {
    return "light";
  }
}

/** The scheme drawn now: "auto" follows the device's preference. */
export function resolvedColorScheme(choice: MantineColorScheme = storedColorScheme()): "light" | "dark" {
  if (choice !== "auto") return choice;
  return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/**
 * Before the first render: the page is drawn in the stored scheme from its first paint (Mantine's inline script
 * is not allowed by the content security policy, and its provider sets the attribute only after mounting).
 */
export function applyStoredColorScheme(): void {
  const scheme = resolvedColorScheme();
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
  document.documentElement.style.colorScheme = scheme;
}

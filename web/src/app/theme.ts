// SPEC section 9: sans-serif for body and headings, large base text with line height 1.8, white background, black
// text. Shades chosen for WCAG AA contrast on white. Dark mode (issue 30.4, not the default): the `--ivrit-*`
// variables below name each colour by its use, with a value per mode, each at AA contrast on its background.
import { type CSSVariablesResolver, createTheme } from "@mantine/core";

const FONT = '"Rubik", "Noto Sans Hebrew", system-ui, sans-serif';

export const theme = createTheme({
  fontFamily: FONT,
  headings: { fontFamily: FONT, fontWeight: "600" },
  primaryColor: "indigo",
  primaryShade: { light: 8, dark: 8 },
  colors: {
    // Orange for "Upgrade", dark enough for white text (7:1 at shade 8).
    upgrade: [
      "#fff7ed",
      "#ffedd5",
      "#fed7aa",
      "#fdba74",
      "#fb923c",
      "#f97316",
      "#ea580c",
      "#c2410c",
      "#9a3412",
      "#7c2d12",
    ],
  },
  black: "#000000",
  white: "#ffffff",
  fontSizes: { xs: "0.875rem", sm: "1rem", md: "1.125rem", lg: "1.25rem", xl: "1.5rem" },
  lineHeights: { xs: "1.6", sm: "1.7", md: "1.8", lg: "1.8", xl: "1.8" },
  defaultRadius: "md",
  components: {
    // Light alerts keep black text: the tinted colours are below 4.5:1 on their background.
    Alert: {
      styles: { title: { color: "var(--mantine-color-text)" }, message: { color: "var(--mantine-color-text)" } },
    },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-body": "#ffffff",
    "--mantine-color-text": "#000000",
    "--mantine-color-dimmed": "#495057",
    "--mantine-color-placeholder": "#5c636a",
    "--ivrit-ok-text": "#1b5e20",
    "--ivrit-ok-bg": "var(--mantine-color-green-1)",
    "--ivrit-ok-border": "var(--mantine-color-green-8)",
    "--ivrit-bad-text": "var(--mantine-color-red-9)",
    "--ivrit-bad-bg": "var(--mantine-color-red-0)",
    "--ivrit-bad-border": "var(--mantine-color-red-8)",
    "--ivrit-accent-text": "var(--mantine-color-indigo-9)",
    "--ivrit-accent-bg": "var(--mantine-color-indigo-0)",
    "--ivrit-accent-border": "var(--mantine-color-indigo-3)",
    "--ivrit-subtle-bg": "var(--mantine-color-gray-1)",
    "--ivrit-mark-bg": "var(--mantine-color-orange-0)",
    "--ivrit-link": "var(--mantine-color-indigo-9)",
  },
  dark: {
    // Mantine's dark body (#242424) and cards (#2e2e2e); its dimmed grey (#828282) is 4.0:1 there, under AA.
    "--mantine-color-text": "#f1f3f5",
    "--mantine-color-dimmed": "#b8bcc2",
    "--mantine-color-placeholder": "#a6abb2",
    "--ivrit-ok-text": "#8ce99a",
    "--ivrit-ok-bg": "#163a1f",
    "--ivrit-ok-border": "#51cf66",
    "--ivrit-bad-text": "#ffa8a8",
    "--ivrit-bad-bg": "#461b1b",
    "--ivrit-bad-border": "#ff6b6b",
    "--ivrit-accent-text": "#c5d0ff",
    "--ivrit-accent-bg": "#252a4a",
    "--ivrit-accent-border": "#5c7cfa",
    "--ivrit-subtle-bg": "#373a40",
    "--ivrit-mark-bg": "#4d3212",
    "--ivrit-link": "#a5b4fc",
  },
});

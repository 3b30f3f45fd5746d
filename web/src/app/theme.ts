// SPEC section 9: light only, sans-serif for body and headings, large base text with line height 1.8,
// white background, black text. Shades chosen for WCAG AA contrast on white.
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
    Alert: { styles: { title: { color: "#000000" }, message: { color: "#000000" } } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-body": "#ffffff",
    "--mantine-color-text": "#000000",
    "--mantine-color-dimmed": "#495057",
    "--mantine-color-placeholder": "#5c636a",
  },
  dark: {},
});

// Colours chosen for contrast rather than taken from Mantine's palette where the palette falls short of WCAG AA.
// Text colours are CSS variables with a light and a dark value (app/theme.ts): the same name reads in both modes.

/** Mantine's green.9 is 4.3:1 on white (and white on it), under AA for normal text: this green is 7.9:1. A fill. */
export const SUCCESS_GREEN = "#1b5e20";
/** Text that says right, done, known: the green above in light mode, a light green in dark. */
export const SUCCESS_TEXT = "var(--ivrit-ok-text)";
/** Text that says wrong or failed. */
export const ERROR_TEXT = "var(--ivrit-bad-text)";
/** Links in running text and the footer. */
export const LINK_TEXT = "var(--ivrit-link)";

// Colours chosen for contrast rather than taken from Mantine's palette where the palette falls short of WCAG AA.

/** Mantine's green.9 is 4.3:1 on white (and white on it), under AA for normal text: this green is 7.9:1. */
export const SUCCESS_GREEN = "#1b5e20";

// Draws the app's icons (web/public/icons) from the header's logo: the Hebrew letters עב in white on the app's indigo,
// with Noto Sans Hebrew, rendered by Chromium (the browser the e2e tests use). Run once after a change of the logo:
//   node web/scripts/make-icons.mjs
// The PNGs are committed; the build copies them as they are.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const font = readFileSync(
  join(root, "node_modules/@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-700-normal.woff2"),
).toString("base64");
const INDIGO = "#3b5bdb"; // Mantine indigo 8, the header logo's background

/** size: the PNG's side; inset: the share of the side kept clear around the mark (maskable icons need 10 %+). */
const ICONS = [
  { file: "icon-192.png", size: 192, inset: 0, radius: 0.22 },
  { file: "icon-512.png", size: 512, inset: 0, radius: 0.22 },
  { file: "maskable-512.png", size: 512, inset: 0.1, radius: 0 },
  { file: "apple-touch-icon.png", size: 180, inset: 0, radius: 0 },
];

function page(size, inset, radius) {
  const fontPx = Math.round(size * (1 - 2 * inset) * 0.46);
  return `<!doctype html><html><head><style>
    @font-face { font-family: Logo; src: url(data:font/woff2;base64,${font}) format("woff2"); font-weight: 700; }
    html, body { margin: 0; width: ${size}px; height: ${size}px; background: transparent; }
    div { width: ${size}px; height: ${size}px; display: grid; place-items: center; background: ${INDIGO};
          border-radius: ${Math.round(size * radius)}px; color: #fff; font: 700 ${fontPx}px/1 Logo; }
  </style></head><body><div dir="rtl" lang="he">עב</div></body></html>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  for (const icon of ICONS) {
    const p = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await p.setContent(page(icon.size, icon.inset, icon.radius));
    await p.evaluate(() => document.fonts.ready);
    await p.screenshot({ path: join(here, "..", "public", "icons", icon.file), omitBackground: true });
    await p.close();
    console.log(`web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}

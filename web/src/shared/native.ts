// Start-up in the native app (loaded only there): the 48 px top offset and the Android status-bar colour
// (SPEC section 9), and no service worker or its caches from an older web version.
import { StatusBar, Style } from "@capacitor/status-bar";
import { logError } from "./log.ts";
import type { AppPlatform } from "./platform.ts";
import { removeServiceWorkers } from "./service-worker.ts";

/** The header's indigo (Mantine indigo 8). */
const STATUS_BAR_COLOR = "#3b5bdb";

/** Marks <html> so that global.css adds the top offset; done before the first render. */
function markNative(platform: Exclude<AppPlatform, "web">): void {
  document.documentElement.dataset.native = platform;
}

export async function startNative(platform: Exclude<AppPlatform, "web">): Promise<void> {
  markNative(platform);
  await removeServiceWorkers();
  if (platform === "android") {
    try {
      await StatusBar.setOverlaysWebView({ overlay: false });
      await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
      await StatusBar.setStyle({ style: Style.Dark });
    } catch (e) {
      logError("status bar", e);
    }
  }
}

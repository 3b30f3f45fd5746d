// Capacitor wraps the built SPA (dist/) in the Android and iOS apps; the app calls the real server, whose
// origin is baked in at build time (VITE_API_ORIGIN, see src/shared/native.ts and the README's "Native app").
import type { CapacitorConfig } from "@capacitor/cli";

const config: CapacitorConfig = {
  appId: "app.ivrit.hebrew",
  appName: "Ivrit",
  webDir: "dist",
  android: {
    // The WebView is served from https://localhost; the API origin is https in production.
    allowMixedContent: false,
  },
  ios: {
    contentInset: "never",
  },
  plugins: {
    StatusBar: {
      // The SPEC's Android status-bar colour (the header's indigo); set again at start-up by src/shared/native.ts.
      backgroundColor: "#3b5bdb",
      style: "DARK",
      overlaysWebView: false,
    },
  },
};

export default config;

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Native builds: the server's origin (https://api.example.com); the web build calls its own origin. */
  readonly VITE_API_ORIGIN?: string;
  /** RevenueCat public SDK keys (goog_… for Google Play, appl_… for the App Store). */
  readonly VITE_REVENUECAT_KEY_ANDROID?: string;
  readonly VITE_REVENUECAT_KEY_IOS?: string;
  /** "1": check every API answer against core's schemas, as development builds do (the Playwright build sets it). */
  readonly VITE_CHECK_API?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

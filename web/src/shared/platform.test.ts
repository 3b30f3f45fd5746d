import { describe, expect, it } from "vitest";
import { appPlatform, normaliseOrigin, serverOrigin, serverUrl, toAppPlatform } from "./platform.ts";

describe("platform", () => {
  it("is web in a browser, and only android or ios otherwise", () => {
    expect(appPlatform()).toBe("web");
    expect(toAppPlatform("android")).toBe("android");
    expect(toAppPlatform("ios")).toBe("ios");
    expect(toAppPlatform("electron")).toBe("web");
  });
  it("reads the native shells' bridges as @capacitor/core does", () => {
    const win = globalThis as unknown as Record<string, unknown>;
    win.androidBridge = {};
    expect(appPlatform()).toBe("android");
    delete win.androidBridge;
    win.webkit = { messageHandlers: { bridge: {} } };
    expect(appPlatform()).toBe("ios");
    delete win.webkit;
    expect(appPlatform()).toBe("web");
  });
  it("keeps /api and /audio same-origin on web", () => {
    expect(serverOrigin("web", "https://api.example.com")).toBe("");
    expect(serverUrl("/api/me")).toBe("/api/me");
    expect(serverUrl("https://cdn.example.com/a.mp3")).toBe("https://cdn.example.com/a.mp3");
  });
  it("prefixes the configured origin on native", () => {
    expect(serverOrigin("android", "https://api.example.com/")).toBe("https://api.example.com");
    expect(serverOrigin("ios", " http://10.0.2.2:3000 ")).toBe("http://10.0.2.2:3000");
    expect(serverOrigin("ios", "https://example.com/ivrit/")).toBe("https://example.com/ivrit");
  });
  it("refuses what is not an http(s) origin", () => {
    expect(normaliseOrigin(undefined)).toBeNull();
    expect(normaliseOrigin("")).toBeNull();
    expect(normaliseOrigin("api.example.com")).toBeNull();
    expect(normaliseOrigin("ftp://example.com")).toBeNull();
    expect(serverOrigin("android", undefined)).toBe("");
  });
});

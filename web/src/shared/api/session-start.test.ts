// The session the app starts with: the API client's identity headers, the plan (entitlements) and the active
// module (get-active-module, get-modules): SPEC sections 3, 4 and 8.
import type { Module } from "@ivrit/core/schemas/api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetIdentity } from "../identity.ts";
import { KEYS } from "../storage.ts";
import { toSearch } from "./client.ts";
import { pickAutoModule, resolveActiveModule } from "./get-active-module.ts";
import { loadPlan, planFromEntitlements } from "./get-entitlements.ts";
import { withBeginnerModule } from "./get-modules.ts";

function mod(id: number, tier = 1, extra: Partial<Module> = {}): Module {
  return {
    id,
    module_id: id,
    name: `M${id}`,
    tier,
    is_beginner: false,
    word_count: 10,
    field_ids: [],
    field_names: [],
    locked: false,
    ...extra,
  };
}

type Handler = (url: URL, init: RequestInit) => { status: number; body?: unknown };
let handler: Handler;
const calls: { method: string; path: string; headers: Record<string, string>; body?: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  forgetIdentity();
  calls.length = 0;
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubGlobal("fetch", async (input: string, init: RequestInit) => {
    const url = new URL(input, "http://localhost");
    calls.push({
      method: init.method ?? "GET",
      path: url.pathname,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const { status, body } = handler(url, init);
    return new Response(status === 204 ? null : JSON.stringify(body ?? {}), { status });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("api client", () => {
  it("sends the anonymous id as both identity headers", async () => {
    handler = () => ({ status: 200, body: { entitlement: "plus", tier: 2, expiresAt: null } });
    await loadPlan();
    const h = calls[0]?.headers ?? {};
    expect(h["X-Anonymous-Id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(h["X-User-Id"]).toBe(h["X-Anonymous-Id"]);
    expect(calls[0]?.path).toBe("/api/me/entitlements");
  });

  it("builds query strings without empty values", () => {
    expect(toSearch({ language: "en", moduleId: 3, all: true, q: undefined, tiers: [1, 2] })).toBe(
      "?language=en&moduleId=3&all=1&tiers=1%2C2",
    );
  });
});

describe("plan (SPEC sections 3, 8)", () => {
  it("reads the entitlement or numeric tier", () => {
    expect(planFromEntitlements({ entitlement: "pro", tier: 3 })).toBe("pro");
    expect(planFromEntitlements({ tier: 2 })).toBe("plus");
    expect(planFromEntitlements({ tier: 5 })).toBe("pro");
    expect(planFromEntitlements(null)).toBe("free");
  });

  it("takes the numeric tier when it says more than the entitlement, never less", () => {
    expect(planFromEntitlements({ entitlement: "plus", tier: 3 })).toBe("pro");
    expect(planFromEntitlements({ entitlement: "free", tier: 2 })).toBe("plus");
    expect(planFromEntitlements({ entitlement: "pro", tier: 1 })).toBe("pro");
    expect(planFromEntitlements({ entitlement: "plus" })).toBe("plus");
  });

  it("caches the plan and falls back to it when the call fails, else free", async () => {
    handler = () => ({ status: 200, body: { entitlement: "plus", tier: 2, expiresAt: null } });
    expect(await loadPlan()).toEqual({ plan: "plus", tier: 2, cached: false });
    expect(localStorage.getItem(KEYS.plan)).toBe("plus");
    handler = () => ({ status: 500, body: { error: { code: "x", message: "boom" } } });
    expect(await loadPlan()).toEqual({ plan: "plus", tier: 2, cached: true });
    localStorage.clear();
    expect(await loadPlan()).toEqual({ plan: "free", tier: 1, cached: true });
  });
});

describe("active module (SPEC section 4)", () => {
  it("uses the server's module and stores its id", async () => {
    handler = (url) => (url.pathname === "/api/me/active-module" ? { status: 200, body: mod(7) } : { status: 404 });
    expect((await resolveActiveModule("en"))?.id).toBe(7);
    expect(localStorage.getItem(KEYS.activeModule)).toBe("7");
  });

  it("on 204 checks the stored id against the words call and clears it when invalid", async () => {
    localStorage.setItem(KEYS.activeModule, "999");
    localStorage.setItem(KEYS.autoPicked, "1");
    handler = (url) => {
      if (url.pathname === "/api/me/active-module") return { status: 204 };
      if (url.pathname === "/api/words") return { status: 404, body: { error: { code: "not_found", message: "no" } } };
      return { status: 200, body: { items: [] } };
    };
    expect(await resolveActiveModule("en")).toBeNull();
    expect(localStorage.getItem(KEYS.activeModule)).toBeNull();
  });

  it("keeps a valid stored id", async () => {
    localStorage.setItem(KEYS.activeModule, "6");
    handler = (url, init) => {
      if (url.pathname === "/api/me/active-module" && (init.method ?? "GET") === "GET") return { status: 204 };
      if (url.pathname === "/api/words")
        return { status: 200, body: { items: [], module: mod(6), tier: 1, locked: false, planTier: 1, total: 0 } };
      return { status: 200, body: { module: mod(6), locked: false } };
    };
    expect((await resolveActiveModule("en"))?.id).toBe(6);
  });

  it("auto-picks one random tier-1 non-beginner module once, stores it and sends it", async () => {
    // A device that skipped the first run (issue 11.1) gets the SPEC's auto-pick.
    localStorage.setItem(KEYS.firstRun, "skipped");
    handler = (url, init) => {
      if (url.pathname === "/api/me/active-module" && (init.method ?? "GET") === "GET") return { status: 204 };
      if (url.pathname === "/api/me/modules")
        return { status: 200, body: { items: [mod(93, 1, { is_beginner: true }), mod(21, 2), mod(5)] } };
      return { status: 200, body: { module: mod(5), locked: false } };
    };
    expect((await resolveActiveModule("en"))?.id).toBe(5);
    expect(localStorage.getItem(KEYS.activeModule)).toBe("5");
    expect(localStorage.getItem(KEYS.autoPicked)).toBe("1");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ module_id: 5 });
    // Once only: with nothing stored and the flag set, no module.
    localStorage.removeItem(KEYS.activeModule);
    expect(await resolveActiveModule("en")).toBeNull();
  });

  it("a first visit (nothing chosen on this device yet) gets no module before the first run's choice", async () => {
    handler = (url, init) => {
      if (url.pathname === "/api/me/active-module" && (init.method ?? "GET") === "GET") return { status: 204 };
      if (url.pathname === "/api/me/modules") return { status: 200, body: { items: [mod(5)] } };
      return { status: 200, body: { module: mod(5), locked: false } };
    };
    expect(await resolveActiveModule("en")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    expect(localStorage.getItem(KEYS.autoPicked)).toBeNull();
  });

  it("never auto-picks the beginner module or a higher tier", () => {
    expect(pickAutoModule([mod(93, 1), mod(4, 1, { is_beginner: true }), mod(30, 2)])).toBeNull();
    expect(pickAutoModule([mod(93), mod(8)], () => 0.99)?.id).toBe(8);
  });

  it("puts the beginner pseudo-module first when the list lacks it", () => {
    expect(withBeginnerModule([mod(1)]).map((m) => m.id)).toEqual([93, 1]);
    expect(withBeginnerModule([mod(1), mod(93, 1, { is_beginner: true })]).map((m) => m.id)).toEqual([1, 93]);
  });
});

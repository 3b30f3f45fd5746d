import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";

export interface Seed {
  language?: string;
  level?: 1 | 2 | 3;
  /** Values for sessionStorage (e.g. game results). */
  session?: Record<string, string>;
  /** More localStorage values (e.g. module_auto_picked). */
  local?: Record<string, string>;
}

/** A fresh anonymous user (own UUID) with optional stored language and level, set once before the first load. */
export async function seedUser(page: Page, seed: Seed = {}): Promise<string> {
  const id = randomUUID();
  await page.addInitScript(
    ({ id, seed }) => {
      if (localStorage.getItem("anon_user_id")) return;
      localStorage.setItem("anon_user_id", id);
      if (seed.language) localStorage.setItem("language", seed.language);
      if (seed.level) localStorage.setItem("level_id", String(seed.level));
      for (const [k, v] of Object.entries(seed.session ?? {})) sessionStorage.setItem(k, v);
      for (const [k, v] of Object.entries(seed.local ?? {})) localStorage.setItem(k, v);
    },
    { id, seed },
  );
  return id;
}

/** Waits until the page has its heading and no loading text. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.locator("main h1").first().waitFor({ state: "visible" });
  await page.waitForFunction(() => !document.querySelector('main [role="status"][aria-live="polite"]'), null, {
    timeout: 10_000,
  });
}

/** Resolves once the page has painted two frames: the layout of a resize (or any change before) is on screen. */
export function framesPainted(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Resolves once no finite CSS transition or animation is running (spinners and skeleton pulses loop forever). */
export async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await framesPainted(page);
}

export function apiHeaders(id: string): Record<string, string> {
  return { "X-Anonymous-Id": id, "X-User-Id": id };
}

/** Grants a plan to an anonymous id through the RevenueCat webhook (an INITIAL_PURCHASE event), as the store would. */
export async function grantPlan(request: APIRequestContext, userId: string, plan: "plus" | "pro"): Promise<void> {
  const now = Date.now();
  const res = await request.post("/api/webhooks/revenuecat", {
    headers: { Authorization: `Bearer ${process.env.E2E_WEBHOOK_SECRET ?? ""}` },
    data: {
      api_version: "1.0",
      event: {
        id: randomUUID(),
        type: "INITIAL_PURCHASE",
        app_id: "app_e2e",
        app_user_id: userId,
        original_app_user_id: userId,
        aliases: [userId],
        entitlement_ids: [plan],
        product_id: `ivrit_${plan}_monthly`,
        period_type: "NORMAL",
        purchased_at_ms: now,
        expiration_at_ms: now + 30 * 86_400_000,
        event_timestamp_ms: now,
        environment: "SANDBOX",
        store: "PLAY_STORE",
      },
    },
  });
  if (res.status() !== 200) throw new Error(`grant ${plan}: ${res.status()} ${await res.text()}`);
}

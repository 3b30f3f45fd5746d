// What the browser benchmarks share (lighthouse.ts, profile.ts): the production server on a port, and the learner
// each page is measured for (a first visit, or a returning learner with two weeks of answers).
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Page } from "puppeteer-core";

const root = join(import.meta.dirname, "..");

/** `node server/dist/start.js` (as `npm start` runs it) on `port`, once its health answers. */
export async function serve(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, "server", "dist", "start.js")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`server on ${port} did not start`);
}

/** The device states a page is measured in (localStorage), and the pages, for the app at `origin`. */
export async function learnerStates(origin: string): Promise<{
  states: Record<string, Record<string, string>>;
  paths: string[];
}> {
  const learner = randomUUID();
  const modules = (await (
    await fetch(`${origin}/api/me/modules?language=en&all=1`, { headers: { "x-anonymous-id": learner } })
  ).json()) as {
    items: { id: number; tier: number; is_beginner: boolean }[];
  };
  const module = modules.items.find((m) => !m.is_beginner && m.tier === 1)?.id ?? 1;
  const returning = {
    anon_user_id: learner,
    language: "en",
    content_language: "en",
    level_id: "2",
    first_run: "done",
    active_module_id: String(module),
  };
  // Two weeks of answers on the active module's first 20 words: due cards for /review, charts for /progress.
  const words = (await (
    await fetch(`${origin}/api/words?moduleId=${module}&limit=20&language=en`, {
      headers: { "x-anonymous-id": learner },
    })
  ).json()) as { items: { id: number }[] };
  const events = words.items.flatMap((w, i) =>
    [14, 9, 4].map((days, k) => ({
      id: `lh-${w.id}-${k}`,
      wordId: w.id,
      at: new Date(Date.now() - (days + (i % 3)) * 86_400_000).toISOString(),
      game: k === 1 ? "review" : "translation_match",
      outcome: (i + k) % 5 === 0 ? "wrong" : "right",
    })),
  );
  const seeded = await fetch(`${origin}/api/review/events`, {
    method: "POST",
    headers: { "x-anonymous-id": learner, "content-type": "application/json" },
    body: JSON.stringify({ events }),
  });
  if (!seeded.ok) throw new Error(`seeding the learner's answers: ${seeded.status}`);
  return {
    states: { first: {}, returning },
    paths: [
      "/welcome",
      "/home",
      "/words",
      "/library",
      `/game/${module}/translation-match`,
      "/review",
      "/progress",
      "/account",
    ],
  };
}

/**
 * A first load on `page`: no cached file, no service worker (the caches of an earlier one deleted); then the learner's device state
 * (localStorage) set on the origin before the measured load.
 */
export async function freshDevice(page: Page, origin: string, state: Record<string, string>): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(async (s) => {
    type Store = { clear(): void; setItem(k: string, v: string): void };
    type Worker = { getRegistrations(): Promise<{ unregister(): Promise<boolean> }[]> };
    type Caches = { keys(): Promise<string[]>; delete(k: string): Promise<boolean> };
    const g = globalThis as unknown as { localStorage: Store; navigator: { serviceWorker?: Worker }; caches?: Caches };
    for (const r of (await g.navigator.serviceWorker?.getRegistrations()) ?? []) await r.unregister();
    for (const k of (await g.caches?.keys()) ?? []) await g.caches?.delete(k);
    // The learner's device state, set on the origin before the measured load.
    g.localStorage.clear();
    for (const [k, v] of Object.entries(s)) g.localStorage.setItem(k, v);
  }, state);
}

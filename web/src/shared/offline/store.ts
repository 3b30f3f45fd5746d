// The device's offline copies (issue 15): answers of the API and the audio files of the learner's modules, within
// a storage budget (default 50 MB). Entries not used for 30 days go first, then the least recently used ones until
// the total fits. Account shows the total and clears it.
import { type Backend, defaultBackend, type EntryKind, type EntryMeta } from "./backend.ts";

export const DEFAULT_BUDGET_BYTES = 50 * 1024 * 1024;
/** A module opened within this many days stays available offline; older entries are evicted. */
export const KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** A read refreshes an entry's usedAt at most this often (a write per read would be wasted work). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface Usage {
  bytes: number;
  answers: number;
  audioFiles: number;
  /** Modules with stored words, ascending. */
  modules: number[];
}

/** Which entries to remove: expired ones, then the least recently used until the rest fits the budget. */
export function entriesToEvict(entries: readonly EntryMeta[], budget: number, now: number): string[] {
  const out: string[] = [];
  const kept: EntryMeta[] = [];
  for (const e of entries) {
    if (now - e.usedAt > KEEP_MS) out.push(e.key);
    else kept.push(e);
  }
  let total = kept.reduce((sum, e) => sum + e.size, 0);
  kept.sort((a, b) => a.usedAt - b.usedAt || a.savedAt - b.savedAt);
  for (const e of kept) {
    if (total <= budget) break;
    out.push(e.key);
    total -= e.size;
  }
  return out;
}

export function usageOf(entries: readonly EntryMeta[]): Usage {
  const modules = new Set<number>();
  let bytes = 0;
  let answers = 0;
  let audioFiles = 0;
  for (const e of entries) {
    bytes += e.size;
    if (e.kind === "answer") answers += 1;
    else audioFiles += 1;
    if (e.moduleId !== null && e.kind === "answer") modules.add(e.moduleId);
  }
  return { bytes, answers, audioFiles, modules: [...modules].sort((a, b) => a - b) };
}

export class OfflineStore {
  private readonly backend: Backend;
  private readonly now: () => number;
  private budget: number;
  private listeners = new Set<() => void>();
  private evicting: Promise<void> | null = null;

  constructor(backend: Backend, now: () => number = Date.now, budget: number = DEFAULT_BUDGET_BYTES) {
    this.backend = backend;
    this.now = now;
    this.budget = budget;
  }

  setBudget(bytes: number): void {
    this.budget = bytes;
  }

  /** Called after every change of what is stored (Account's line listens). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private async save(key: string, kind: EntryKind, data: unknown, size: number, moduleId: number | null) {
    const now = this.now();
    await this.backend.put({ key, kind, size, usedAt: now, savedAt: now, moduleId }, data);
    await this.evict();
  }

  saveAnswer(key: string, text: string, moduleId: number | null): Promise<void> {
    return this.save(key, "answer", text, text.length * 2, moduleId);
  }

  saveAudio(key: string, blob: Blob, moduleId: number | null): Promise<void> {
    return this.save(key, "audio", blob, blob.size, moduleId);
  }

  private async read(key: string): Promise<unknown> {
    const entry = await this.backend.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.meta.usedAt > TOUCH_EVERY_MS) await this.backend.touch([key], now);
    return entry.data;
  }

  async readAnswer(key: string): Promise<string | undefined> {
    const data = await this.read(key);
    return typeof data === "string" ? data : undefined;
  }

  async readAudio(key: string): Promise<Blob | undefined> {
    const data = await this.read(key);
    return data instanceof Blob ? data : undefined;
  }

  /** The keys among these that are stored. */
  async stored(keys: readonly string[]): Promise<Set<string>> {
    const wanted = new Set(keys);
    return new Set((await this.backend.allMeta()).filter((m) => wanted.has(m.key)).map((m) => m.key));
  }

  /** When the entry was stored (epoch ms), or null when it is not. */
  async savedAt(key: string): Promise<number | null> {
    return (await this.backend.get(key))?.meta.savedAt ?? null;
  }

  /** Marks entries as used now (a module opened again keeps its words and audio). */
  async touch(keys: readonly string[]): Promise<void> {
    await this.backend.touch(keys, this.now());
  }

  async usage(): Promise<Usage> {
    return usageOf(await this.backend.allMeta());
  }

  /** Removes what is too old or over the budget; one run at a time. */
  evict(): Promise<void> {
    this.evicting ??= (async () => {
      try {
        const gone = entriesToEvict(await this.backend.allMeta(), this.budget, this.now());
        await this.backend.remove(gone);
      } finally {
        this.evicting = null;
        this.changed();
      }
    })();
    return this.evicting;
  }

  async clear(): Promise<void> {
    await this.backend.clear();
    this.changed();
  }
}

export const offlineStore = new OfflineStore(defaultBackend());

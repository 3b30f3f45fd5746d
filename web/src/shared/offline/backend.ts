// Where the offline copies live: IndexedDB (web and the native app's WebView alike; the native app has no service
// worker and deletes Cache Storage at start, decision 0024), or memory where IndexedDB is missing (tests, a
// browser's private mode that refuses it). Two object stores: "meta" (one small record per entry, read whole to
// count and evict) and "data" (the answer's JSON text or the audio file's Blob, read one at a time).

export type EntryKind = "answer" | "audio";

export interface EntryMeta {
  key: string;
  kind: EntryKind;
  /** Bytes of the stored data (UTF-16 text counts 2 bytes a character, as the browser's quota does roughly). */
  size: number;
  /** Epoch ms of the last read or refresh: least recently used goes first. */
  usedAt: number;
  savedAt: number;
  /** The module the entry belongs to (a module's words or their audio), else null. */
  moduleId: number | null;
}

export interface Backend {
  allMeta(): Promise<EntryMeta[]>;
  get(key: string): Promise<{ meta: EntryMeta; data: unknown } | undefined>;
  put(meta: EntryMeta, data: unknown): Promise<void>;
  /** Updates usedAt of the entries that exist. */
  touch(keys: readonly string[], at: number): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
  clear(): Promise<void>;
}

export function memoryBackend(): Backend {
  const meta = new Map<string, EntryMeta>();
  const data = new Map<string, unknown>();
  return {
    allMeta: async () => [...meta.values()].map((m) => ({ ...m })),
    get: async (key) => {
      const m = meta.get(key);
      return m ? { meta: { ...m }, data: data.get(key) } : undefined;
    },
    put: async (m, d) => {
      meta.set(m.key, { ...m });
      data.set(m.key, d);
    },
    touch: async (keys, at) => {
      for (const k of keys) {
        const m = meta.get(k);
        if (m) m.usedAt = at;
      }
    },
    remove: async (keys) => {
      for (const k of keys) {
        meta.delete(k);
        data.delete(k);
      }
    },
    clear: async () => {
      meta.clear();
      data.clear();
    },
  };
}

const DB_NAME = "ivrit-offline";
const DB_VERSION = 1;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("transaction aborted"));
  });
}

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains("meta")) db.createObjectStore("meta", { keyPath: "key" });
    if (!db.objectStoreNames.contains("data")) db.createObjectStore("data");
  };
  return promised(request);
}

export function indexedDbBackend(factory: IDBFactory): Backend {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => {
    db ??= openDb(factory).catch((e: unknown) => {
      db = null;
      throw e;
    });
    return db;
  };
  const tx = async (mode: IDBTransactionMode) => (await database()).transaction(["meta", "data"], mode);
  return {
    async allMeta() {
      const t = await tx("readonly");
      return promised(t.objectStore("meta").getAll() as IDBRequest<EntryMeta[]>);
    },
    async get(key) {
      const t = await tx("readonly");
      const [meta, data] = await Promise.all([
        promised(t.objectStore("meta").get(key) as IDBRequest<EntryMeta | undefined>),
        promised(t.objectStore("data").get(key)),
      ]);
      return meta && data !== undefined ? { meta, data } : undefined;
    },
    async put(meta, data) {
      const t = await tx("readwrite");
      t.objectStore("meta").put(meta);
      t.objectStore("data").put(data, meta.key);
      await done(t);
    },
    async touch(keys, at) {
      if (keys.length === 0) return;
      const t = await tx("readwrite");
      const store = t.objectStore("meta");
      for (const key of keys) {
        const request = store.get(key) as IDBRequest<EntryMeta | undefined>;
        request.onsuccess = () => {
          if (request.result) store.put({ ...request.result, usedAt: at });
        };
      }
      await done(t);
    },
    async remove(keys) {
      if (keys.length === 0) return;
      const t = await tx("readwrite");
      for (const key of keys) {
        t.objectStore("meta").delete(key);
        t.objectStore("data").delete(key);
      }
      await done(t);
    },
    async clear() {
      const t = await tx("readwrite");
      t.objectStore("meta").clear();
      t.objectStore("data").clear();
      await done(t);
    },
  };
}

/** IndexedDB when the environment has it, else memory. */
export function defaultBackend(): Backend {
  const factory = typeof indexedDB === "undefined" ? null : indexedDB;
  return factory ? indexedDbBackend(factory) : memoryBackend();
}

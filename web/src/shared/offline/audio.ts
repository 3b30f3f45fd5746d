// The audio files of the learner's offline modules, kept as Blobs in the offline store (IndexedDB): the same code on
// web and in the native app, which has no service worker (decision 0024). A play button asks for the kept copy first
// and falls back to the network file.
import { useEffect, useState } from "react";
import { idleSlice } from "../idle.ts";
import { logError } from "../log.ts";
import { offlineStore } from "./store.ts";

export function audioKey(url: string): string {
  return `audio|${url}`;
}

/** Downloads at once at most this many files. */
const PARALLEL = 4;

/**
 * Keeps these files: the ones already kept are marked used, the others downloaded. Stops at the first network
 * failure (the rest would fail the same way). Resolves to the number of files downloaded.
 */
export async function keepAudio(urls: readonly string[], moduleId: number | null): Promise<number> {
  const keys = urls.map(audioKey);
  const have = await offlineStore.stored(keys);
  await offlineStore.touch([...have]);
  const missing = urls.filter((u) => !have.has(audioKey(u)));
  let next = 0;
  let fetched = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < missing.length) {
      const url = missing[next++] as string;
      try {
        // Each file's reading and storing waits for an idle moment: a tap during the warm-up is answered first.
        await idleSlice();
        const response = await fetch(url, { credentials: "omit" });
        if (!response.ok) continue; // a missing file: the button falls back to the device's voice
        const blob = await response.blob();
        await idleSlice();
        await offlineStore.saveAudio(audioKey(url), blob, moduleId);
        fetched += 1;
      } catch (e) {
        failed = true;
        logError(`offline audio ${url}`, e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, missing.length) }, worker));
  return fetched;
}

/** The URL to play: the kept copy (an object URL, revoked when the caller unmounts) or the network file. */
export function useOfflineAudio(url: string | null): string | null {
  const [playable, setPlayable] = useState<string | null>(url);
  useEffect(() => {
    setPlayable(url);
    if (!url) return;
    let live = true;
    let objectUrl: string | null = null;
    offlineStore.readAudio(audioKey(url)).then(
      (blob) => {
        if (!live || !blob) return;
        objectUrl = URL.createObjectURL(blob);
        setPlayable(objectUrl);
      },
      (e: unknown) => logError("offline audio", e),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return playable;
}

// Pronunciation: the recorded file when there is one, else the device's Hebrew voice (Web Speech he-IL).
import { logError } from "./log.ts";
import { serverUrl } from "./platform.ts";

/** audio_path without its public prefix, as a URL on the backend origin. */
export function audioUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  const p = path.trim();
  if (!p) return null;
  if (/^https?:\/\//i.test(p)) return p;
  const cleaned = p.replace(/^\.?\/?(public\/)?/, "");
  return serverUrl(`/${cleaned}`);
}

function synth(): SpeechSynthesis | null {
  return typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null;
}

export function hebrewVoice(): SpeechSynthesisVoice | null {
  const s = synth();
  if (!s) return null;
  try {
    return s.getVoices().find((v) => v.lang.toLowerCase().replace("_", "-").startsWith("he")) ?? null;
  } catch (e) {
    logError("speech voices", e);
    return null;
  }
}

/** Calls back when the list of voices changes (Chrome loads it asynchronously). */
export function onVoicesChanged(callback: () => void): () => void {
  const s = synth();
  if (!s) return () => {};
  s.addEventListener("voiceschanged", callback);
  return () => s.removeEventListener("voiceschanged", callback);
}

export function speakHebrew(text: string, onEnd: () => void): (() => void) | null {
  const s = synth();
  const voice = hebrewVoice();
  if (!s || !voice) return null;
  try {
    const u = new SpeechSynthesisUtterance(text);
    u.lang = "he-IL";
    u.voice = voice;
    u.rate = 0.9;
    u.onend = onEnd;
    u.onerror = (e) => {
      logError("speech", e.error);
      onEnd();
    };
    s.cancel();
    s.speak(u);
    return () => s.cancel();
  } catch (e) {
    logError("speech", e);
    return null;
  }
}

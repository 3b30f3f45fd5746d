// Pronunciation: the recorded file when there is one, else the device's Hebrew voice: Web Speech (he-IL) on web,
// @capacitor-community/text-to-speech (he-IL) in the native app, where the WebView has no Web Speech voices.
import { logError } from "./log.ts";
import { isNativeApp, serverUrl } from "./platform.ts";

const HEBREW_LANG = "he-IL";

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

type NativeTts = typeof import("@capacitor-community/text-to-speech").TextToSpeech;
let nativeTts: Promise<NativeTts> | null = null;
function loadNativeTts(): Promise<NativeTts> {
  nativeTts ??= import("@capacitor-community/text-to-speech").then((m) => m.TextToSpeech);
  return nativeTts;
}

let nativeVoice: boolean | null = null;
let nativeVoiceCheck: Promise<boolean> | null = null;
/** Native app: whether the device has a Hebrew text-to-speech voice (asked once). */
export function hasNativeHebrewVoice(): Promise<boolean> {
  if (!isNativeApp()) return Promise.resolve(false);
  nativeVoiceCheck ??= loadNativeTts()
    .then((tts) => tts.isLanguageSupported({ lang: HEBREW_LANG }))
    .then(
      (r) => r.supported === true,
      (e: unknown) => {
        logError("text to speech", e);
        return false;
      },
    )
    .then((supported) => {
      nativeVoice = supported;
      return supported;
    });
  return nativeVoiceCheck;
}

/** True when the word can be spoken without a file: a Web Speech Hebrew voice, or the native one (once known). */
export function canSpeakHebrew(): boolean {
  return isNativeApp() ? nativeVoice === true : hebrewVoice() !== null;
}

function hebrewVoice(): SpeechSynthesisVoice | null {
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

/** Native app: speaks with the device's he-IL voice; returns a stop function. */
function speakNative(text: string, onEnd: () => void): (() => void) | null {
  if (nativeVoice !== true) return null;
  let stopped = false;
  loadNativeTts()
    .then((tts) => tts.speak({ text, lang: HEBREW_LANG, rate: 0.9 }))
    .catch((e: unknown) => logError("text to speech", e))
    .finally(() => {
      if (!stopped) onEnd();
    });
  return () => {
    stopped = true;
    void loadNativeTts()
      .then((tts) => tts.stop())
      .catch((e: unknown) => logError("text to speech", e));
  };
}

export function speakHebrew(text: string, onEnd: () => void): (() => void) | null {
  if (isNativeApp()) return speakNative(text, onEnd);
  const s = synth();
  const voice = hebrewVoice();
  if (!s || !voice) return null;
  try {
    const u = new SpeechSynthesisUtterance(text);
    u.lang = HEBREW_LANG;
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

// The one HTTP client: base path /api, identity headers on every request, errors logged (SPEC section 7). In the
// native app the path is prefixed with the server origin (VITE_API_ORIGIN); on web it stays same-origin. Every GET
// answer is also kept on the device and read back when the network is gone (shared/offline, issue 15; with the app's
// first code: every page keeps its first answers, and a chunk of its own was one more request on every first load).
import { i18n } from "../i18n.ts";
import { anonymousId } from "../identity.ts";
import { logError } from "../log.ts";
import { offlineAnswer, rememberAnswer } from "../offline/answers.ts";
import { serverUrl } from "../platform.ts";

const API_BASE = "/api";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

export function toSearch(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) params.set(key, value.join(","));
    else if (typeof value === "boolean") params.set(key, value ? "1" : "0");
    else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

function identityHeaders(): Record<string, string> {
  const id = anonymousId();
  return { "X-Anonymous-Id": id, "X-User-Id": id };
}

interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** The device says it has no network (navigator.onLine is false only when that is certain). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** Status 0 with code "offline": the network is gone and no copy of this answer is kept on the device. */
export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "offline";
}

/**
 * The kept answer of a GET; without one, the offline error (its message in the learner's language) when the device
 * is offline, else the network error that brought us here.
 */
async function keptAnswer<T>(path: string, query: Query | undefined, networkError?: ApiError): Promise<T> {
  const kept = await offlineAnswer(anonymousId(), path, query);
  if (kept !== undefined) return kept as T;
  if (networkError && !isOffline()) throw networkError;
  throw new ApiError(0, "offline", i18n.t("common:offline.unavailable"));
}

/** Resolves to the JSON body, or null for 204. Throws ApiError (already logged) on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  const method = options.method ?? "GET";
  const url = serverUrl(`${API_BASE}${path}${toSearch(options.query)}`);
  const headers: Record<string, string> = { Accept: "application/json", ...identityHeaders() };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  // Offline, a read goes straight to the device's copy: no request that can only fail.
  if (method === "GET" && isOffline()) return keptAnswer<T>(path, options.query);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: "omit",
    });
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === "AbortError";
    const err = new ApiError(0, "network", error instanceof Error ? error.message : "Network error");
    if (!aborted) logError(`${method} ${url}`, err);
    if (method === "GET" && !aborted) return keptAnswer<T>(path, options.query, err);
    throw err;
  }
  if (response.status === 204) return null;
  let data: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const body = data as { error?: { code?: string; message?: string } } | null;
    const err = new ApiError(
      response.status,
      body?.error?.code ?? "http_error",
      body?.error?.message ?? `${response.status} ${response.statusText}`.trim(),
    );
    logError(`${method} ${url}`, err);
    throw err;
  }
  if (import.meta.env.DEV || import.meta.env.VITE_CHECK_API === "1") {
    const { checkAnswer } = await import("./check-answer.ts");
    checkAnswer(method, path, data);
  }
  if (method === "GET" && text) {
    rememberAnswer(anonymousId(), path, options.query, text).catch((e: unknown) => logError("offline copy", e));
  }
  return data as T;
}

/** For calls whose answer is always a body: a 204 becomes an error. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const data = await apiRequest<T>(path, options);
  if (data === null) throw new ApiError(204, "no_content", "Empty response");
  return data;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

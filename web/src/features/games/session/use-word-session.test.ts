import { makeWord } from "@ivrit/core/games/test-fixtures";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../shared/api/client.ts";
import { lastLoadError, noteLoadError } from "./early-words.ts";
import { loadErrorMessage, loadSession } from "./use-word-session.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("loadErrorMessage", () => {
  it("shows the server's text, else the generic message", () => {
    expect(loadErrorMessage(new ApiError(400, "invalid_module_id", "Invalid moduleId"))).toBe("Invalid moduleId");
    expect(loadErrorMessage(new ApiError(0, "network", "Failed to fetch"))).toBeNull();
    expect(loadErrorMessage(new ApiError(502, "http_error", "502 Bad Gateway"))).toBeNull();
    expect(loadErrorMessage(new Error("x"))).toBeNull();
  });
});

function wordsResponse(items: unknown[]) {
  return new Response(
    JSON.stringify({ items, module: null, tier: 1, locked: false, planTier: 1, total: items.length }),
    {
      status: 200,
      headers: { "Content-Type": "application/json" },
    },
  );
}

describe("loadSession", () => {
  it("loads a module game with core's query and a fresh session id", async () => {
    const fetchMock = vi.fn().mockImplementation(async () => wordsResponse([]));
    vi.stubGlobal("fetch", fetchMock);
    const a = await loadSession("translation-match", { language: "en", moduleId: 4, tier: 1 });
    const b = await loadSession("translation-match", { language: "en", moduleId: 4, tier: 1 });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), "http://x");
    expect(url.pathname).toBe("/api/words");
    expect(url.searchParams.get("moduleId")).toBe("4");
    expect(url.searchParams.get("limit")).toBe("100");
    expect(url.searchParams.get("random")).toBe("1");
    expect(a.sessionId).not.toBe(b.sessionId);
  });

  it("tense guesser loads again with perTierLimit 400 when the pool has too few verbs", async () => {
    // Whole words of the API's shape (the client checks answers against core's schema in tests).
    const verb = (id: number) =>
      makeWord({ id, category: "verb", tense: "past", hebrew: "כתב", translation: "wrote", verb: "לכתוב" });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(wordsResponse([verb(1)]))
      .mockResolvedValueOnce(wordsResponse([1, 2, 3, 4, 5, 6].map(verb)));
    vi.stubGlobal("fetch", fetchMock);
    const s = await loadSession("tense-guesser", { language: "en", moduleId: null, tier: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const second = new URL(String(fetchMock.mock.calls[1]?.[0]), "http://x");
    expect(second.searchParams.get("perTierLimit")).toBe("400");
    expect(second.searchParams.get("tier")).toBe("2");
    expect(s.words).toHaveLength(6);
  });

  it("a tier game named with a module checks it: locked, the pool is not loaded and no module is recorded", async () => {
    const locked = new Response(
      JSON.stringify({ items: [], module: null, tier: 3, locked: true, planTier: 1, total: 0 }),
      { status: 200, headers: { "Content-Type": "application/json" } },
    );
    const fetchMock = vi.fn().mockResolvedValueOnce(locked);
    vi.stubGlobal("fetch", fetchMock);
    const s = await loadSession("verb-conjugation", { language: "en", moduleId: 301, tier: 1 }, undefined, 301);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const probe = new URL(String(fetchMock.mock.calls[0]?.[0]), "http://x");
    expect(probe.searchParams.get("moduleId")).toBe("301");
    expect(probe.searchParams.get("limit")).toBe("0");
    expect(s).toMatchObject({ locked: true, words: [], moduleId: null });
  });

  it("a tier game plays tiers: its play record names no module, and it keeps the focused module", async () => {
    const fetchMock = vi.fn().mockImplementation(async () => wordsResponse([]));
    vi.stubGlobal("fetch", fetchMock);
    const s = await loadSession("tense-guesser", { language: "en", moduleId: 3, tier: 1 });
    expect(s).toMatchObject({ moduleId: null, focusModuleId: 3, namedModule: null, locked: false });
    const m = await loadSession("flashcards", { language: "en", moduleId: 3, tier: 1 });
    expect(m).toMatchObject({ moduleId: 3 });
  });

  it("verb conjugation joins the verbs of the module in view to its tier pool, first", async () => {
    const verb = (id: number) =>
      makeWord({ id, category: "verb", tense: "infinitive", hebrew: "לכתוב", translation: "to write", verb: "לכתוב" });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(wordsResponse([verb(1), verb(2)]))
      .mockResolvedValueOnce(wordsResponse([verb(3), verb(2)]));
    vi.stubGlobal("fetch", fetchMock);
    const s = await loadSession("verb-conjugation", { language: "en", moduleId: 120, tier: 1 });
    const second = new URL(String(fetchMock.mock.calls[1]?.[0]), "http://x");
    expect(second.searchParams.get("moduleId")).toBe("120");
    expect(second.searchParams.get("category")).toBe("verb");
    // The tables the game reads, in the lean shape getWords expands (issue 16's session fields).
    expect(second.searchParams.get("forms")).toBe("1");
    expect(s.words.map((w) => w.id)).toEqual([3, 2, 1]);
    // It played that module's verbs: the play record names it.
    expect(s.moduleId).toBe(120);
  });

  it("reads a failed load noted by an earlier page of the tab (sessionStorage), the later of the two", () => {
    noteLoadError(1000);
    sessionStorage.setItem("ivrit.loadErrorAt", "5000");
    expect(lastLoadError()).toBe(5000);
    noteLoadError(7000);
    expect(lastLoadError()).toBe(7000);
    expect(sessionStorage.getItem("ivrit.loadErrorAt")).toBe("7000");
  });

  it("notes the time of a failed load (verb games postpone after it)", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    vi.spyOn(console, "error").mockImplementation(() => {});
    noteLoadError(0);
    const before = Date.now();
    await expect(loadSession("flashcards", { language: "en", moduleId: 1, tier: 1 })).rejects.toThrow();
    expect(lastLoadError()).toBeGreaterThanOrEqual(before);
  });
});

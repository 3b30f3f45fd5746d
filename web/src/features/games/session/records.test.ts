import { makeWord } from "@ivrit/core/games/test-fixtures";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../shared/api/client.ts";
import { playRecordBody, recordPlay } from "./records.ts";
import { lastLoadError, loadErrorMessage, loadSession, noteLoadError } from "./use-word-session.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("playRecordBody", () => {
  it("uses core's game names and carries the session id", () => {
    const body = playRecordBody(
      { game: "verb-conjugation", language: "ar", moduleId: null, levelId: 2, sessionId: "s-1" },
      Date.UTC(2026, 0, 2),
    );
    expect(body).toEqual({
      gameName: "verb_conjugation_challenge",
      language: "ar",
      platform: "web",
      moduleId: null,
      levelId: 2,
      sessionId: "s-1",
      meta: { firedAt: "2026-01-02T00:00:00.000Z" },
    });
    expect(playRecordBody({ game: "letters", language: "en", moduleId: 93, levelId: 1, sessionId: "b" }).gameName).toBe(
      "letter_learning",
    );
  });
});

describe("recordPlay", () => {
  it("sends one record per game and session, however often a screen asks", async () => {
    const fetchMock = vi
      .fn()
      .mockImplementation(async () => new Response('{"ok":true,"created":true}', { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    const input = { game: "flashcards", language: "en", moduleId: 1, levelId: 3, sessionId: "dedupe-1" } as const;
    recordPlay(input);
    recordPlay(input);
    recordPlay({ ...input, game: "translation-match" });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 50));
    const sent = fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)).gameName);
    expect(sent.sort()).toEqual(["flashcards", "translation_match"]);
  });
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

  it("notes the time of a failed load (verb games postpone after it)", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    vi.spyOn(console, "error").mockImplementation(() => {});
    noteLoadError(0);
    const before = Date.now();
    await expect(loadSession("flashcards", { language: "en", moduleId: 1, tier: 1 })).rejects.toThrow();
    expect(lastLoadError()).toBeGreaterThanOrEqual(before);
  });
});

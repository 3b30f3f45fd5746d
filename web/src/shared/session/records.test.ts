import { afterEach, describe, expect, it, vi } from "vitest";
import { playRecordBody, recordPlay } from "./records.ts";

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

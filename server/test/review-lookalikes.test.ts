// Issue 24: a typing card carries the taught words a learner could type instead (same letters up to vav, yod and
// finals) with their meaning in the learner's language; other cards carry none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(BACKENDS)("typing lookalikes on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend);
  });
  afterAll(async () => h?.close());

  it("sends a typing card's lookalikes, in the learner's language", async () => {
    const user = newUser();
    // כתב (wrote) recalled again and again over two months: a strong card, asked by typing.
    const events = [90, 75, 55, 30, 5].map((d, i) => ({
      id: `k${i}`,
      wordId: 1003,
      at: ago(d * DAY),
      game: "review",
      outcome: "right",
    }));
    const posted = await h.app.inject({
      method: "POST",
      url: "/api/review/events",
      payload: { events },
      headers: as(user),
    });
    expect(posted.statusCode).toBe(200);
    const session = await h.app.inject({
      method: "GET",
      url: "/api/review/session?words=1003,1001&language=fr",
      headers: as(user),
    });
    const [typing, fresh] = session.json().items;
    expect(typing).toMatchObject({ wordId: 1003, exercise: "typing" });
    // Nearest in length first.
    expect(typing.lookalikes).toEqual([
      { he: "כותב", translation: "écrit" },
      { he: "יכתוב", translation: "écrira" },
    ]);
    expect(fresh).toMatchObject({ wordId: 1001, exercise: "meaning", lookalikes: [] });
  });
});

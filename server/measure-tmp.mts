// One-off: a data dir with the full content and 50,000 review events (50 learners x 1,000), folded.
import { randomUUID } from "node:crypto";
import { boot } from "./src/boot.ts";
import * as t from "./src/db/schema.ts";
import { foldPending } from "./src/routes/review.ts";

const dir = process.argv[2];
let started = performance.now();
const b = await boot({ dataDir: dir });
console.log("boot", Math.round(performance.now() - started), "ms; words", b.cache.current.words.length);
const words = b.cache.current.words.map((w) => w.id);
started = performance.now();
for (let u = 0; u < 50; u++) {
  const user = randomUUID();
  await b.database.db.insert(t.users).values({ id: user });
  const rows = Array.from({ length: 1000 }, (_, k) => ({
    userId: user,
    clientEventId: `seed-${k}`,
    wordId: words[(u * 37 + k * 7) % words.length],
    at: new Date(Date.now() - (1000 - k) * 3_600_000),
    game: "review",
    outcome: k % 5 === 0 ? "wrong" : "right",
  }));
  await b.database.db.insert(t.reviewEvents).values(rows);
  await foldPending(b.database.db, user);
}
console.log("seeded 50,000 events in", Math.round(performance.now() - started), "ms");
await b.close();

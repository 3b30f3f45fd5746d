// The real server in this process over the real content/ (boot: migrate, sync, snapshot; an in-memory database),
// asked through its own routes as a pro user (no word is a locked preview). For the content measurements.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Word, WordsQueryInput } from "@ivrit/core/schemas/api";
import { buildApp } from "@ivrit/server/app";
import { boot } from "@ivrit/server/boot";
import { parseEnv } from "@ivrit/server/env";
import { grantPlan } from "@ivrit/server/users";

export async function inProcessApi(contentDir = join(import.meta.dirname, "..", "content")) {
  const booted = await boot({ dataDir: "memory://", contentDir });
  if (booted.contentError) throw booted.contentError;
  const env = { ...parseEnv({}), RATE_LIMIT_MAX: 1e9, RATE_LIMIT_ADDRESS_MAX: 1e9, LOG_LEVEL: "warn" as const };
  const app = await buildApp({ deps: { database: booted.database, cache: booted.cache, plans: booted.plans }, env });
  await app.ready();
  const user = randomUUID();
  await grantPlan(booted.database.db, user, "pro", null);
  const headers = { "x-anonymous-id": user };
  async function get<T>(url: string): Promise<T> {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }
  const fetchWords = async (query: WordsQueryInput) =>
    (await get<{ items: Word[] }>(`/api/words?${new URLSearchParams(query as Record<string, string>)}`)).items;
  const close = async () => {
    await app.close();
    await booted.close();
  };
  return { get, fetchWords, close };
}

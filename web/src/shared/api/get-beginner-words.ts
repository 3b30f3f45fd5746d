import type { Language } from "@ivrit/core/languages";
import type { BeginnerWord } from "@ivrit/core/schemas/api";
import { apiJson } from "./client.ts";

export async function getBeginnerWords(language: Language, signal?: AbortSignal): Promise<BeginnerWord[]> {
  const data = await apiJson<{ items: BeginnerWord[] }>("/beginner/words", { query: { language }, signal });
  if (!Array.isArray(data.items)) throw new Error("beginner words: items is not a list");
  return data.items;
}

import type { Language } from "@ivrit/core/languages";
import type { BeginnerLetter } from "@ivrit/core/schemas/api";
import { apiJson } from "./client.ts";

export async function getBeginnerLetters(language: Language, signal?: AbortSignal): Promise<BeginnerLetter[]> {
  const data = await apiJson<{ items: BeginnerLetter[] }>("/beginner/letters", { query: { language }, signal });
  if (!Array.isArray(data.items)) throw new Error("letters: items is not a list");
  return data.items;
}

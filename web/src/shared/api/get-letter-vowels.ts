import type { Language } from "@ivrit/core/languages";
import type { LetterVowel } from "@ivrit/core/schemas/api";
import { apiJson } from "./client.ts";

export async function getLetterVowels(language: Language, signal?: AbortSignal): Promise<LetterVowel[]> {
  const data = await apiJson<{ items: LetterVowel[] }>("/beginner/letter-vowel", { query: { language }, signal });
  if (!Array.isArray(data.items)) throw new Error("letter-vowel: items is not a list");
  return data.items;
}

// Hand-written words for the engine tests: real Hebrew, the shapes the API sends (core/src/schemas/api.ts).
import type { Word } from "../schemas/api.ts";

type WordInput = Partial<Word> & { id: number; hebrew: string; translation: string };

/** A full Word from the fields a test cares about; the rest get the API's empty values. */
export function makeWord(input: WordInput): Word {
  const roots = input.roots ?? [];
  return {
    module_id: 10,
    word_he: input.hebrew,
    word: input.hebrew,
    word_with_nikkud: "",
    transliteration: "",
    category: "noun",
    tense: null,
    verb: null,
    binyan: null,
    tier: 1,
    locked: false,
    audio_path: `/audio/words/${input.id}.mp3`,
    pronunciation_audio: `/audio/words/${input.id}.mp3`,
    canPlayAudio: true,
    rootsText: roots.map((r) => `${r.root} (${r.root_translation})`).join(", "),
    root: roots[0]?.root ?? null,
    ...input,
    roots,
  };
}

const WRITE = [{ root: "כ-ת-ב", root_translation: "writing" }];
const READ = [{ root: "ק-ר-א", root_translation: "reading, calling" }];
const LEARN = [{ root: "ל-מ-ד", root_translation: "learning" }];
const EAT = [{ root: "א-כ-ל", root_translation: "eating, food" }];
const SPEAK = [{ root: "ד-ב-ר", root_translation: "speaking, thing" }];

function verb(
  id: number,
  hebrew: string,
  nikkud: string,
  tense: string,
  infinitive: string,
  translation: string,
  roots: Word["roots"],
): Word {
  return makeWord({
    id,
    hebrew,
    word_with_nikkud: nikkud,
    translation,
    category: "verb",
    tense,
    verb: infinitive,
    binyan: "paal",
    roots,
  });
}

/** Four forms of לכתוב, three of לקרוא, and single forms of ללמוד, לאכול and לדבר. */
export const VERBS: readonly Word[] = [
  verb(10020, "כותב", "כּוֹתֵב", "present", "לכתוב", "writes (he) / is writing", WRITE),
  verb(10021, "כתב", "כָּתַב", "past", "לכתוב", "wrote (he)", WRITE),
  verb(10022, "יכתוב", "יִכְתֹּב", "future", "לכתוב", "will write (he)", WRITE),
  verb(10023, "לכתוב", "לִכְתֹּב", "infinitive", "לכתוב", "to write", WRITE),
  verb(10024, "קורא", "קוֹרֵא", "present", "לקרוא", "reads (he) / is reading", READ),
  verb(10025, "קרא", "קָרָא", "past", "לקרוא", "read (he)", READ),
  verb(10026, "לקרוא", "לִקְרֹא", "infinitive", "לקרוא", "to read", READ),
  verb(10027, "לומד", "לוֹמֵד", "present", "ללמוד", "learns (he) / is learning", LEARN),
  verb(10028, "אכל", "אָכַל", "past", "לאכול", "ate (he)", EAT),
  verb(10029, "ידבר", "יְדַבֵּר", "future", "לדבר", "will speak (he)", SPEAK),
];

/** Nouns of the school module, with example sentences. */
export const NOUNS: readonly Word[] = [
  makeWord({
    id: 10001,
    hebrew: "בית ספר",
    word_with_nikkud: "בֵּית סֵפֶר",
    translation: "school",
    roots: [
      { root: "ב-י-ת", root_translation: "house" },
      { root: "ס-פ-ר", root_translation: "counting, telling, book" },
    ],
    sentence_he: "הילדים הולכים לבית ספר חדש.",
    sentence_he_nikkud: "הַיְּלָדִים הוֹלְכִים לְבֵית סֵפֶר חָדָשׁ.",
    sentence_translation: "The children go to a new school.",
  }),
  makeWord({
    id: 10002,
    hebrew: "כיתה",
    word_with_nikkud: "כִּתָּה",
    translation: "class, classroom",
    roots: [{ root: "כ-ת-ת", root_translation: "group, crushing" }],
    sentence_he: "בכיתה שלנו יש עשרים תלמידים.",
    sentence_he_nikkud: "בַּכִּתָּה שֶׁלָּנוּ יֵשׁ עֶשְׂרִים תַּלְמִידִים.",
    sentence_translation: "There are twenty pupils in our class.",
  }),
  makeWord({
    id: 10003,
    hebrew: "מורה",
    word_with_nikkud: "מוֹרֶה",
    translation: "teacher",
    roots: [{ root: "י-ר-ה", root_translation: "teaching, throwing" }],
    sentence_he: "המורה שלי נחמד מאוד.",
    sentence_he_nikkud: "הַמּוֹרֶה שֶׁלִּי נֶחְמָד מְאֹד.",
    sentence_translation: "My teacher is very nice.",
  }),
  makeWord({
    id: 10004,
    hebrew: "ספר",
    word_with_nikkud: "סֵפֶר",
    translation: "book",
    roots: [{ root: "ס-פ-ר", root_translation: "counting, telling, book" }],
    sentence_he: "אני קורא ספר.",
    sentence_he_nikkud: "אֲנִי קוֹרֵא סֵפֶר.",
    sentence_translation: "I am reading a book.",
  }),
  makeWord({
    id: 10005,
    hebrew: "מחברת",
    word_with_nikkud: "מַחְבֶּרֶת",
    translation: "notebook",
    roots: [{ root: "ח-ב-ר", root_translation: "joining, friend" }],
    sentence_he: "",
    sentence_translation: "",
  }),
  makeWord({
    id: 10006,
    hebrew: "אוניברסיטה",
    word_with_nikkud: "אוּנִיבֶרְסִיטָה",
    translation: "university",
    roots: [{ root: "N/A", root_translation: "" }],
  }),
  makeWord({
    id: 10007,
    hebrew: "ספרייה",
    word_with_nikkud: "סִפְרִיָּה",
    translation: "library",
    roots: [{ root: "ס-פ-ר", root_translation: "counting, telling, book" }],
  }),
];

/** list[i], failing the test when there is none (noUncheckedIndexedAccess). */
export function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

// A verb form's tenses, in the order the tense guesser offers them. Its own module, free of zod: the game screens
// import it, and the schemas module would bring the whole validation library into every game page's first load.
export const TENSES = ["present", "past", "future", "infinitive"] as const;
export type Tense = (typeof TENSES)[number];

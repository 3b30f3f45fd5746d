// Game results for /game-over, as a game hands them over.
export const SAMPLE_RESULTS = {
  gameType: "translationMatch",
  correct: 4,
  total: 5,
  sessionId: "e2e-session",
  skippedLast: false,
  learnedWords: [
    { id: 7001, hebrew: "חיה", word_with_nikkud: "חַיָּה", translation: "animal" },
    { id: 7002, hebrew: "כלב", word_with_nikkud: "כֶּלֶב", translation: "dog" },
    { id: 7003, hebrew: "חתול", word_with_nikkud: "חָתוּל", translation: "cat" },
  ],
  learnedRoots: [
    { root: "ח-י-ה", root_definition: "life, living", hebrew: "חיה", word_with_nikkud: "חַיָּה", translation: "animal" },
  ],
};

export const PAGES: { name: string; path: string }[] = [
  { name: "home", path: "/home" },
  { name: "library", path: "/library" },
  { name: "words", path: "/words" },
  { name: "upgrade", path: "/upgrade" },
  { name: "account", path: "/account" },
  { name: "privacy", path: "/privacy" },
  { name: "register", path: "/register" },
  { name: "beginner", path: "/beginner" },
  { name: "beginner-letters", path: "/beginner/letters" },
  { name: "game", path: "/game/7/translation-match" },
  { name: "game-over", path: "/game-over" },
  { name: "not-found", path: "/no-such-page" },
  { name: "welcome", path: "/welcome" },
];

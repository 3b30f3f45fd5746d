// Self-hosted fonts (CONTENT.md, Display): Rubik for the interface (Latin, Cyrillic, Arabic, Hebrew) and
// Noto Sans Hebrew for Hebrew words, which places every vowel mark. unicode-range: only the scripts on screen load.
// Two weights of Rubik (400 text; 600 headings, labels and buttons, as Mantine's "medium") and one of Noto Sans
// Hebrew: a page's fonts are 2-3 files fewer before its first paint (decision 0063).
import "@fontsource/rubik/400.css";
import "@fontsource/rubik/600.css";
// Noto Sans Hebrew draws only Hebrew words and sentences: its Hebrew and Latin subsets (the punctuation and digits
// inside them), not its Greek and Cyrillic extensions, whose tiny files were inlined into the first CSS (decision 0049).
import "@fontsource/noto-sans-hebrew/hebrew-400.css";
import "@fontsource/noto-sans-hebrew/latin-400.css";
import "@fontsource/noto-sans-hebrew/latin-ext-400.css";

// Self-hosted fonts (CONTENT.md, Display): Rubik for the interface (Latin, Cyrillic, Arabic, Hebrew) and
// Noto Sans Hebrew for Hebrew words, which places every vowel mark. unicode-range: only the scripts on screen load.
import "@fontsource/rubik/400.css";
import "@fontsource/rubik/500.css";
import "@fontsource/rubik/600.css";
import "@fontsource/noto-sans-hebrew/400.css";
import "@fontsource/noto-sans-hebrew/500.css";

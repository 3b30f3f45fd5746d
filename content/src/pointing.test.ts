import { describe, expect, it } from "vitest";
import { readingKey, suggestTranslit, translitAgrees, units, words } from "./pointing.ts";

describe("units", () => {
  it("reads letters with their dagesh, vowel and shin/sin dot", () => {
    expect(units("שָׂפָה").map((u) => [u.letter, u.dot, u.vowel !== ""])).toEqual([
      ["ש", "sin", true],
      ["פ", "", true],
      ["ה", "", false],
    ]);
    expect(units("סַבָּא")[1]?.dagesh).toBe(true);
  });
  it("splits a text into words at spaces and maqaf, without punctuation", () => {
    expect(words("מַה־שְּׁלוֹמְךָ, דָּנִי?")).toEqual(["מַה", "שְּׁלוֹמְךָ", "דָּנִי"]);
  });
});

describe("translitAgrees", () => {
  it("takes b/v, k/ch and p/f from the dagesh", () => {
    expect(translitAgrees("שָׁפִיר", "sha-FIR")).toBe(true);
    expect(translitAgrees("שָׁפִיר", "sha-PIR")).toBe(false); // 41017 as it was
    expect(translitAgrees("סַבָּא", "SA-ba")).toBe(true);
    expect(translitAgrees("סָבָא", "SA-ba")).toBe(false);
    expect(translitAgrees("כֶּלֶב", "KE-lev")).toBe(true);
    expect(translitAgrees("כֶּלֶב", "CHE-lev")).toBe(false);
    expect(translitAgrees("לֶחֶם", "LE-chem")).toBe(true);
  });
  it("checks the vowels", () => {
    expect(translitAgrees("שֻׁלְחָן", "shul-CHAN")).toBe(true);
    expect(translitAgrees("שֻׁלְחָן", "shil-CHAN")).toBe(false);
    expect(translitAgrees("בֹּקֶר טוֹב", "bo-KER TOV")).toBe(true);
    expect(translitAgrees("בֹּקֶר טוֹב", "ba-KER TOV")).toBe(false);
  });
  it("says a word-initial shva where Israelis always do, and lets it be silent elsewhere", () => {
    expect(translitAgrees("לְבַד", "le-VAD")).toBe(true);
    expect(translitAgrees("לְבַד", "LVAD")).toBe(false);
    expect(translitAgrees("זְמַן", "ZMAN")).toBe(true);
    expect(translitAgrees("זְמַן", "ze-MAN")).toBe(true);
    expect(translitAgrees("זְמַן", "za-MAN")).toBe(false);
    expect(translitAgrees("שְׁאֵלָה", "she-'e-LA")).toBe(true);
  });
  it("one rule for the vocal shva inside a word (decision 0092)", () => {
    // After a vowel: not said, whatever the grammar calls it (pa'al כָּתְבָה, pi'el חִבְּקָה, present שׁוֹמְרִים).
    for (const [pointed, said, silent] of [
      ["כָּתְבָה", "ka-te-VA", "kat-VA"],
      ["גָּרְמָה", "ga-re-MA", "gar-MA"],
      ["חִבְּקָה", "chi-be-KA", "chib-KA"],
      ["שׁוֹמְרִים", "sho-me-RIM", "shom-RIM"],
      ["תִּישְׁנִי", "ti-she-NI", "tish-NI"],
    ] as const) {
      expect(translitAgrees(pointed, silent), silent).toBe(true);
      expect(translitAgrees(pointed, said), said).toBe(false);
    }
    // Before the same letter it is said; at the end never.
    expect(translitAgrees("סָבְבוּ", "sa-ve-VU")).toBe(true);
    expect(translitAgrees("סָבְבוּ", "sav-VU")).toBe(false);
    expect(translitAgrees("כָּתַבְתְּ", "ka-TAV-te")).toBe(false);
    expect(translitAgrees("כָּתַבְתְּ", "ka-TAVT")).toBe(true);
    expect(translitAgrees("הֶחְלַטְתְּ", "hech-LAT")).toBe(true); // a doubled final sound is said once
    // Free after a closed syllable (the second of two shvas, a loanword's cluster) and after a prefix.
    expect(translitAgrees("תִּכְתְּבִי", "tich-te-VI")).toBe(true);
    expect(translitAgrees("אַנְגְּלִית", "ang-LIT")).toBe(true);
    expect(translitAgrees("הַמְּנַהֵל", "ha-me-na-HEL")).toBe(true);
  });

  it("knows matres, diphthongs, the furtive patah, shuruk and holam male", () => {
    expect(translitAgrees("בֵּיצָה", "bei-TZA")).toBe(true);
    expect(translitAgrees("לַיְלָה", "LAI-la")).toBe(true);
    expect(translitAgrees("רוּחַ", "RU-ach")).toBe(true);
    expect(translitAgrees("עַכְשָׁו", "ach-SHAV")).toBe(true);
    expect(translitAgrees("תְּנַאי", "TNAI")).toBe(true);
    expect(translitAgrees("שִׁוּוּק", "shi-VUK")).toBe(true);
    expect(translitAgrees("אׇמָּנוּת", "o-ma-NUT")).toBe(true);
  });
  it("suggests a reading for messages", () => {
    expect(suggestTranslit("שָׁפִיר")).toBe("shafir");
  });
});

describe("readingKey", () => {
  it("is the same with or without matres lectionis", () => {
    expect(readingKey("שֻׁלְחָן")).toBe(readingKey("שׁוּלְחָן"));
    expect(readingKey("עַכְשָׁו")).toBe(readingKey("עַכְשָׁיו"));
  });
  it("differs where the sound or the spelling of a vowel differs", () => {
    expect(readingKey("סַבָּא")).not.toBe(readingKey("סָבָא"));
    expect(readingKey("הָאֲתָר")).not.toBe(readingKey("הָאֲתַר"));
  });
  it("ignores a dagesh that changes nothing (dagesh forte)", () => {
    expect(readingKey("הַמּוֹרֶה")).toBe(readingKey("הַמוֹרֶה"));
  });
});

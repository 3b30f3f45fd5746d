import { describe, expect, it } from "vitest";
import { type Cell, conjugate, type VerbSpec } from "./conjugate.ts";
import { translitAgrees } from "./pointing.ts";

const row = (spec: VerbSpec, cells: Cell[]) => {
  const t = conjugate(spec);
  return cells.map((c) => {
    const f = t[c];
    const lit = f?.literary ? ` | literary ${f.literary.nikkud} ${f.literary.he} ${f.literary.translit}` : "";
    return `${f?.nikkud} ${f?.he} ${f?.translit}${lit}`;
  });
};

describe("conjugate", () => {
  it("pa'al regular: every cell of לכתוב", () => {
    const t = conjugate({ verb: "לכתוב", root: "כ-ת-ב", binyan: "paal", class: "regular" });
    expect(Object.keys(t)).toHaveLength(27);
    expect(t["pres.fs"]).toEqual({ he: "כותבת", nikkud: "כּוֹתֶבֶת", translit: "ko-TE-vet" });
    expect(t["past.1s"]).toEqual({ he: "כתבתי", nikkud: "כָּתַבְתִּי", translit: "ka-TAV-ti" });
    expect(t["past.2mp"]).toEqual({ he: "כתבתם", nikkud: "כְּתַבְתֶּם", translit: "ktav-TEM" });
    expect(t["past.3fs"]).toEqual({ he: "כתבה", nikkud: "כָּתְבָה", translit: "kat-VA" });
    expect(t["fut.3ms"]).toEqual({ he: "יכתוב", nikkud: "יִכְתֹּב", translit: "yich-TOV" });
    expect(t["fut.2fs"]).toEqual({ he: "תכתבי", nikkud: "תִּכְתְּבִי", translit: "tich-te-VI" });
    // The feminine plural future in -נָה is literary: the cell says the plural Israelis use (decision 0091).
    expect(t["fut.3fp"]).toEqual({
      he: "יכתבו",
      nikkud: "יִכְתְּבוּ",
      translit: "yich-te-VU",
      literary: { he: "תכתובנה", nikkud: "תִּכְתֹּבְנָה", translit: "tich-TOV-na" },
    });
    expect(t["fut.2fp"]).toEqual({ ...t["fut.2mp"], literary: t["fut.3fp"]?.literary });
    expect(t["imp.fs"]).toEqual({ he: "כתבי", nikkud: "כִּתְבִי", translit: "kit-VI" });
    expect(t.inf).toEqual({ he: "לכתוב", nikkud: "לִכְתֹּב", translit: "lich-TOV" });
  });

  it("says a vocal shva inside the word by one rule in every binyan (decision 0092)", () => {
    const t = (root: string, binyan: VerbSpec["binyan"], cell: Cell, cls: VerbSpec["class"] = "regular") =>
      conjugate({ verb: "", root, binyan, class: cls })[cell]?.translit;
    // After a vowel it is silent: pa'al past and present, pi'el, lamed-he.
    expect(t("ג-ר-ם", "paal", "past.3fs")).toBe("gar-MA");
    expect(t("ח-ב-ק", "piel", "past.3fs")).toBe("chib-KA");
    expect(t("כ-ת-ב", "paal", "pres.mp")).toBe("kot-VIM");
    expect(t("ב-נ-ה", "paal", "past.3fs", "lamed-he")).toBe("ban-TA");
    // After a closed syllable, or before the same letter, it is said.
    expect(t("כ-ת-ב", "paal", "fut.2fs")).toBe("tich-te-VI");
    expect(t("כ-ת-ב", "nifal", "past.3fs")).toBe("nich-te-VA");
    expect(t("פ-ר-ס-ם", "piel", "past.3fs")).toBe("pir-se-MA");
    expect(t("ח-מ-ם", "piel", "pres.mp")).toBe("me-cha-me-MIM");
  });

  it("a suppletive verb takes tenses from another, and says the future as its imperative (decision 0091)", () => {
    const say: VerbSpec = {
      verb: "להגיד",
      root: "נ-ג-ד",
      binyan: "hifil",
      class: "pe-nun",
      suppletive: { pres: "לומר", past: "לומר" },
      imperative: "future",
    };
    const amar: VerbSpec = { verb: "לומר", root: "א-מ-ר", binyan: "paal", class: "pe-alef", vowel: "a" };
    const t = conjugate(say, (v) => (v === "לומר" ? amar : undefined));
    expect(t["pres.ms"]).toEqual({ he: "אומר", nikkud: "אוֹמֵר", translit: "o-MER", root: "א-מ-ר" });
    expect(t["past.1s"]).toMatchObject({ he: "אמרתי", nikkud: "אָמַרְתִּי", root: "א-מ-ר" });
    expect(t["fut.3ms"]).toEqual({ he: "יגיד", nikkud: "יַגִּיד", translit: "ya-GID" });
    expect(t["imp.ms"]).toEqual({
      he: "תגיד",
      nikkud: "תַּגִּיד",
      translit: "ta-GID",
      literary: { he: "הגד", nikkud: "הַגֵּד", translit: "ha-GED" },
    });
    expect(t["imp.fs"]).toMatchObject({ nikkud: "תַּגִּידִי", literary: { nikkud: "הַגִּידִי" } });
    expect(t.inf).toEqual({ he: "להגיד", nikkud: "לְהַגִּיד", translit: "le-ha-GID" });
    // Without the other verb the table is the verb's own.
    expect(conjugate(say)["pres.ms"]?.nikkud).toBe("מַגִּיד");
  });

  it("gutturals: hataf, patah before a final guttural, furtive patah, no dagesh", () => {
    expect(row({ verb: "לעבוד", root: "ע-ב-ד", binyan: "paal", class: "regular" }, ["fut.3ms", "past.2mp"])).toEqual([
      "יַעֲבֹד יעבוד ya-'a-VOD",
      "עֲבַדְתֶּם עבדתם a-vad-TEM",
    ]);
    expect(
      row({ verb: "לשמוע", root: "ש-מ-ע", binyan: "paal", class: "regular" }, ["pres.ms", "fut.3ms", "inf"]),
    ).toEqual(["שׁוֹמֵעַ שומע sho-ME-a", "יִשְׁמַע ישמע yish-MA", "לִשְׁמֹעַ לשמוע lish-MO-a"]);
    expect(row({ verb: "לשאול", root: "ש-א-ל", binyan: "paal", class: "regular" }, ["past.3fs", "fut.3ms"])).toEqual([
      "שָׁאֲלָה שאלה sha-'a-LA",
      "יִשְׁאַל ישאל yish-AL",
    ]);
    expect(row({ verb: "לנהל", root: "נ-ה-ל", binyan: "piel", class: "regular" }, ["past.3ms", "past.3fs"])).toEqual([
      "נִהֵל ניהל ni-HEL",
      "נִהֲלָה ניהלה ni-ha-LA",
    ]);
    expect(row({ verb: "להירשם", root: "ר-ש-ם", binyan: "nifal", class: "regular" }, ["fut.3ms", "fut.1s"])).toEqual([
      "יֵרָשֵׁם יירשם ye-ra-SHEM",
      "אֵרָשֵׁם אירשם e-ra-SHEM",
    ]);
  });

  it("weak roots: lamed-he, lamed-alef, pe-nun, pe-yod, hollow, geminate", () => {
    expect(
      row({ verb: "לבנות", root: "ב-נ-ה", binyan: "paal", class: "lamed-he" }, [
        "past.1s",
        "past.3fs",
        "fut.2fp",
        "inf",
      ]),
    ).toEqual([
      "בָּנִיתִי בניתי ba-NI-ti",
      "בָּנְתָה בנתה ban-TA",
      "תִּבְנוּ תבנו tiv-NU | literary תִּבְנֶינָה תבנינה tiv-NE-na",
      "לִבְנוֹת לבנות liv-NOT",
    ]);
    expect(row({ verb: "לקרוא", root: "ק-ר-א", binyan: "paal", class: "lamed-alef" }, ["past.1s", "fut.3ms"])).toEqual([
      "קָרָאתִי קראתי ka-RA-ti",
      "יִקְרָא יקרא yik-RA",
    ]);
    expect(row({ verb: "לנסוע", root: "נ-ס-ע", binyan: "paal", class: "pe-nun" }, ["fut.3ms", "imp.ms"])).toEqual([
      "יִסַּע ייסע yi-SA",
      "סַע סע SA",
    ]);
    expect(
      row({ verb: "ללכת", root: "ה-ל-ך", binyan: "paal", class: "pe-yod-drop" }, [
        "past.3ms",
        "fut.3ms",
        "imp.fs",
        "inf",
      ]),
    ).toEqual(["הָלַךְ הלך ha-LACH", "יֵלֵךְ ילך ye-LECH", "לְכִי לכי le-CHI", "לָלֶכֶת ללכת la-LE-chet"]);
    expect(
      row({ verb: "לקום", root: "ק-ו-ם", binyan: "paal", class: "hollow", vowel: "u" }, [
        "past.3fs",
        "pres.fs",
        "fut.2fs",
        "inf",
      ]),
    ).toEqual(["קָמָה קמה KA-ma", "קָמָה קמה ka-MA", "תָּקוּמִי תקומי ta-KU-mi", "לָקוּם לקום la-KUM"]);
    expect(row({ verb: "להוריד", root: "י-ר-ד", binyan: "hifil", class: "pe-yod" }, ["past.1s", "imp.ms"])).toEqual([
      "הוֹרַדְתִּי הורדתי ho-RAD-ti",
      "הוֹרֵד הורד ho-RED",
    ]);
    expect(row({ verb: "להגיש", root: "נ-ג-ש", binyan: "hifil", class: "pe-nun" }, ["past.3ms", "pres.ms"])).toEqual([
      "הִגִּישׁ הגיש hi-GISH",
      "מַגִּישׁ מגיש ma-GISH",
    ]);
    expect(row({ verb: "להפר", root: "פ-ר-ר", binyan: "hifil", class: "geminate" }, ["past.3ms", "fut.3ms"])).toEqual([
      "הֵפֵר הפר he-FER",
      "יָפֵר יפר ya-FER",
    ]);
  });

  it("hitpa'el: metathesis and assimilation; a doubled suffix letter merges", () => {
    const first = (root: string) =>
      conjugate({ verb: "", root, binyan: "hitpael", class: "regular" })["past.3ms"]?.nikkud;
    expect(first("ס-ד-ר")).toBe("הִסְתַּדֵּר");
    expect(first("צ-ל-ם")).toBe("הִצְטַלֵּם");
    expect(first("ז-ק-ן")).toBe("הִזְדַּקֵּן");
    expect(first("ש-מ-ש")).toBe("הִשְׁתַּמֵּשׁ");
    expect(first("ד-ב-ר")).toBe("הִדַּבֵּר");
    expect(row({ verb: "לנגן", root: "נ-ג-ן", binyan: "piel", class: "regular" }, ["past.1p"])).toEqual([
      "נִגַּנּוּ ניגנו ni-GA-nu",
    ]);
  });

  it("weak roots added for the frequent verbs: pe-yod-drop with a last guttural or alef, tsere futures, hif'il alef", () => {
    expect(
      row({ verb: "לדעת", root: "י-ד-ע", binyan: "paal", class: "pe-yod-drop" }, ["fut.3ms", "imp.ms", "inf"]),
    ).toEqual(["יֵדַע ידע ye-DA", "דַּע דע DA", "לָדַעַת לדעת la-DA-'at"]);
    expect(
      row({ verb: "לצאת", root: "י-צ-א", binyan: "paal", class: "pe-yod-drop" }, ["past.1s", "fut.3ms", "inf"]),
    ).toEqual(["יָצָאתִי יצאתי ya-TZA-ti", "יֵצֵא יצא ye-TZE", "לָצֵאת לצאת la-TZET"]);
    expect(
      row({ verb: "לתת", root: "נ-ת-ן", binyan: "paal", class: "pe-nun", vowel: "e" }, ["fut.3ms", "past.1p"]),
    ).toEqual(["יִתֵּן ייתן yi-TEN", "נָתַנּוּ נתנו na-TA-nu"]);
    expect(row({ verb: "להוציא", root: "י-צ-א", binyan: "hifil", class: "pe-yod" }, ["past.1s", "imp.ms"])).toEqual([
      "הוֹצֵאתִי הוצאתי ho-TZE-ti",
      "הוֹצֵא הוצא ho-TZE",
    ]);
    expect(
      row({ verb: "לשים", root: "ש-י-ם", binyan: "paal", class: "hollow", vowel: "i", sin: true }, [
        "past.3ms",
        "fut.2fp",
      ]),
    ).toEqual(["שָׂם שם SAM", "תָּשִׂימוּ תשימו ta-SI-mu | literary תָּשֵׂמְנָה תשמנה ta-SEM-na"]);
    expect(row({ verb: "לאסוף", root: "א-ס-ף", binyan: "paal", class: "regular" }, ["imp.ms", "inf"])).toEqual([
      "אֱסֹף אסוף e-SOF",
      "לֶאֱסֹף לאסוף le-'e-SOF",
    ]);
    expect(
      row({ verb: "לעשות", root: "ע-ש-ה", binyan: "paal", class: "lamed-he", sin: true }, ["fut.3ms", "fut.2fs"]),
    ).toEqual(["יַעֲשֶׂה יעשה ya-'a-SE", "תַּעֲשִׂי תעשי ta-'a-SI"]);
    expect(row({ verb: "להירגע", root: "ר-ג-ע", binyan: "nifal", class: "regular" }, ["fut.3ms", "inf"])).toEqual([
      "יֵרָגַע יירגע ye-ra-GA",
      "לְהֵרָגַע להירגע le-he-ra-GA",
    ]);
  });

  it("full spelling: consonantal yod doubles (also with a vocal shva), not next to another yod; a lengthened hirik keeps its yod", () => {
    const he = (spec: VerbSpec, cell: Cell) => conjugate(spec)[cell]?.he;
    expect(he({ verb: "להתעניין", root: "ע-נ-י-ן", binyan: "hitpael", class: "regular" }, "pres.mp")).toBe("מתעניינים");
    expect(he({ verb: "לייבש", root: "י-ב-ש", binyan: "piel", class: "regular" }, "fut.3ms")).toBe("ייבש");
    expect(he({ verb: "לייבש", root: "י-ב-ש", binyan: "piel", class: "regular" }, "fut.1s")).toBe("אייבש");
    expect(he({ verb: "לברך", root: "ב-ר-ך", binyan: "piel", class: "regular" }, "past.3fs")).toBe("בירכה");
    expect(he({ verb: "להלוות", root: "ל-ו-ה", binyan: "hifil", class: "lamed-he" }, "fut.2fs")).toBe("תלווי");
    expect(conjugate({ verb: "לחמם", root: "ח-מ-ם", binyan: "piel", class: "regular" })["pres.mp"]?.translit).toBe(
      "me-cha-me-MIM",
    );
  });

  it("overrides replace a cell and absent cells are left out", () => {
    const t = conjugate({
      verb: "להיות",
      root: "ה-י-ה",
      binyan: "paal",
      class: "lamed-he",
      guttural: "shva",
      absent: { "pres.ms": "literary" },
      overrides: { inf: { he: "להיות", nikkud: "לִהְיוֹת", translit: "lih-YOT", reason: "test" } },
    });
    expect(t["pres.ms"]).toBeUndefined();
    expect(t.inf).toEqual({ he: "להיות", nikkud: "לִהְיוֹת", translit: "lih-YOT" });
    expect(t["fut.2fs"]?.nikkud).toBe("תִּהְיִי");
  });

  it("every generated transliteration reads as its pointing (the content gate)", () => {
    const specs: VerbSpec[] = [
      { verb: "לכתוב", root: "כ-ת-ב", binyan: "paal", class: "regular" },
      { verb: "לפרסם", root: "פ-ר-ס-ם", binyan: "piel", class: "regular" },
      { verb: "להתחייב", root: "ח-י-ב", binyan: "hitpael", class: "regular" },
      { verb: "לראות", root: "ר-א-ה", binyan: "paal", class: "lamed-he" },
    ];
    for (const s of specs)
      for (const [cell, f] of Object.entries(conjugate(s)))
        expect(translitAgrees(f.nikkud, f.translit), `${cell} ${f.nikkud} ${f.translit}`).toBe(true);
  });
});

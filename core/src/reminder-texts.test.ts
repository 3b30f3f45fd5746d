import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.ts";
import { reminderTexts } from "./reminder-texts.ts";

describe("reminder texts", () => {
  it("name the cards due with the language's plural form", () => {
    expect(reminderTexts("en", 1).body).toBe("1 card is due. Today's goal is not met yet.");
    expect(reminderTexts("en", 12).body).toBe("12 cards are due. Today's goal is not met yet.");
    expect(reminderTexts("ru", 3).body).toBe("3 карточки ждут повторения. Цель на сегодня ещё не выполнена.");
    expect(reminderTexts("ru", 5).body).toBe("5 карточек ждут повторения. Цель на сегодня ещё не выполнена.");
    expect(reminderTexts("uk", 21).body).toBe("21 картка чекає на повторення. Мету на сьогодні ще не досягнуто.");
    expect(reminderTexts("ar", 2).body).toBe("بطاقتان مستحقتان للمراجعة. لم يتحقق هدف اليوم بعد.");
    expect(reminderTexts("ar", 11).body).toBe("11 بطاقة مستحقة للمراجعة. لم يتحقق هدف اليوم بعد.");
  });
  it("say the goal is waiting when no card is due, in every language, with a title and an off label", () => {
    for (const l of LANGUAGES) {
      const t = reminderTexts(l, 0);
      expect(t.title.length, l).toBeGreaterThan(3);
      expect(t.off.length, l).toBeGreaterThan(3);
      expect(t.body, l).not.toContain("{n}");
      for (const n of [1, 2, 3, 5, 11, 21, 100])
        expect(reminderTexts(l, n).body, `${l} ${n}`).toContain(
          String(n === 1 && l === "ar" ? "واحدة" : n === 2 && l === "ar" ? "بطاقتان" : n),
        );
    }
  });
});

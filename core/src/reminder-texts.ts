// The reminder's words in the six interface languages (issue 30.2). The server writes them into the push message
// (the service worker has no texts of its own) and the native app into its local notifications.
import type { Language } from "./languages.ts";

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
type Texts = { title: string; due: Plural; noneDue: string; off: string };

const TEXTS: Record<Language, Texts> = {
  en: {
    title: "Time for Hebrew",
    due: {
      one: "{n} card is due. Today's goal is not met yet.",
      other: "{n} cards are due. Today's goal is not met yet.",
    },
    noneDue: "Today's goal is not met yet: a few answers in a game count too.",
    off: "Turn reminders off",
  },
  fr: {
    title: "C'est l'heure de l'hébreu",
    due: {
      one: "{n} carte à réviser. L'objectif du jour n'est pas encore atteint.",
      many: "{n} cartes à réviser. L'objectif du jour n'est pas encore atteint.",
      other: "{n} cartes à réviser. L'objectif du jour n'est pas encore atteint.",
    },
    noneDue: "L'objectif du jour n'est pas encore atteint : quelques réponses dans un jeu comptent aussi.",
    off: "Désactiver les rappels",
  },
  es: {
    title: "Hora de hebreo",
    due: {
      one: "Tienes {n} tarjeta pendiente. Aún no has cumplido el objetivo de hoy.",
      many: "Tienes {n} tarjetas pendientes. Aún no has cumplido el objetivo de hoy.",
      other: "Tienes {n} tarjetas pendientes. Aún no has cumplido el objetivo de hoy.",
    },
    noneDue: "Aún no has cumplido el objetivo de hoy: unas respuestas en un juego también cuentan.",
    off: "Desactivar recordatorios",
  },
  ru: {
    title: "Время для иврита",
    due: {
      one: "{n} карточка ждёт повторения. Цель на сегодня ещё не выполнена.",
      few: "{n} карточки ждут повторения. Цель на сегодня ещё не выполнена.",
      many: "{n} карточек ждут повторения. Цель на сегодня ещё не выполнена.",
      other: "{n} карточки ждут повторения. Цель на сегодня ещё не выполнена.",
    },
    noneDue: "Цель на сегодня ещё не выполнена: ответы в играх тоже считаются.",
    off: "Выключить напоминания",
  },
  uk: {
    title: "Час для івриту",
    due: {
      one: "{n} картка чекає на повторення. Мету на сьогодні ще не досягнуто.",
      few: "{n} картки чекають на повторення. Мету на сьогодні ще не досягнуто.",
      many: "{n} карток чекають на повторення. Мету на сьогодні ще не досягнуто.",
      other: "{n} картки чекають на повторення. Мету на сьогодні ще не досягнуто.",
    },
    noneDue: "Мету на сьогодні ще не досягнуто: відповіді в іграх теж рахуються.",
    off: "Вимкнути нагадування",
  },
  ar: {
    title: "حان وقت العبرية",
    due: {
      zero: "لا بطاقات مستحقة، ولم يتحقق هدف اليوم بعد.",
      one: "بطاقة واحدة مستحقة للمراجعة. لم يتحقق هدف اليوم بعد.",
      two: "بطاقتان مستحقتان للمراجعة. لم يتحقق هدف اليوم بعد.",
      few: "{n} بطاقات مستحقة للمراجعة. لم يتحقق هدف اليوم بعد.",
      many: "{n} بطاقة مستحقة للمراجعة. لم يتحقق هدف اليوم بعد.",
      other: "{n} بطاقة مستحقة للمراجعة. لم يتحقق هدف اليوم بعد.",
    },
    noneDue: "لم يتحقق هدف اليوم بعد: الإجابات في الألعاب تُحتسب أيضًا.",
    off: "إيقاف التذكيرات",
  },
};

/** The reminder's title, body and "off" label in `language`, naming the cards due. */
export function reminderTexts(language: Language, due: number): { title: string; body: string; off: string } {
  const t = TEXTS[language];
  const form = new Intl.PluralRules(language).select(due);
  const body = due > 0 ? (t.due[form] ?? t.due.other).replace("{n}", String(due)) : t.noneDue;
  return { title: t.title, body, off: t.off };
}

import { isLanguage, type Language } from "@ivrit/core/languages";
import { Burger, Button, Collapse, Container, Group, NativeSelect, Stack } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { useRef, useState } from "react";
import { usePlan } from "../shared/api/get-entitlements.ts";
import { useLevel } from "../shared/api/get-me.ts";
import { BETA_LANGUAGES, LANGUAGE_NAMES, LANGUAGE_ORDER } from "../shared/i18n.ts";
import { Link, NavLink } from "../shared/router.tsx";
import { useLanguage } from "../shared/use-language.ts";
import { useOnline } from "../shared/use-online.ts";
import { useTranslation } from "../shared/use-translation.ts";
import classes from "./header.module.css";
import { useChangeLanguage } from "./use-change-language.ts";

function NavLinks({ onNavigate, vertical }: { onNavigate?: () => void; vertical?: boolean }) {
  const { t } = useTranslation("common");
  const level = useLevel();
  const links = [
    { to: level === 1 ? "/beginner" : "/home", label: t("nav.play"), id: "play" },
    { to: "/review", label: t("nav.review"), id: "review" },
    { to: "/words", label: t("nav.words"), id: "words" },
    { to: "/library", label: t("nav.library"), id: "library" },
    { to: "/account", label: t("nav.account"), id: "account" },
  ];
  return (
    <>
      {links.map((l) => (
        <NavLink
          key={l.id}
          to={l.to}
          className={vertical ? classes.mobileLink : classes.link}
          onClick={onNavigate}
          data-nav={l.id}
        >
          {l.label}
        </NavLink>
      ))}
    </>
  );
}

function LanguageSelect({ id }: { id: string }) {
  const { t } = useTranslation("common");
  const lang = useLanguage();
  const changeLanguage = useChangeLanguage();
  const mobile = useMediaQuery("(max-width: 64em)") ?? false;
  // Arrow keys on a closed select change its value at once; switching the language (and going to /words) on each
  // would change the page under the learner (WCAG 3.2.2). A keyboard change is only shown until Enter confirms it;
  // leaving the select without Enter keeps the current language. A pick with the mouse or touch applies at once.
  const [pending, setPending] = useState<Language | null>(null);
  const byKeyboard = useRef(false);
  const apply = (next: string) => {
    if (isLanguage(next) && next !== lang) void changeLanguage(next as Language);
  };
  return (
    <NativeSelect
      id={id}
      aria-label={t("language.label")}
      value={pending ?? lang}
      onKeyDown={(e) => {
        if (e.key === "Enter" && pending !== null) {
          e.preventDefault();
          setPending(null);
          apply(pending);
        } else byKeyboard.current = e.key !== "Enter" && e.key !== "Tab" && e.key !== " ";
      }}
      onBlur={() => {
        byKeyboard.current = false;
        setPending(null);
      }}
      size="sm"
      className={classes.language}
      data={LANGUAGE_ORDER.map((l) => ({
        value: l,
        label: mobile && BETA_LANGUAGES.has(l) ? `${LANGUAGE_NAMES[l]} (${t("language.beta")})` : LANGUAGE_NAMES[l],
      }))}
      onChange={(e) => {
        const next: string = e.currentTarget.value;
        if (byKeyboard.current && isLanguage(next)) {
          byKeyboard.current = false;
          setPending(next === lang ? null : next);
          return;
        }
        setPending(null);
        apply(next);
      }}
    />
  );
}

export function Header() {
  const { t } = useTranslation("common");
  const [opened, { toggle, close }] = useDisclosure(false);
  const level = useLevel();
  // A paying learner is not asked "Upgrade?" on every page: the button only names the plans.
  const { plan } = usePlan();
  // Offline nothing can be bought or checked: no upgrade offer (issue 15).
  const online = useOnline();
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group gap="md" wrap="nowrap">
          <Link to={level === 1 ? "/beginner" : "/home"} className={classes.brand}>
            <span aria-hidden="true" className={classes.logo} lang="he" dir="rtl">
              עִב
            </span>
            <span className={classes.brandText}>{t("appName")}</span>
          </Link>
          <nav aria-label={t("nav.label")} className={classes.desktopNav}>
            <NavLinks />
          </nav>
        </Group>
        <Group gap="sm" wrap="nowrap">
          {online && (
            <Button
              component={Link}
              to="/upgrade"
              size="sm"
              variant={plan === "free" ? "filled" : "default"}
              color={plan === "free" ? "upgrade.8" : undefined}
            >
              {t(plan === "free" ? "nav.upgrade" : "nav.plans")}
            </Button>
          )}
          <div className={classes.desktopOnly}>
            <LanguageSelect id="language-desktop" />
          </div>
          <Burger
            opened={opened}
            onClick={toggle}
            size="sm"
            className={classes.burger}
            aria-label={t(opened ? "nav.close" : "nav.open")}
            aria-expanded={opened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>
      <Collapse expanded={opened} className={classes.mobileOnly}>
        <Container size="lg" id="mobile-menu" pb="md">
          <nav aria-label={t("nav.label")}>
            <Stack gap={0}>
              <NavLinks vertical onNavigate={close} />
            </Stack>
          </nav>
          <LanguageSelect id="language-mobile" />
        </Container>
      </Collapse>
    </header>
  );
}

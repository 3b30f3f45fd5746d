import { expect, type Page, test } from "@playwright/test";
import { expectGameOver, LANGUAGES, newUser, openGame, plainHebrew, shoot, stripNikkud } from "./games-helpers.ts";

type Cell = { row: number; col: number };
const DIRS = [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => ({ dr, dc }))).filter((d) => d.dr || d.dc);

async function readGrid(page: Page): Promise<string[][]> {
  const cells = await page
    .getByTestId("grid")
    .locator("[data-row]")
    .evaluateAll((els) =>
      els.map((e) => ({
        row: Number((e as HTMLElement).dataset.row),
        col: Number((e as HTMLElement).dataset.col),
        letter: e.textContent ?? "",
      })),
    );
  const grid: string[][] = [];
  for (const c of cells) {
    grid[c.row] ??= [];
    (grid[c.row] as string[])[c.col] = c.letter;
  }
  return grid;
}

/** Where `letters` run in the grid (from `start` when given). */
function findPath(grid: string[][], letters: string[], start?: Cell): Cell[] {
  const n = grid.length;
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      for (const { dr, dc } of DIRS) {
        if (start && (r !== start.row || c !== start.col)) continue;
        const path = letters.map((_, i) => ({ row: r + i * dr, col: c + i * dc }));
        if (path.every((p, i) => grid[p.row]?.[p.col] === letters[i])) return path;
      }
  throw new Error(`${letters.join("")} not in grid`);
}

const cellAt = (page: Page, c: Cell) => page.locator(`[data-row="${c.row}"][data-col="${c.col}"]`);

for (const lang of LANGUAGES) {
  test(`word search plays to /game-over by keyboard, drag and tap (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/2/word-search");
    await expect(page.getByTestId("grid")).toBeVisible();
    const cellBox = await cellAt(page, { row: 0, col: 0 }).boundingBox();
    expect(Math.round(cellBox?.width ?? 0)).toBe(56);
    const ids = await page
      .getByTestId("word-list")
      .locator("li")
      .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.wordId)));
    expect(ids.length).toBeGreaterThan(0);
    const grid = await readGrid(page);
    for (const [i, id] of ids.entries()) {
      const word = await words.get(id);
      const letters = [...stripNikkud(plainHebrew(word)).replace(/[\s?.!]/gu, "")];
      const path = findPath(grid, letters);
      // Issue 12.6: a found word is marked (check and background), its vowel marks not struck through.
      if (i === 1) {
        await expect(page.locator("[data-testid='word-list'] li[data-found]")).toHaveCount(1);
        await expect(page.locator("[data-testid='word-list'] li[data-found] [lang='he']").first()).toHaveCSS(
          "text-decoration-line",
          "none",
        );
        await shoot(page, `word-search-found-${lang}`);
      }
      if (i === 0) {
        // Keyboard: arrows over the roving-tabindex grid (right-to-left: ArrowLeft is the next column), Enter selects.
        let at: Cell = { row: 0, col: 0 };
        await cellAt(page, at).focus();
        for (const target of path) {
          while (at.row !== target.row) {
            await page.keyboard.press(target.row > at.row ? "ArrowDown" : "ArrowUp");
            at = { ...at, row: at.row + (target.row > at.row ? 1 : -1) };
          }
          while (at.col !== target.col) {
            await page.keyboard.press(target.col > at.col ? "ArrowLeft" : "ArrowRight");
            at = { ...at, col: at.col + (target.col > at.col ? 1 : -1) };
          }
          await expect(cellAt(page, at)).toBeFocused();
          await page.keyboard.press("Enter");
        }
        await expect(cellAt(page, path[0] as Cell)).toHaveAttribute("aria-selected", "true");
        await shoot(page, `word-search-${lang}`);
        await page.getByTestId("check").focus();
        await page.keyboard.press("Enter");
      } else if (i === 1) {
        // Mouse drag from the first letter to the last: checked when released.
        const from = await cellAt(page, path[0] as Cell).boundingBox();
        const to = await cellAt(page, path.at(-1) as Cell).boundingBox();
        if (!from || !to) throw new Error("no cell box");
        await page.mouse.move(from.x + 28, from.y + 28);
        await page.mouse.down();
        await page.mouse.move(to.x + 28, to.y + 28, { steps: 8 });
        await page.mouse.up();
      } else {
        for (const c of path) await cellAt(page, c).click();
        await page.getByTestId("check").click();
      }
      await expect(page.locator(`[data-testid="word-list"] li[data-word-id="${id}"]`)).toHaveAttribute(
        "data-found",
        "true",
      );
      await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "correct");
    }
    await page.waitForURL(/\/game-over$/);
    await expectGameOver(page, ids.length);
    await shoot(page, `word-search-over-${lang}`);
  });
}

// Issue 24: no dead ends. The list spells each word as the grid holds it; a round is finished with the hint alone
// (the hint marks where the current word starts; the list says how it is spelled); "show me" reveals the last word
// and the learning memory hears it as not found.
for (const lang of LANGUAGES) {
  test(`word search finished with the hint; show me counts as not found (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    await page.setViewportSize({ width: 390, height: 844 });
    const sent: { wordId: number; outcome: string }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/review/events") && r.method() === "POST")
        sent.push(...(r.postDataJSON() as { events: typeof sent }).events);
    });
    await openGame(page, "/game/2/word-search");
    await expect(page.getByTestId("grid")).toBeVisible();
    const grid = await readGrid(page);
    const items = page.getByTestId("word-list").locator("li");
    const count = await items.count();
    let last = 0;
    for (let i = 0; i < count; i++) {
      const item = items.nth(i);
      const id = Number(await item.getAttribute("data-word-id"));
      // As the grid holds it: no vowel marks until tapped.
      const listed = (await item.getByTestId("list-word").textContent()) ?? "";
      expect(stripNikkud(listed)).toBe(listed);
      if (i === count - 1) {
        last = id;
        await item.getByTestId("list-word").click();
        await expect(item.getByTestId("list-word")).toHaveAttribute("aria-pressed", "true");
        await page.getByTestId("show-me").click();
        await expect(item).toHaveAttribute("data-revealed", "true");
        break;
      }
      await page.getByTestId("hint").click();
      await expect(item).toHaveAttribute("data-current", "true");
      const hinted = page.getByTestId("grid").locator("[data-hint]");
      await expect(hinted).toHaveCount(1);
      const start = {
        row: Number(await hinted.getAttribute("data-row")),
        col: Number(await hinted.getAttribute("data-col")),
      };
      if (i === 0) await shoot(page, `word-search-hint-${lang}`);
      const letters = [...listed.replace(/[\s?.!]/gu, "")];
      const path = findPath(grid, letters, start);
      for (const c of path) await cellAt(page, c).click();
      await page.getByTestId("check").click();
      await expect(item).toHaveAttribute("data-found", "true");
    }
    await page.waitForURL(/\/game-over$/);
    await expect.poll(() => sent.find((e) => e.wordId === last)?.outcome).toBe("wrong");
    expect(sent.filter((e) => e.wordId !== last).every((e) => e.outcome === "right_after_mistake")).toBe(true);
  });
}

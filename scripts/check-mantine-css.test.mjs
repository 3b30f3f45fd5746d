// The Mantine stylesheet check (check-mantine-css.mjs) on the real web app and on files written here that forget one.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mantineImports, mantineStyleNeeds, missingMantineCss } from "./check-mantine-css.mjs";

const root = join(import.meta.dirname, "..");
const needs = mantineStyleNeeds();
const css = (...sheets) => sheets.map((s) => `import "@mantine/core/styles/${s}.css";\n`).join("");

let src;
beforeEach(() => {
  src = mkdtempSync(join(tmpdir(), "mantine-css-"));
  mkdirSync(join(src, "app"));
  writeFileSync(join(src, "app", "mantine-styles.ts"), css("UnstyledButton", "Button", "Loader"));
});
afterEach(() => rmSync(src, { recursive: true, force: true }));
const check = () => missingMantineCss(src, join(src, "app", "mantine-styles.ts"), needs);

describe("what a component needs, read from @mantine/core", () => {
  it("a Modal needs its own sheet and those of what it renders", () => {
    const always = needs
      .get("Modal")
      .filter((n) => n.prop === null)
      .map((n) => n.sheet);
    expect(always).toEqual(expect.arrayContaining(["Modal", "ModalBase", "Overlay", "CloseButton"]));
    expect(needs.get("Text")).toEqual([{ sheet: "Text", prop: null }]);
  });

  it("reads value imports only, with their original names", () => {
    const code = `import { type MantineTheme, Modal as Dialog, Text } from "@mantine/core";\nimport type { BoxProps } from "@mantine/core";`;
    expect(mantineImports(code)).toEqual(["Modal", "Text"]);
  });
});

describe("the check", () => {
  it("passes on the web app as it is", () => {
    expect(missingMantineCss(join(root, "web", "src"), join(root, "web", "src", "app", "mantine-styles.ts"))).toEqual(
      [],
    );
  });

  it("fails on a file that forgets one, naming the file, the sheet and the component", () => {
    writeFileSync(
      join(src, "dialog.tsx"),
      `${css("Modal", "ModalBase", "CloseButton", "Paper")}import { Button, Modal } from "@mantine/core";\n`,
    );
    expect(check()).toEqual([{ file: "dialog.tsx", missing: [{ sheet: "Overlay", by: ["Modal"] }] }]);
    writeFileSync(
      join(src, "dialog.tsx"),
      `${css("Modal", "ModalBase", "CloseButton", "Paper", "Overlay")}import { Button, Modal } from "@mantine/core";\n`,
    );
    expect(check()).toEqual([]);
  });

  it("asks for a sheet an optional part needs only when the file uses that part", () => {
    writeFileSync(
      join(src, "note.tsx"),
      `${css("Alert")}import { Alert } from "@mantine/core";\n<Alert title="x" />;\n`,
    );
    expect(check()).toEqual([]);
    writeFileSync(
      join(src, "note.tsx"),
      `${css("Alert")}import { Alert } from "@mantine/core";\n<Alert withCloseButton title="x" />;\n`,
    );
    expect(check()).toEqual([{ file: "note.tsx", missing: [{ sheet: "CloseButton", by: ["Alert"] }] }]);
  });

  it("exits 1 from the command line, listing the imports to add", () => {
    writeFileSync(join(src, "page.tsx"), `import { Badge } from "@mantine/core";\n`);
    const r = spawnSync(process.execPath, [join(root, "scripts", "check-mantine-css.mjs"), src], { encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("page.tsx:");
    expect(r.stderr).toContain('import "@mantine/core/styles/Badge.css"; (for Badge)');
    rmSync(join(src, "page.tsx"));
    const ok = spawnSync(process.execPath, [join(root, "scripts", "check-mantine-css.mjs"), src], { encoding: "utf8" });
    expect(ok.status, ok.stderr).toBe(0);
  });
});

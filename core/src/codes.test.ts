import { describe, expect, it } from "vitest";
import {
  CODE_ALPHABET,
  codeFromBytes,
  groupCode,
  LINK_CODE_LENGTH,
  normaliseCode,
  RECOVERY_CODE_LENGTH,
} from "./codes.ts";

describe("codes", () => {
  it("uses 32 characters without I, L, O or U, so each random byte is one fair character", () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    for (const c of "ILOU") expect(CODE_ALPHABET).not.toContain(c);
    expect(codeFromBytes(Uint8Array.from([0, 31, 32, 255, 10, 18, 1, 200]), LINK_CODE_LENGTH)).toBe("0Z0ZAJ18");
    expect(() => codeFromBytes(new Uint8Array(3), LINK_CODE_LENGTH)).toThrow(/8 random bytes/);
  });

  it("reads what a person types: case, spaces, dashes; O as 0, I and L as 1; anything else invalid", () => {
    expect(normaliseCode("7kq2-m9xd", 8)).toBe("7KQ2M9XD");
    expect(normaliseCode(" 7KQ2 M9XD ", 8)).toBe("7KQ2M9XD");
    expect(normaliseCode("OIL2M9XD", 8)).toBe("0112M9XD");
    expect(normaliseCode("7KQ2M9XU", 8)).toBeNull(); // U is not in the alphabet
    expect(normaliseCode("7KQ2M9X", 8)).toBeNull();
    expect(normaliseCode("7KQ2M9XD1", 8)).toBeNull();
    expect(normaliseCode("7KQ2M9X!", 8)).toBeNull();
    expect(normaliseCode("AAAA-BBBB-CCCC-DDDD-EEEE", RECOVERY_CODE_LENGTH)).toBe("AAAABBBBCCCCDDDDEEEE");
  });

  it("groups a code by four for reading", () => {
    expect(groupCode("7KQ2M9XD")).toBe("7KQ2-M9XD");
    expect(groupCode("AAAABBBBCCCCDDDDEEEE")).toBe("AAAA-BBBB-CCCC-DDDD-EEEE");
    expect(groupCode("ABCDEF", 3)).toBe("ABC-DEF");
  });
});

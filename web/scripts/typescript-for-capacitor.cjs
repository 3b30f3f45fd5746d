// The part of TypeScript's JS API the Capacitor CLI uses to load capacitor.config.ts (see cap.cjs).
const { transformSync } = require("esbuild");

module.exports = {
  ModuleKind: { CommonJS: 1 },
  ModuleResolutionKind: { NodeJs: 2 },
  ScriptTarget: { ES2017: 4 },
  transpileModule(sourceText, options) {
    const out = transformSync(sourceText, {
      loader: "ts",
      format: "cjs",
      target: "es2017",
      sourcefile: options?.fileName,
    });
    return { outputText: out.code, diagnostics: [] };
  },
};

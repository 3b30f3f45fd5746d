#!/usr/bin/env node
// Runs the Capacitor CLI (`npm run cap -w web -- <command>`). The CLI reads capacitor.config.ts through the
// `typescript` package's JS API (transpileModule), which TypeScript 7 no longer has; here `typescript` resolves,
// for the CLI only, to a tiny stand-in that strips the types with esbuild (already installed, used by Vite).
const Module = require("node:module");
const path = require("node:path");

const shim = path.join(__dirname, "typescript-for-capacitor.cjs");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "typescript") return shim;
  return resolve.call(this, request, ...rest);
};
process.chdir(path.join(__dirname, ".."));
require("@capacitor/cli/bin/capacitor");

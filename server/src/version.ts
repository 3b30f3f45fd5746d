// The version the start line names: the commit the server was built from (server/scripts/build.mjs), or "source"
// when it runs from TypeScript (npm run dev, the tests).
declare const __IVRIT_VERSION__: string | undefined;

export const VERSION: string = typeof __IVRIT_VERSION__ === "string" ? __IVRIT_VERSION__ : "source";

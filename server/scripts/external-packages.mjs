// The esbuild plugin of the server's bundles (build.mjs, and the benchmark's server in bench/api.ts): our
// workspace packages (@ivrit/*) export TypeScript sources and are bundled in; any other bare import is left to Node.
export const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@ivrit/") ? undefined : { path: args.path, external: true },
    );
  },
};

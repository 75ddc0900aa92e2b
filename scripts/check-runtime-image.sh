#!/usr/bin/env bash
# Reproduces the Dockerfile's runtime stage without Docker (no engine in CI) and checks that it starts:
# a folder holding exactly what that stage copies (package files, production dependencies installed with
# --ignore-scripts, dist/, prisma/, scripts/), owned by root, started with NODE_ENV=production as the
# unprivileged user `nobody` through `node scripts/start.mjs` (the image's CMD), with DATA_DIR on a
# folder prepared as the image prepares /data. It must serve /healthz and /login.
# Needs root (to chown and to drop privileges with setpriv). Usage: scripts/check-runtime-image.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

[ -f dist/server/server/main.js ] && [ -f dist/client/index.html ] || npm run build

root=$(mktemp -d /tmp/kitty-runtime-XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$root"
}
trap cleanup EXIT
chmod 755 "$root"
app="$root/app"
mkdir -p "$app"

echo "== runtime stage: production dependencies"
cp package.json package-lock.json "$app/"
(cd "$app" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)
echo "== runtime stage: built output, migrations, scripts"
cp -R dist prisma scripts "$app/"
# As the image: everything root's and read-only to the server's user; only the data folder is its own.
chown -R root:root "$app"
chmod -R go-w "$app"
mkdir -p "$root/data"
chown nobody:nogroup "$root/data"

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
echo "== start as nobody on port $port"
(cd "$app" && exec setpriv --reuid=nobody --regid=nogroup --clear-groups \
  env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/nonexistent NODE_ENV=production \
  DATA_DIR="$root/data" HOST=127.0.0.1 PORT="$port" LOG_LEVEL=warn \
  node scripts/start.mjs) >"$root/server.log" 2>&1 &
pid=$!

ok=""
for _ in $(seq 120); do
  if curl -fsS "http://127.0.0.1:$port/healthz" 2>/dev/null | grep -q '"ok"'; then ok=1; break; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 1
done
if [ -z "$ok" ]; then
  echo "the runtime folder did not serve /healthz; its log:"; cat "$root/server.log"; exit 1
fi
curl -fsS "http://127.0.0.1:$port/login" | grep -q '<div id="root"' || {
  echo "/login did not answer the web app"; cat "$root/server.log"; exit 1
}
[ -n "$(ls -A "$root/data")" ] || { echo "nothing written in the data folder"; exit 1; }
if find "$app" -newer "$root/data" -user nobody | grep -q .; then
  echo "the server wrote inside the app folder:"; find "$app" -user nobody; exit 1
fi
echo "== runtime stage OK: /healthz and /login served by nobody from a root-owned folder"
cd "$repo"

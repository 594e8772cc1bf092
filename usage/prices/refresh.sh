#!/bin/sh
# Regenerates genai-prices.json, the price snapshot zsj usage embeds, from
# the @pydantic/genai-prices package on the npm registry (MIT license,
# Pydantic Services Inc.; see README.md).
#
#   usage/prices/refresh.sh            # the newest version
#   usage/prices/refresh.sh 0.1.8      # a given version
#
# Needs npm and node. Then run 'go test ./usage/' and update the goldens
# whose estimates moved (go test ./usage/ -update).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
version=${1:-$(npm view @pydantic/genai-prices version)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@pydantic/genai-prices@$version" >/dev/null && tar xzf ./*.tgz)
published=$(npm view "@pydantic/genai-prices@$version" time --json |
	node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[process.argv[1]].slice(0,10)))' "$version")
node "$here/reduce.mjs" "$tmp/package" "$published" >"$tmp/genai-prices.json"
cp "$tmp/package/LICENSE" "$here/LICENSE.genai-prices"
mv "$tmp/genai-prices.json" "$here/genai-prices.json"
echo "genai-prices.json: @pydantic/genai-prices $version, published $published" >&2

#!/usr/bin/env bash
# While a session's schema work has not landed, its tables live in ONE migration after the last
# landed one. This drops the unlanded migration and generates it again from the whole schema, so
# several people changing schema files at once always get one consistent migration.
# Usage: flock /tmp/migrations.lock scripts/regen-work-migration.sh <landed-count> <name>
set -euo pipefail
cd "$(dirname "$0")/../apps/api"
landed=${1:?number of landed migrations (e.g. 2 for 0000 and 0001)}
name=${2:?migration name}
node -e '
const fs = require("fs");
const landed = Number(process.argv[1]);
const p = "src/db/migrations/meta/_journal.json";
const j = JSON.parse(fs.readFileSync(p, "utf8"));
for (const e of j.entries.filter((e) => e.idx >= landed)) {
  fs.rmSync(`src/db/migrations/${e.tag}.sql`, { force: true });
  fs.rmSync(`src/db/migrations/meta/${String(e.idx).padStart(4, "0")}_snapshot.json`, { force: true });
}
j.entries = j.entries.filter((e) => e.idx < landed);
fs.writeFileSync(p, JSON.stringify(j, null, 2));
' "$landed"
npx drizzle-kit generate --name "$name"

#!/usr/bin/env bash
# While a session's schema work has not landed, its tables live in ONE migration after the last
# landed one. This drops the unlanded migration and generates it again from the whole schema, so
# several people changing schema files at once always get one consistent migration.
# Hand-written SQL drizzle-kit cannot generate (functions, triggers, backfills) lives in
# src/db/migrations-extra/*.sql: every file there is appended, in name order, to the generated work
# migration, separated by `--> statement-breakpoint` lines. Those files belong to the unlanded work
# migration: once it lands, delete them (their SQL is in the landed migration); see the folder's README.md.
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
# The work migration: the entry drizzle-kit just wrote. With no schema change it writes none; then an
# empty custom one carries the hand-written SQL.
work_tag() {
  node -e '
  const j = JSON.parse(require("fs").readFileSync("src/db/migrations/meta/_journal.json", "utf8"));
  const e = j.entries.filter((e) => e.idx >= Number(process.argv[1])).at(-1);
  if (e) console.log(e.tag);
  ' "$landed"
}
extra=(src/db/migrations-extra/*.sql)
if [ -e "${extra[0]}" ]; then
  tag=$(work_tag)
  if [ -z "$tag" ]; then
    npx drizzle-kit generate --custom --name "$name"
    tag=$(work_tag)
  fi
  node -e '
  const fs = require("fs");
  const [file, ...extra] = process.argv.slice(1);
  const generated = fs.readFileSync(file, "utf8").trimEnd();
  // A custom migration starts as a comment alone: no statement to keep.
  const hasStatement = generated.split("\n").some((l) => l.trim() !== "" && !l.trim().startsWith("--"));
  const parts = hasStatement ? [generated] : [];
  for (const f of extra) parts.push(`-- ${f.replace(/^src\/db\//, "")}\n${fs.readFileSync(f, "utf8").trim()}`);
  fs.writeFileSync(file, parts.join("\n--> statement-breakpoint\n") + "\n");
  ' "src/db/migrations/$tag.sql" "${extra[@]}"
  echo "appended to $tag.sql: ${extra[*]}"
fi

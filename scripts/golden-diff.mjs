#!/usr/bin/env node
// `npm run golden:diff [-- <base>]`: what a change does to the generated trees, each distinct
// change once. `git diff <base>` (default: HEAD, i.e. the working tree's changes) of golden/,
// rendered/ and test/import/ is cut into hunks; a hunk that says the same thing in the same
// file of several trees (the fixture's own name set aside) is printed once, with the trees it
// appears in. A template change that rewrites 4,000 lines across 38 trees reads as its few
// distinct hunks.
import { spawnSync } from "node:child_process";

const base = process.argv[2] ?? "HEAD";
const roots = ["golden", "rendered", "test/import"];
const diff = spawnSync("git", ["diff", "--no-color", "--no-ext-diff", "-U2", base, "--", ...roots], { encoding: "utf8", maxBuffer: 1 << 30 });
if (diff.status !== 0) {
  process.stderr.write(diff.stderr);
  process.exit(2);
}
// Untracked files (a new fixture's tree) are changes too.
const untracked = spawnSync("git", ["ls-files", "--others", "--exclude-standard", "--", ...roots], { encoding: "utf8" })
  .stdout.split("\n")
  .filter(Boolean);

/** golden/<case>/<path> -> { tree: "<case>", path }, likewise rendered/ and test/import/<kind>/<case>/. */
function split(file) {
  const parts = file.split("/");
  const depth = file.startsWith("test/import/") ? 4 : 2;
  return { tree: parts.slice(0, depth).join("/"), path: parts.slice(depth).join("/") };
}

const groups = new Map();
const add = (file, hunk) => {
  const { tree, path } = split(file);
  const caseName = tree.split("/").pop();
  // The fixture's name is in every header line: set aside, so equal changes compare equal.
  const body = hunk.split(caseName).join("<case>");
  const key = `${path}\n${body}`;
  const group = groups.get(key) ?? { path, body, trees: [] };
  if (!group.trees.includes(tree)) group.trees.push(tree);
  groups.set(key, group);
};

let file;
let hunk = [];
let mark = "";
const flush = () => {
  if (file !== undefined && hunk.length > 0) add(file, hunk.join("\n"));
  hunk = [];
};
for (const line of diff.stdout.split("\n")) {
  if (line.startsWith("diff --git ")) {
    flush();
    file = line.slice("diff --git a/".length).split(" b/")[1];
    mark = "";
  } else if (line.startsWith("@@")) {
    flush();
    hunk = [`@@${mark}`];
  } else if (line.startsWith("new file") || line.startsWith("deleted file")) {
    mark = line.startsWith("new") ? " (new file)" : " (deleted file)";
  } else if (hunk.length > 0 && !line.startsWith("---") && !line.startsWith("+++") && !line.startsWith("index ") && !line.startsWith("\\")) {
    hunk.push(line);
  }
}
flush();
for (const path of untracked) add(path, "(new, untracked file)");

const sorted = [...groups.values()].sort((a, b) => b.trees.length - a.trees.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
let lines = 0;
for (const group of sorted) {
  const trees = group.trees.sort();
  const shown = trees.length > 8 ? `${trees.slice(0, 8).join(", ")} and ${trees.length - 8} more` : trees.join(", ");
  console.log(`=== ${group.path} (${trees.length} tree${trees.length === 1 ? "" : "s"}: ${shown})`);
  console.log(group.body.trimEnd());
  console.log("");
  lines += group.body.split("\n").length;
}
const total = diff.stdout.split("\n").filter((l) => /^[+-][^+-]/.test(l)).length;
console.error(
  `${groups.size} distinct hunk${groups.size === 1 ? "" : "s"} (${lines} lines) for ${total} changed lines in ${new Set([...groups.values()].flatMap((g) => g.trees)).size} trees`,
);

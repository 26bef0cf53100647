/**
 * talhelper gives each node its image: the node's schematic, else its group's (controlPlane.
 * or worker.schematic; talhelper pkg/generate/config.go takes the node's first). The spec says
 * one image for the cluster (talos.schematic) and, per node class, what that class adds
 * (nodeClasses.*.schematic: extensions and kernel arguments added to the cluster's, a board
 * overlay and META values over it). So the cluster's image is what every node's has (the
 * extensions and kernel arguments all of them list, the overlay and META values all share),
 * and each other image is a class with the rest: nothing a node boots today is lost, and the
 * next upgrade installs every node's own extensions again.
 */
import type { MetaValueSpec, SchematicSpec } from "../../spec/types.js";
import type { ImportedSchematic } from "./schematic.js";

export interface SchematicNode {
  name: string;
  role: "controlplane" | "worker";
  /** Its image: its own schematic, else its group's; undefined for none (the factory's default image). */
  schematic: ImportedSchematic | undefined;
  /** Where its image came from, for the class's name. */
  from: "node" | "group" | "none";
  arm64: boolean;
}

export interface SchematicClasses {
  cluster: ImportedSchematic | undefined;
  /** Class name -> what it adds to the cluster's image (and its architecture). */
  classes: Map<string, { schematic: SchematicSpec; arm64: boolean }>;
  /** Node name -> its class. */
  classOf: Map<string, string>;
}

const EMPTY: ImportedSchematic = { extensions: [], extraKernelArgs: [] };
const CLASS_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** What every node's image has. */
function common(images: readonly ImportedSchematic[]): ImportedSchematic {
  const [first = EMPTY, ...rest] = images;
  const out: ImportedSchematic = {
    extensions: first.extensions.filter((e) => rest.every((s) => s.extensions.includes(e))),
    extraKernelArgs: first.extraKernelArgs.filter((a) => rest.every((s) => s.extraKernelArgs.includes(a))),
  };
  if (first.overlay !== undefined && rest.every((s) => same(s.overlay, first.overlay))) out.overlay = first.overlay;
  const meta = (first.meta ?? []).filter((m) => rest.every((s) => (s.meta ?? []).some((n) => n.key === m.key && n.value === m.value)));
  if (meta.length > 0) out.meta = meta;
  return out;
}

/** What `image` adds to `base`, as a class schematic; undefined when nothing. */
function added(image: ImportedSchematic, base: ImportedSchematic): SchematicSpec | undefined {
  const extensions = image.extensions.filter((e) => !base.extensions.includes(e));
  const extraKernelArgs = image.extraKernelArgs.filter((a) => !base.extraKernelArgs.includes(a));
  const meta: MetaValueSpec[] = (image.meta ?? []).filter((m) => !(base.meta ?? []).some((n) => n.key === m.key && n.value === m.value));
  const out: SchematicSpec = {
    ...(extensions.length > 0 ? { extensions } : {}),
    ...(extraKernelArgs.length > 0 ? { extraKernelArgs } : {}),
    ...(image.overlay !== undefined && !same(image.overlay, base.overlay) ? { overlay: image.overlay } : {}),
    ...(meta.length > 0 ? { meta } : {}),
  };
  return Object.keys(out).length === 0 ? undefined : out;
}

function className(base: string, taken: ReadonlySet<string>): string {
  const clean = CLASS_NAME.test(base) ? base : `image-${base}`.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 63);
  let name = clean;
  for (let n = 2; taken.has(name); n++) name = `${clean}-${n}`;
  return name;
}

export function schematicClasses(nodes: readonly SchematicNode[]): SchematicClasses {
  const cluster = nodes.length === 0 ? undefined : common(nodes.map((n) => n.schematic ?? EMPTY));
  const classes = new Map<string, { schematic: SchematicSpec; arm64: boolean }>();
  const classOf = new Map<string, string>();
  const byKey = new Map<string, string>();
  for (const node of nodes) {
    const extra = added(node.schematic ?? EMPTY, cluster ?? EMPTY);
    if (extra === undefined && !node.arm64) continue;
    const key = JSON.stringify([extra ?? null, node.arm64]);
    let name = byKey.get(key);
    if (name === undefined) {
      // A group's image is named after the role; a node's own after the node.
      const base = extra === undefined ? "" : node.from === "group" ? node.role : node.name;
      name = className(node.arm64 ? (base === "" ? "arm64" : `${base}-arm64`) : base, new Set(classes.keys()));
      byKey.set(key, name);
      classes.set(name, { schematic: extra ?? {}, arm64: node.arm64 });
    }
    classOf.set(node.name, name);
  }
  const empty =
    cluster === undefined ||
    (cluster.extensions.length === 0 && cluster.extraKernelArgs.length === 0 && cluster.overlay === undefined && cluster.meta === undefined);
  return { cluster: empty ? undefined : cluster, classes, classOf };
}

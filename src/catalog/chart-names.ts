/** How the tree names what a chart of the spec's own becomes: its inline manifest and values file. */
/** The name of an inline chart's entry in cluster.inlineManifests (beside the spec's own manifests). */
export function chartInlineManifestName(name: string): string {
  return `chart-${name}`;
}

/** Where the values of a chart of the spec's own are written. */
export function chartValuesPath(name: string): string {
  return `values/charts/${name}.yaml`;
}

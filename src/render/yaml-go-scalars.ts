/**
 * Plain scalars that go-yaml v3 (the reader of Talos patches, Helm values and Flux manifests)
 * takes for numbers although the `yaml` package, writing YAML 1.1, leaves them plain: go-yaml
 * resolves an unquoted scalar starting with a digit or sign by strconv.ParseInt(text, 0, 64)
 * after dropping underscores (yaml.v3 resolve.go), and base 0 accepts Go's 0o/0O, 0b/0B and
 * 0x/0X prefixes, which YAML 1.1 does not know. "0O17" would reach Talos as the number 15.
 * Both YAML emitters (yaml.ts and its fast path yaml-fast.ts) double-quote such strings.
 */
const GO_PREFIXED_INT = /^[-+]?0[bBoOxX][0-9a-fA-F_]*$/;

export function goReadsAsNumber(value: string): boolean {
  return GO_PREFIXED_INT.test(value);
}

/**
 * A "<<" map key is a merge key to YAML 1.1 readers (yaml.org/type/merge.html), which go-yaml
 * honours: written plain, a user's literal "<<" key would merge its value into the map or fail.
 */
export function isMergeKeyText(key: string): boolean {
  return key === "<<";
}

/**
 * A machine configuration with its secrets blanked, byte for byte otherwise: what a reviewer
 * reads in rendered/ to see exactly what a node receives. The secrets are the fields Talos
 * generates from the secrets bundle (machinery config/generate: machine.token, the CAs and
 * their keys, cluster id, secret, token, encryption secrets, service account key).
 */
import { isScalar, LineCounter, parseAllDocuments } from "yaml";

const SECRET_PATHS = [
  ["machine", "token"],
  ["machine", "ca", "crt"],
  ["machine", "ca", "key"],
  ["cluster", "id"],
  ["cluster", "secret"],
  ["cluster", "token"],
  ["cluster", "secretboxEncryptionSecret"],
  ["cluster", "aescbcEncryptionSecret"],
  ["cluster", "ca", "crt"],
  ["cluster", "ca", "key"],
  ["cluster", "aggregatorCA", "crt"],
  ["cluster", "aggregatorCA", "key"],
  ["cluster", "serviceAccount", "key"],
  ["cluster", "etcd", "ca", "crt"],
  ["cluster", "etcd", "ca", "key"],
];

export const REDACTED = "<secret: from talos_machine_secrets>";

export function redactSecrets(config: string): string {
  const ranges: [number, number][] = [];
  for (const document of parseAllDocuments(config, { lineCounter: new LineCounter() })) {
    for (const path of SECRET_PATHS) {
      const node = document.getIn(path, true);
      if (isScalar(node) && node.value !== "" && node.range !== undefined && node.range !== null) ranges.push([node.range[0], node.range[1]]);
    }
  }
  let out = config;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + REDACTED + out.slice(end);
  return out;
}

/** The files of rendered/<tree>/: one per node, secrets blanked. */
export function renderedFiles(configs: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...configs].map(([node, config]) => [`${node}.yaml`, redactSecrets(config)]));
}

import { describe, expect, it } from "vitest";
import { checkMutated, plain, sketchText } from "../spec.test-helper.js";
import type { ClusterSpec } from "../types.js";
import { isSecretKey } from "./secrets.js";

describe("isSecretKey", () => {
  it.each([
    "token",
    "password",
    "apiToken",
    "api_token",
    "ssh-password",
    "privateKey",
    "secretAccessKey",
    "bootstrapToken",
    "secretboxEncryptionSecret",
    "clientSecret",
    "secret",
  ])("%s is a credential", (key) => expect(isSecretKey(key)).toBe(true));

  it.each(["existingSecret", "secretName", "credentialsSecret", "tokenTtl", "kmsKeyId", "key", "passwordFile", "secretsNamespace", "auth"])(
    "%s is not",
    (key) => {
      expect(isSecretKey(key)).toBe(false);
    },
  );
});

describe("spec/secret-in-spec", () => {
  it("reports a credential field instead of an unknown field, with where it belongs", () => {
    const text = sketchText().replace("      insecure: false\n", "      insecure: false\n      apiToken: root@pam!tofu=0b3f\n");
    expect(plain(text)).toEqual([
      "spec.yaml:39:7: error[spec/secret-in-spec]: platform.proxmox.apiToken looks like a credential\n  hint: secrets never live in the spec: use the environment (PROXMOX_VE_API_TOKEN, PROXMOX_VE_PASSWORD) or the sensitive variable the generated tree declares",
    ]);
  });

  it("looks inside patches and Helm values, and ignores references and switches", () => {
    const lines = checkMutated((s: ClusterSpec) => {
      s.spec.patches = { common: [{ cluster: { secretboxEncryptionSecret: "c2VjcmV0" } }] };
      const cilium = s.spec.cni?.cilium;
      if (cilium) cilium.values = { hubble: { existingSecret: "hubble-tls", auth: { useToken: true } }, grafana: { adminPassword: "hunter2", password: "" } };
    });
    expect(lines).toEqual([
      // patches were added last, so yaml.stringify writes them after cni
      "error spec/secret-in-spec: cni.cilium.values.grafana.adminPassword looks like a credential",
      "error spec/secret-in-spec: patches.common[0].cluster.secretboxEncryptionSecret looks like a credential",
    ]);
  });

  it("finds private keys and passwords in URLs whatever the key", () => {
    const pem = Buffer.from("-----BEGIN EC PRIVATE KEY-----\nMHc=\n-----END EC PRIVATE KEY-----\n").toString("base64");
    const lines = checkMutated((s: ClusterSpec) => {
      s.spec.patches = { controlplane: [{ machine: { ca: { crt: "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t", key: pem } } }] };
      s.spec.gitops = { flux: { repository: "ssh://bob:hunter2@git.example.com/fleet.git" } };
    });
    expect(lines).toEqual([
      "error spec/secret-in-spec: gitops.flux.repository has a password in the URL",
      "error spec/secret-in-spec: patches.controlplane[0].machine.ca.key holds a private key",
    ]);
  });
});

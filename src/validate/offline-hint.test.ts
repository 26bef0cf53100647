import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { OFFLINE_HINT, withOfflineHint } from "./offline-hint.js";

/** What tofu 1.11's `init -json` says per provider with no network, as the runner maps it. */
const unreachable = (provider: string): Diagnostic => ({
  code: "validate/init",
  severity: "error",
  message: `Failed to resolve provider packages: Could not resolve provider ${provider}: could not connect to registry.opentofu.org: failed to request discovery document: Get "https://registry.opentofu.org/.well-known/terraform.json": dial tcp: lookup registry.opentofu.org: no such host`,
});

describe("validate without network points at --offline", () => {
  it("hints once, on the first registry error", () => {
    const hinted = withOfflineHint([unreachable("bpg/proxmox"), unreachable("hashicorp/tls")]);
    expect(hinted.map((d) => d.hint)).toEqual([OFFLINE_HINT, undefined]);
  });

  it("leaves other init errors alone", () => {
    const other: Diagnostic = { code: "validate/init", severity: "error", message: 'Unsupported argument: An argument named "foo" is not expected here.' };
    expect(withOfflineHint([other])).toEqual([other]);
  });
});

/**
 * The provider schemas the package ships (schemas/providers/) are what the real providers
 * print: `tofu providers schema -json` of the binaries `npm run tools` built, byte for byte
 * in the shipped encoding. The providers the Go module proxy does not serve keep schemas
 * reconstructed from their source; those are listed in tools/pins.json (notServed).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { encodeDocument, providerDocument, realSchemas } from "../../scripts/provider-schemas.mjs";
import { toolsFolder } from "../../scripts/tools.mjs";
import { ROOT } from "../golden-corpus.js";
import { describeWithTools } from "./tools.js";

describeWithTools("shipped provider schemas are the real providers'", (tools) => {
  it("every real provider's schema is shipped as it prints it", () => {
    const manifest = JSON.parse(readFileSync(join(toolsFolder(), "manifest.json"), "utf8")) as Parameters<typeof realSchemas>[0];
    const printed = realSchemas(manifest);
    expect(Object.keys(printed).sort()).toEqual(Object.keys(tools.providers).sort());
    for (const [source, schema] of Object.entries(printed)) {
      const shipped = readFileSync(join(ROOT, "schemas", "providers", `${source.replace("/", "-")}.json.gz`));
      const expected = encodeDocument(providerDocument(source, tools.providers[source]?.version ?? "", schema));
      expect(shipped.equals(expected), `schemas/providers/${source}: run npm run schemas:providers`).toBe(true);
    }
  });

  it("every other shipped schema is for a provider the proxy does not serve", () => {
    const pins = JSON.parse(readFileSync(join(ROOT, "tools", "pins.json"), "utf8")) as { notServed: Record<string, string> };
    const shipped = readdirSync(join(ROOT, "schemas", "providers")).filter((f) => f.endsWith(".json.gz"));
    const real = new Set(Object.keys(tools.providers).map((s) => `${s.replace("/", "-")}.json.gz`));
    const others = shipped.filter((f) => !real.has(f)).sort();
    expect(others).toEqual(
      Object.keys(pins.notServed)
        .map((s) => `${s.replace("/", "-")}.json.gz`)
        .sort(),
    );
  });
});

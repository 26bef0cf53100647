export function providerDocument(source: string, version: string, schema: unknown): unknown;
export function encodeDocument(document: unknown): Buffer;
export function realSchemas(manifest: {
  tofu: string;
  mirror: string;
  providers: Record<string, { version: string; binary: string }>;
}): Record<string, unknown>;

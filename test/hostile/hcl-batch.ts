/**
 * @cdktf/hcl2json, batched. One call costs tens of milliseconds plus about 5 µs per byte (Go
 * compiled to WebAssembly), so the property tests parse each distinct file once (a cache
 * keyed by contents: most files of a tree do not change from case to case) and parse many
 * files per call, each wrapped in its own block: `file "<n>" { <contents> }`. A .tf file is a
 * body (blocks, attributes, comments), and a body is exactly what a block holds, so wrapping
 * changes nothing about how the file parses. When a batch fails, its files are parsed one by
 * one so the error names the file that broke.
 */
import { parse } from "@cdktf/hcl2json";

/** Upper bound on the text sent in one call; larger batches gain nothing and cost memory. */
const BATCH_BYTES = 256 * 1024;

export class HclParseError extends Error {
  constructor(
    readonly file: string,
    readonly contents: string,
    cause: unknown,
  ) {
    super(`${file} does not parse as HCL: ${String(cause)}\n--- ${file}\n${contents}`);
  }
}

export class HclParser {
  private readonly cache = new Map<string, unknown>();

  /** How many bytes were actually sent to hcl2json (for the test's own budget checks). */
  parsedBytes = 0;

  /** Parses every file (name -> contents); returns name -> hcl2json's JSON for that file. */
  async parseAll(files: ReadonlyArray<{ name: string; contents: string }>): Promise<Map<string, unknown>> {
    const todo = [...new Map(files.filter((f) => !this.cache.has(f.contents)).map((f) => [f.contents, f])).values()];
    let batch: Array<{ name: string; contents: string }> = [];
    let size = 0;
    for (const file of todo) {
      if (size + file.contents.length > BATCH_BYTES && batch.length > 0) {
        await this.parseBatch(batch);
        batch = [];
        size = 0;
      }
      batch.push(file);
      size += file.contents.length;
    }
    if (batch.length > 0) await this.parseBatch(batch);
    return new Map(files.map((f) => [f.name, this.cache.get(f.contents)]));
  }

  private async parseBatch(batch: ReadonlyArray<{ name: string; contents: string }>): Promise<void> {
    const text = batch.map((f, i) => `file "${i}" {\n${f.contents}\n}\n`).join("");
    this.parsedBytes += text.length;
    let json: unknown;
    try {
      json = await parse("batch.tf", text);
    } catch {
      // Find the culprit (and report it alone, with its own line numbers).
      for (const file of batch) {
        try {
          this.cache.set(file.contents, await parse(file.name, file.contents));
        } catch (error) {
          throw new HclParseError(file.name, file.contents, error);
        }
      }
      throw new Error("hcl2json rejected a batch whose files all parse alone: the wrapping is wrong");
    }
    const blocks = (json as { file?: Record<string, unknown[]> }).file ?? {};
    batch.forEach((file, i) => {
      const body = blocks[String(i)]?.[0];
      if (body === undefined) throw new Error(`hcl2json returned no body for ${file.name}`);
      this.cache.set(file.contents, body);
    });
  }
}

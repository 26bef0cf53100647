import { quote } from "./display-path.js";

/** What the user wrote, in words, for "expected X (got Y)" messages. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  switch (typeof value) {
    case "string":
      return `the string ${quote(value)}`;
    case "number":
      return `the number ${String(value)}`;
    case "boolean":
      return `the boolean ${String(value)}`;
    case "object":
      return Object.keys(value).length === 0 ? "an empty map" : "a map";
    default:
      return typeof value;
  }
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: "a string",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  object: "a map",
  array: "a list",
  null: "empty",
};

/** ajv's `params.type` ("string", or "string,null") in words. */
export function describeType(type: string): string {
  return type
    .split(",")
    .map((t) => TYPE_WORDS[t] ?? t)
    .join(" or ");
}

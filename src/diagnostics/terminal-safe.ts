/**
 * Diagnostics quote the spec (values, keys, its file name) and go to terminals and CI logs.
 * JSON.stringify, which quotes them, escapes C0 controls but leaves DEL and the C1 controls raw,
 * and terminals act on those (U+009B is CSI, the start of an escape sequence, in xterm); bidi
 * overrides can make a line read differently from what it holds (CVE-2021-42574, "Trojan
 * Source"); LS, PS and lone surrogates are not text a log should hold. The renderers pass all
 * text they print through here: such characters become \uXXXX, like JSON's own escapes.
 */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

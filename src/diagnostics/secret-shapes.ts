/**
 * Credentials by their shape, found in any text: the secret scan (src/spec/rules/secrets.ts)
 * runs it on every key and value of a spec, and the renderers on everything they print
 * (redact.ts). It lives here, at the bottom of the import graph, because the renderers need it
 * and nothing in diagnostics/ may import a later stage.
 *
 * A spec is untrusted input and a pre-commit hook runs this on each commit, so every detector
 * takes time linear in the text: no regular expression (V8's is a backtracking engine, and
 * `[\w.-]+@[\w.-]+!...` took 35 s on 200,000 word characters), only passes that move forward
 * over maximal runs of one character class, fixed-length checks at a fixed anchor, and
 * backward scans that stop at a character that ends every other scan of the same kind, so no
 * character is looked at by more than a fixed number of them. `work` counts the characters
 * each pass looks at: test/hostile/secret-scan.test.ts checks that count is at most a small
 * constant times the text's length, on adversarial text, which a quadratic detector fails.
 */

export type SecretKind = "private-key" | "url-password" | "token";

export interface SecretSpan {
  /** Offsets into the text scanned: what to hide. */
  start: number;
  end: number;
  kind: SecretKind;
  /** For a message: "a PEM private key", "a GitHub token", ... */
  what: string;
  /** The environment variable the generated tree reads this kind of credential from. */
  env?: string;
}

/** Characters looked at, summed over all passes (for the linearity test). */
export interface ScanWork {
  steps: number;
}

// Character classes as bit flags over ASCII, one table lookup per character.
const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
const UNDERSCORE = 8;
const PLUS_SLASH = 16;
const DOT_DASH = 32;
/** Base64 besides letters, digits, "+", "/" and "_": base64url's "-", and line breaks (base64 is often wrapped at 64 or 76 columns). */
const BASE64_EXTRA = 64;
const ALNUM = UPPER | LOWER | DIGIT;
const CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (ch >= "A" && ch <= "Z") CLASSES[c] = UPPER;
  else if (ch >= "a" && ch <= "z") CLASSES[c] = LOWER;
  else if (ch >= "0" && ch <= "9") CLASSES[c] = DIGIT;
  else if (ch === "_") CLASSES[c] = UNDERSCORE;
  else if (ch === "+" || ch === "/") CLASSES[c] = PLUS_SLASH;
  else if (ch === ".") CLASSES[c] = DOT_DASH;
  else if (ch === "-") CLASSES[c] = DOT_DASH | BASE64_EXTRA;
  else if (ch === "\n" || ch === "\r") CLASSES[c] = BASE64_EXTRA;
}

function classOf(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? (CLASSES[c] as number) : 0;
}

/**
 * Calls `each` with every maximal run of characters in `mask` that is at least `min` long,
 * with the classes the run holds (OR of its characters' flags). One forward pass.
 */
function forEachRun(text: string, mask: number, min: number, counter: { steps: number }, each: (start: number, end: number, classes: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    counter.steps++;
    if ((classOf(text, i) & mask) === 0) {
      i++;
      continue;
    }
    const start = i;
    let classes = 0;
    while (i < n) {
      const k = classOf(text, i);
      if ((k & mask) === 0) break;
      classes |= k;
      counter.steps++;
      i++;
    }
    if (i - start >= min) each(start, i, classes);
  }
}

const MIXED = UPPER | LOWER | DIGIT;

/** Runs of letters, digits, "_" and "-", as token formats are written. */
function tokens(text: string, counter: { steps: number }, found: SecretSpan[]): void {
  // Hetzner Cloud API tokens: 64 letters and digits (docs.hetzner.cloud, "Authentication").
  // Shapes, not guesses: a sha256 digest or a schematic id (64 hex digits) mixes no cases.
  forEachRun(text, ALNUM, 64, counter, (start, end, classes) => {
    if (end - start === 64 && (classes & MIXED) === MIXED) found.push({ start, end, kind: "token", what: "a Hetzner Cloud API token", env: "HCLOUD_TOKEN" });
  });
  // AWS access key ids: AKIA (long-term) or ASIA (temporary) and 16 more capitals and digits
  // (IAM user guide, "Access key IDs"), on their own (not inside a longer run of those).
  forEachRun(text, UPPER | DIGIT, 20, counter, (start, end) => {
    if (end - start !== 20) return;
    const prefix = text.slice(start, start + 4);
    if (prefix === "AKIA" || prefix === "ASIA") found.push({ start, end, kind: "token", what: "an AWS access key id", env: "AWS_ACCESS_KEY_ID" });
  });
  // GitHub tokens: ghp_, gho_, ghu_, ghs_, ghr_ and 36 or more letters and digits, and
  // fine-grained github_pat_ and 22 or more of those and "_" (GitHub docs, "token formats"),
  // at the start of a run of letters, digits and "_".
  forEachRun(text, ALNUM | UNDERSCORE, 26, counter, (start, end) => {
    if (text.startsWith("github_pat_", start)) {
      if (end - start >= 11 + 22) found.push({ start, end, kind: "token", what: "a GitHub token", env: "GITHUB_TOKEN" });
      return;
    }
    const c = text[start + 2];
    if (!text.startsWith("gh", start) || c === undefined || !"pousr".includes(c) || text[start + 3] !== "_") return;
    let i = start + 4;
    while (i < end && (classOf(text, i) & ALNUM) !== 0) i++;
    counter.steps += i - start;
    if (i - (start + 4) >= 36) found.push({ start, end: i, kind: "token", what: "a GitHub token", env: "GITHUB_TOKEN" });
  });
  // Tailscale auth keys, OAuth client secrets and API keys: "tskey-", the kind ("auth-",
  // "client-", "api-"), then an id and the secret (Tailscale docs, "Auth keys": tskey-auth-...),
  // at the start of a run of letters, digits, "-" and ".". Found by the native search for the
  // prefix rather than one more pass over every character (the adversarial bench felt that pass).
  const TAILSCALE = ALNUM | DOT_DASH;
  for (let start = text.indexOf("tskey-"); start !== -1; start = text.indexOf("tskey-", start + 6)) {
    if (start > 0 && (classOf(text, start - 1) & TAILSCALE) !== 0) continue;
    let end = start + 6;
    while (end < text.length && (classOf(text, end) & TAILSCALE) !== 0) end++;
    counter.steps += end - start;
    if (end - start >= 30) found.push({ start, end, kind: "token", what: "a Tailscale key" });
  }
  // AWS secret access keys: 40 characters of the base64 alphabet (IAM user guide, "Managing
  // access keys": wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY), whatever the key they sit under.
  // Random, so they mix cases and digits; a path starts or ends with "/", base64 data of
  // another length is longer, or padded with "=".
  forEachRun(text, ALNUM | PLUS_SLASH, 40, counter, (start, end, classes) => {
    if (end - start !== 40 || (classes & MIXED) !== MIXED) return;
    if (text[start] === "/" || text[end - 1] === "/" || text[end] === "=") return;
    found.push({ start, end, kind: "token", what: "an AWS secret access key", env: "AWS_SECRET_ACCESS_KEY" });
  });
}

/**
 * How many characters from `at` fit 8-4-4-4-12 hex digits (any case): 36 for a UUID. A
 * UUID holds no "=", so the reads from two "=" anchors never overlap.
 */
function uuidPrefix(text: string, at: number): number {
  for (let k = 0; k < 36; k++) {
    const c = text.charCodeAt(at + k);
    const ok = k === 8 || k === 13 || k === 18 || k === 23 ? c === 45 : (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
    if (!ok) return k;
  }
  return 36;
}

const WORD_DOT_DASH = ALNUM | UNDERSCORE | DOT_DASH;

/**
 * Proxmox VE API tokens, user@realm!tokenid=UUID (pve.proxmox.com/wiki/Proxmox_VE_API, "API
 * Tokens"). Anchored on "=" and the fixed-length UUID after it; the three names before it are
 * read backwards. Those backward reads cross only [\w.-], "!" and "@", never "=", so the reads
 * from two anchors never overlap: each character is read at most once.
 */
function proxmoxTokens(text: string, counter: { steps: number }, found: SecretSpan[]): void {
  const back = (from: number): number => {
    let i = from;
    while (i > 0 && (classOf(text, i - 1) & WORD_DOT_DASH) !== 0) i--;
    counter.steps += from - i + 1;
    return i;
  };
  for (let eq = text.indexOf("="); eq !== -1; eq = text.indexOf("=", eq + 1)) {
    const uuid = uuidPrefix(text, eq + 1);
    counter.steps += uuid + 1;
    if (uuid !== 36) continue;
    const tokenId = back(eq);
    if (tokenId === eq || text[tokenId - 1] !== "!") continue;
    const realm = back(tokenId - 1);
    if (realm === tokenId - 1 || text[realm - 1] !== "@") continue;
    const user = back(realm - 1);
    if (user === realm - 1) continue;
    found.push({ start: user, end: eq + 37, kind: "token", what: "a Proxmox VE API token", env: "PROXMOX_VE_API_TOKEN" });
  }
}

const SCHEME = ALNUM | DOT_DASH | PLUS_SLASH;

/**
 * A password in a URL, scheme://user:password@host (RFC 3986 §3.2.1, which deprecates it), anywhere in the
 * text. Anchored on each "://"; the scheme is read backwards over characters that exclude ":",
 * and the authority forwards up to the first "/", which the next "://" starts with: no two
 * anchors read the same character. The password is what the WHATWG URL parser makes of it:
 * the userinfo is everything before the authority's last "@", the password what follows its
 * first ":".
 */
function urlPasswords(text: string, counter: { steps: number }, found: SecretSpan[]): void {
  for (let at = text.indexOf("://"); at !== -1; at = text.indexOf("://", at + 3)) {
    counter.steps++;
    let s = at;
    // "+" and "." and "-" may follow the first letter of a scheme; "/" may not.
    while (s > 0 && (classOf(text, s - 1) & SCHEME) !== 0 && text[s - 1] !== "/") s--;
    counter.steps += at - s;
    if (s === at) continue;
    let colon = -1;
    let lastAt = -1;
    let i = at + 3;
    for (; i < text.length; i++) {
      const c = text[i] as string;
      if (c === "/" || c === "?" || c === "#" || c === "\\" || c === " " || c === "\t" || c === "\n" || c === "\r") break;
      if (c === "@") lastAt = i;
      else if (c === ":" && colon === -1) colon = i;
    }
    counter.steps += i - at;
    if (lastAt === -1 || colon === -1 || colon > lastAt || colon + 1 === lastAt) continue;
    found.push({ start: colon + 1, end: lastAt, kind: "url-password", what: "a password in a URL" });
  }
}

/**
 * PEM private keys (RFC 7468 §10-11: "PRIVATE KEY", "ENCRYPTED PRIVATE KEY", and the older
 * "RSA PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY") and OpenPGP private key blocks
 * (RFC 4880 §6.2: "PGP PRIVATE KEY BLOCK"; PGP 2 wrote "PGP SECRET KEY BLOCK"), from the
 * BEGIN line to the matching END line, or to the end of the text when there is none. The
 * label is at most 64 characters; every search starts where the last one stopped.
 */
function privateKeyBlocks(text: string, counter: { steps: number }, found: SecretSpan[]): void {
  let from = 0;
  while (from < text.length) {
    const begin = text.indexOf("-----BEGIN ", from);
    counter.steps += (begin === -1 ? text.length : begin) - from + 1;
    if (begin === -1) return;
    const labelStart = begin + 11;
    let i = labelStart;
    while (i < text.length && i - labelStart < 64) {
      const c = text.charCodeAt(i);
      if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 32)) break;
      i++;
    }
    counter.steps += i - labelStart;
    const label = text.slice(labelStart, i);
    if (!text.startsWith("-----", i) || !(label.endsWith("PRIVATE KEY") || label === "PGP PRIVATE KEY BLOCK" || label === "PGP SECRET KEY BLOCK")) {
      from = labelStart;
      continue;
    }
    const footer = `-----END ${label}-----`;
    const end = text.indexOf(footer, i + 5);
    counter.steps += (end === -1 ? text.length : end + footer.length) - i;
    const stop = end === -1 ? text.length : end + footer.length;
    found.push({ start: begin, end: stop, kind: "private-key", what: label.startsWith("PGP") ? "an OpenPGP private key" : "a PEM private key" });
    from = stop;
  }
}

/** Letters, digits, "_" and "-": base64url, and the body of most prefixed tokens. */
const URL_SAFE = ALNUM | UNDERSCORE | DOT_DASH;

interface PrefixedToken {
  prefix: string;
  /** What may follow the prefix. */
  body: number;
  /** The least length of the whole token, prefix included. */
  min: number;
  what: string;
}

/**
 * Credentials their issuer marks with a fixed prefix, at the start of a run of their alphabet.
 * Found by the native search for each prefix; an anchor inside a run that started before it is
 * skipped, so each run is read once per prefix that starts it.
 */
const PREFIXED: readonly PrefixedToken[] = [
  // age identities: Bech32 with the human-readable part AGE-SECRET-KEY-, written upper-case,
  // 74 characters (C2SP age specification, "X25519 recipient type"); SOPS keeps them in keys.txt.
  { prefix: "AGE-SECRET-KEY-1", body: UPPER | DIGIT, min: 60, what: "an age private key (SOPS)" },
  // GitLab tokens by prefix (GitLab docs, "Token prefixes"): personal, deploy, runner and
  // pipeline-trigger tokens.
  { prefix: "glpat-", body: URL_SAFE, min: 26, what: "a GitLab token" },
  { prefix: "gldt-", body: URL_SAFE, min: 25, what: "a GitLab token" },
  { prefix: "glrt-", body: URL_SAFE, min: 25, what: "a GitLab token" },
  { prefix: "glptt-", body: URL_SAFE, min: 26, what: "a GitLab token" },
  // Slack bot, user, app-level, refresh and configuration tokens (Slack API docs, "Token types").
  { prefix: "xoxb-", body: ALNUM | DOT_DASH, min: 25, what: "a Slack token" },
  { prefix: "xoxp-", body: ALNUM | DOT_DASH, min: 25, what: "a Slack token" },
  { prefix: "xoxa-", body: ALNUM | DOT_DASH, min: 25, what: "a Slack token" },
  { prefix: "xoxe-", body: ALNUM | DOT_DASH, min: 25, what: "a Slack token" },
  { prefix: "xoxr-", body: ALNUM | DOT_DASH, min: 25, what: "a Slack token" },
  { prefix: "xapp-", body: ALNUM | DOT_DASH, min: 25, what: "a Slack token" },
];

function prefixedTokens(text: string, counter: { steps: number }, found: SecretSpan[]): void {
  for (const { prefix, body, min, what } of PREFIXED) {
    for (let start = text.indexOf(prefix); start !== -1; start = text.indexOf(prefix, start + prefix.length)) {
      counter.steps++;
      if (start > 0 && (classOf(text, start - 1) & body) !== 0) continue;
      let end = start + prefix.length;
      while (end < text.length && (classOf(text, end) & body) !== 0) end++;
      counter.steps += end - start;
      if (end - start >= min) found.push({ start, end, kind: "token", what });
    }
  }
}

/** The end of the run of base64url characters from `at`. */
function urlSafeRun(text: string, at: number, counter: { steps: number }): number {
  let i = at;
  while (i < text.length && ((classOf(text, i) & (ALNUM | UNDERSCORE)) !== 0 || text[i] === "-")) i++;
  counter.steps += i - at + 1;
  return i;
}

/**
 * JSON Web Tokens (RFC 7519 §3: three base64url parts joined by "."), as Kubernetes issues
 * service-account tokens and OIDC providers ID tokens, bare or inside a pasted kubeconfig. The
 * header and the claims are JSON objects, so both start with "eyJ" (base64 of `{"`). Anchored on
 * each "eyJ" that starts a run; a header reads at most its own token's three parts.
 */
function jsonWebTokens(text: string, counter: { steps: number }, found: SecretSpan[]): void {
  for (let start = text.indexOf("eyJ"); start !== -1; start = text.indexOf("eyJ", start + 3)) {
    counter.steps++;
    if (start > 0 && ((classOf(text, start - 1) & (ALNUM | UNDERSCORE)) !== 0 || text[start - 1] === "-")) continue;
    const header = urlSafeRun(text, start, counter);
    if (header - start < 10 || text[header] !== "." || !text.startsWith("eyJ", header + 1)) continue;
    const claims = urlSafeRun(text, header + 1, counter);
    if (claims - header < 10 || text[claims] !== ".") continue;
    const signature = urlSafeRun(text, claims + 1, counter);
    if (signature - claims > 16) found.push({ start, end: signature, kind: "token", what: "a JSON Web Token (a service-account or OIDC token)" });
  }
}

/**
 * Keys (lower-cased, without "-", "_" and ".") that hold a credential in configuration text:
 * INI and .env files (`password = ...`), WireGuard's `PrivateKey =` and `PresharedKey =`
 * (wg(8), CONFIGURATION FILE FORMAT), Docker's config.json `"auth": "<base64 user:password>"`,
 * a bootstrap token's `token:` and `token-secret:` (Kubernetes, "Authenticating with Bootstrap
 * Tokens").
 */
const CREDENTIAL_SETTINGS = new Set([
  "password",
  "passwd",
  "privatekey",
  "presharedkey",
  "token",
  "tokensecret",
  "auth",
  "secret",
  "apikey",
  "apitoken",
  "clientsecret",
  "secretaccesskey",
  "awssecretaccesskey",
  "bearertoken",
]);

/** Values that name or template a secret rather than hold one. */
function isReference(text: string, start: number, end: number): boolean {
  const c = text[start];
  if (c === "$" || c === "{" || c === "<" || c === "*" || c === "%" || c === "!" || c === "[" || c === "(") return true;
  const value = text.slice(start, Math.min(end, start + 8)).toLowerCase();
  return value.startsWith("var.") || value.startsWith("local.") || value === "null" || value === "true" || value === "false" || value === "changeme";
}

function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\t";
}

function isQuote(c: string | undefined): boolean {
  return c === '"' || c === "'";
}

/**
 * A credential set in configuration text: a line whose key, before its first "=" or ":", is
 * one of CREDENTIAL_SETTINGS, and whose value is one word that is no reference. One pass over
 * each line.
 */
function credentialSettings(text: string, counter: { steps: number }, found: SecretSpan[]): void {
  let line = 0;
  while (line < text.length) {
    let next = text.indexOf("\n", line);
    if (next === -1) next = text.length;
    counter.steps += next - line + 1;
    let i = line;
    while (i < next && (isSpace(text[i]) || text[i] === "-" || isQuote(text[i]))) i++;
    const keyStart = i;
    while (i < next && (classOf(text, i) & (ALNUM | UNDERSCORE | DOT_DASH)) !== 0 && i - keyStart <= 40) i++;
    const keyEnd = i;
    while (i < next && (isSpace(text[i]) || isQuote(text[i]))) i++;
    if (keyEnd > keyStart && (text[i] === "=" || text[i] === ":")) {
      let key = "";
      for (let k = keyStart; k < keyEnd; k++) if (text[k] !== "-" && text[k] !== "_" && text[k] !== ".") key += (text[k] as string).toLowerCase();
      if (CREDENTIAL_SETTINGS.has(key)) {
        let start = i + 1;
        let end = next;
        while (start < end && isSpace(text[start])) start++;
        while (end > start && (isSpace(text[end - 1]) || text[end - 1] === "\r" || text[end - 1] === ",")) end--;
        if (end - start >= 2 && isQuote(text[start]) && text[end - 1] === text[start]) {
          start++;
          end--;
        }
        let oneWord = end - start >= 4;
        for (let k = start; oneWord && k < end; k++) if (isSpace(text[k]) || isQuote(text[k])) oneWord = false;
        if (oneWord && !isReference(text, start, end)) found.push({ start, end, kind: "token", what: `a credential set as ${text.slice(keyStart, keyEnd)}` });
      }
    }
    line = next + 1;
  }
}

const BASE64 = ALNUM | PLUS_SLASH | UNDERSCORE | BASE64_EXTRA;

/**
 * A private key encoded in base64, as Talos machine configs and Kubernetes Secrets carry them,
 * alone or inside a longer string: each run of base64 characters (and line breaks) long enough
 * to hold a PEM header is decoded, from each of the four offsets a base64 quantum can start
 * at, and the decoded bytes are searched as text. Runs never overlap; decoding is linear.
 */
function base64PrivateKeys(text: string, counter: { steps: number }, found: SecretSpan[]): void {
  // "-----BEGIN PRIVATE KEY-----" is 27 bytes, 36 characters of base64.
  forEachRun(text, BASE64, 36, counter, (start, end) => {
    let stop = end;
    while (stop > start && (text[stop - 1] === "\n" || text[stop - 1] === "\r")) stop--;
    for (let offset = 0; offset < 4 && stop - start - offset >= 36; offset++) {
      const decoded = Buffer.from(text.slice(start + offset, stop), "base64").toString("latin1");
      counter.steps += decoded.length;
      const inner: SecretSpan[] = [];
      privateKeyBlocks(decoded, counter, inner);
      const key = inner[0];
      if (key !== undefined) {
        found.push({ start, end: stop, kind: "private-key", what: `${key.what} in base64` });
        return;
      }
    }
    // A PEM body without its armour starts the run or one of its lines, after any dashes the
    // run took in before it; each candidate costs a fixed 16 characters.
    counter.steps += stop - start;
    for (let i = start; i < stop; i++) {
      if (i !== start && text[i - 1] !== "\n") continue;
      let body = i;
      while (body < stop && (classOf(text, body) & (ALNUM | PLUS_SLASH)) === 0) body++;
      if (stop - body < 36) return;
      if (isPrivateKeyDer(Buffer.from(text.slice(body, body + 16), "base64").toString("latin1"))) {
        found.push({ start: body, end: stop, kind: "private-key", what: "a private key (a PEM body without its armour)" });
        return;
      }
      i = body;
    }
  });
}

/**
 * The DER of a private key, as a PEM body holds it without its BEGIN and END lines: a SEQUENCE
 * whose first element is the version INTEGER 0 or 1. PKCS#8 (RFC 5208 §5, RFC 5958 §2),
 * PKCS#1 (RFC 8017 A.1.2) and SEC 1 EC keys (RFC 5915 §3) all start so; certificates and
 * public keys start with another SEQUENCE (RFC 5280 §4.1), so they do not.
 */
function isPrivateKeyDer(bytes: string): boolean {
  if (bytes.length < 7 || bytes.charCodeAt(0) !== 0x30) return false;
  const length = bytes.charCodeAt(1);
  // Short form, or long form in one or two bytes (keys are under 64 KiB).
  const body = length < 0x80 ? 2 : length === 0x81 ? 3 : length === 0x82 ? 4 : -1;
  if (body === -1) return false;
  const version = bytes.charCodeAt(body + 2);
  return bytes.charCodeAt(body) === 0x02 && bytes.charCodeAt(body + 1) === 0x01 && (version === 0 || version === 1);
}

/**
 * Every credential-shaped span of `text`, in order of start; spans may overlap (a base64 run
 * is also an AWS-secret-shaped run). Strings too short for any shape cost one comparison.
 */
export function findSecrets(text: string, work?: ScanWork): SecretSpan[] {
  const found: SecretSpan[] = [];
  // The shortest shape is a URL with a password, "a://b:c@" (8); every other is 20 or more.
  if (text.length < 8) return found;
  const counter = { steps: 0 };
  urlPasswords(text, counter, found);
  if (text.length >= 20) {
    privateKeyBlocks(text, counter, found);
    base64PrivateKeys(text, counter, found);
    proxmoxTokens(text, counter, found);
    tokens(text, counter, found);
    prefixedTokens(text, counter, found);
    jsonWebTokens(text, counter, found);
  }
  credentialSettings(text, counter, found);
  if (work !== undefined) work.steps += counter.steps;
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

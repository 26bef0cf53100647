import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { displayPath, quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

interface UrlField {
  path: PathSegment[];
  text: string;
  protocols: readonly string[];
}

const HTTP = ["http:", "https:"] as const;
const GIT = ["http:", "https:", "ssh:"] as const;

function urlFields(ctx: Parameters<Rule>[0]): UrlField[] {
  const s = ctx.spec.spec;
  const out: UrlField[] = [];
  const add = (text: string | undefined, protocols: readonly string[], ...path: PathSegment[]): void => {
    if (text !== undefined) out.push({ path: specPath(...path), text, protocols });
  };
  for (const [registry, mirror] of Object.entries(s.registryMirrors ?? {})) {
    for (const [k, endpoint] of mirror.endpoints.entries()) add(endpoint, HTTP, "registryMirrors", registry, "endpoints", k);
  }
  add(s.platform.proxmox?.endpoint, HTTP, "platform", "proxmox", "endpoint");
  add(s.talos?.imageMirror, HTTP, "talos", "imageMirror");
  add(s.talos?.factoryUrl, HTTP, "talos", "factoryUrl");
  for (const [name, url] of Object.entries(s.backend?.s3?.endpoints ?? {})) add(url, HTTP, "backend", "s3", "endpoints", name);
  add(s.gitops?.flux?.forge?.gitea?.url, HTTP, "gitops", "flux", "forge", "gitea", "url");
  add(s.gitops?.flux?.repository, GIT, "gitops", "flux", "repository");
  add(s.gitops?.argocd?.repository, GIT, "gitops", "argocd", "repository");
  add(s.gitops?.tofuController?.repository, GIT, "gitops", "tofuController", "repository");
  return out;
}

/** C0 and C1 control characters and DEL: never part of a URL (RFC 3986 §2, WHATWG "URL code points"). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The schema only checks that URL fields start with a scheme; WHATWG URL parsing (what Node and
 * Go's net/url broadly agree on) catches the rest: bad ports, empty hosts, stray characters.
 * Registry mirror endpoints end up in Talos RegistryMirrorConfig, which refuses anything else.
 */
export const urls: Rule = (ctx) => {
  for (const field of urlFields(ctx)) {
    // WHATWG parsing percent-encodes control characters instead of refusing them, but the text
    // is also copied as is into comments and commands of the tree, where a NEL (a line break
    // for YAML 1.1 readers) or an escape sequence would break out: refuse them here.
    const control = CONTROL.exec(field.text);
    if (control !== null) {
      const code = `U+${(control[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
      ctx.report({ code: "spec/invalid-url", message: `${displayPath(field.path)} holds a control character (${code})`, path: field.path });
      continue;
    }
    let url: URL;
    try {
      url = new URL(field.text);
    } catch {
      ctx.report({ code: "spec/invalid-url", message: `${displayPath(field.path)} ${quote(field.text)} is not a valid URL`, path: field.path });
      continue;
    }
    if (!field.protocols.includes(url.protocol)) {
      ctx.report({
        code: "spec/invalid-url",
        message: `${displayPath(field.path)} must use ${field.protocols.map((p) => p.replace(":", "://")).join(" or ")} (got ${url.protocol}//)`,
        path: field.path,
      });
    } else if (url.hostname === "") {
      ctx.report({ code: "spec/invalid-url", message: `${displayPath(field.path)} ${quote(field.text)} has no host name`, path: field.path });
    }
  }
};

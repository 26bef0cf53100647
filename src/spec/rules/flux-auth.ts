import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";
import { SPEC_DEFAULTS } from "../../catalog/defaults.js";

/**
 * Flux's Git credentials follow the URL scheme (fluxcd/flux provider, git.ssh vs git.http): the
 * generated deploy key needs an ssh:// URL, a token an https:// one. A forge only registers the
 * deploy key, so it has nothing to do with token authentication.
 */
export const fluxAuth: Rule = (ctx) => {
  const flux = ctx.spec.spec.gitops?.flux;
  if (flux === undefined) return;
  const auth = flux.auth ?? SPEC_DEFAULTS.FluxSpec.auth;
  const ssh = flux.repository.startsWith("ssh://");
  if (auth === "ssh-key" && !ssh) {
    ctx.report({
      code: "spec/flux-auth-mismatch",
      message: `gitops.flux.repository ${quote(flux.repository)} is not an ssh:// URL, which the generated deploy key (auth ssh-key) needs`,
      path: specPath("gitops", "flux", "repository"),
      hint: "use the ssh:// URL of the repository (ssh://git@host/owner/repo.git), or set auth: token for https://",
    });
  } else if (auth === "token" && ssh) {
    ctx.report({
      code: "spec/flux-auth-mismatch",
      message: `gitops.flux.repository ${quote(flux.repository)} is an ssh:// URL, but auth token sends the token over https://`,
      path: specPath("gitops", "flux", "repository"),
      hint: "use the https:// URL of the repository, or remove auth to use a generated deploy key",
    });
  }
  if (auth === "token" && flux.forge !== undefined) {
    ctx.report({
      code: "spec/flux-auth-mismatch",
      message: "gitops.flux.forge registers the generated deploy key, which auth token does not use",
      path: specPath("gitops", "flux", "forge"),
      at: "key",
      hint: "remove forge, or remove auth to use a deploy key registered through the forge",
    });
  }
};

/**
 * The helm provider block, once for every feature that renders a chart with helm_template
 * (Cilium, Argo CD): Terraform rejects two default configurations of one provider.
 */
import type { Feature } from "../feature.js";
import { kubernetesHost, usesHelmRelease } from "../helm-releases.js";
import { renderSection } from "../module-files.js";

export const helmProvider: Feature = {
  id: "helm-provider",
  enabled: (model) => model.providers.some((provider) => provider.name === "helm"),
  files: () => [],
  // helm_release (Cilium or an add-on in helm-release mode) also needs a configuration that
  // reaches the cluster: a second, aliased one, so that helm_template never depends on it.
  root: (model, context) => ({
    providers: [renderSection("helm", "providers", { release: usesHelmRelease(model), kubernetesHost: kubernetesHost(context) })],
  }),
};

/** model -> every file of the tree, rendered but not yet formatted, sorted by path. */
import type { ClusterModel } from "../model/model.js";
import { compareStrings } from "../base/compare.js";
import type { PlanContext, PlatformOutputs } from "./feature.js";
import { FEATURES } from "./features/index.js";
import type { PlannedFile } from "./planned-file.js";
import { planGitignore } from "./gitignore.js";
import { planMachinesLock } from "./machines-lock.js";
import { planReadme } from "./readme.js";
import { planRoot } from "./root.js";
import { planPatches } from "./talos/patches.js";

export function plan(model: ClusterModel): PlannedFile[] {
  const features = FEATURES.filter((feature) => feature.enabled(model));
  const platforms = features.flatMap((feature) => (feature.platform === undefined ? [] : [feature.platform(model)]));
  const platform: PlatformOutputs | undefined = platforms[0];
  if (platform === undefined || platforms.length > 1) throw new Error(`plan bug: ${platforms.length} platform features`);
  const context: PlanContext = {
    platform,
    inlineManifests: features.flatMap((feature) => feature.inlineManifests?.(model) ?? []),
    patches: planPatches(model),
  };
  const files = [
    ...planRoot(model, features, context),
    ...features.flatMap((feature) => feature.files(model, context)),
    planReadme(
      model,
      features.flatMap((feature) => [...(feature.module === undefined ? [] : [feature.module(model)]), ...(feature.modules?.(model) ?? [])]),
      context.patches.secretVariables,
    ),
    planGitignore(model),
  ];
  files.push(planMachinesLock(model, files));
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) throw new Error(`plan bug: two files at ${file.path}`);
    seen.add(file.path);
  }
  return files.sort((a, b) => compareStrings(a.path, b.path));
}

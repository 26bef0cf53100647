/** model -> every file of the tree, rendered but not yet formatted, sorted by path. */
import type { ClusterModel } from "../model/model.js";
import { compareStrings } from "../base/compare.js";
import type { PlanContext } from "./feature.js";
import type { PlatformPlanner } from "./platform-part.js";
import { FEATURES } from "./features/index.js";
import type { PlannedFile } from "./planned-file.js";
import { planGitignore } from "./gitignore.js";
import { planMachinesLock } from "./machines-lock.js";
import { planReadme } from "./readme.js";
import { planRoot } from "./root.js";
import { planPatches } from "./talos/patches.js";

export function plan(model: ClusterModel, platformPart: PlatformPlanner): PlannedFile[] {
  const platform = platformPart.plan(model);
  const features = [...platform.features, ...FEATURES.filter((feature) => feature.enabled(model))];
  const context: PlanContext = {
    platform: platform.outputs,
    inlineManifests: features.flatMap((feature) => feature.inlineManifests?.(model) ?? []),
    patches: planPatches(model, platform),
  };
  const files = [
    ...planRoot(model, features, context),
    ...features.flatMap((feature) => feature.files(model, context)),
    planReadme(
      model,
      platform.readme,
      features.flatMap((feature) => [...(feature.module === undefined ? [] : [feature.module(model)]), ...(feature.modules?.(model) ?? [])]),
      context.patches.secretVariables,
    ),
    planGitignore(model),
  ];
  files.push(planMachinesLock(model, platform, files));
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) throw new Error(`plan bug: two files at ${file.path}`);
    seen.add(file.path);
  }
  return files.sort((a, b) => compareStrings(a.path, b.path));
}

/** The cross-field rules of a metal spec, beside the shared ones (src/spec/rules/index.ts). */
import type { Rule } from "../../../spec/rules/rule.js";
import { metalFit } from "./fit.js";
import { metalInterfaceNames } from "./interface-names.js";
import { metalLinks } from "./links.js";
import { metalNodes } from "./nodes.js";

export const METAL_RULES: readonly Rule[] = [metalFit, metalNodes, metalLinks, metalInterfaceNames];

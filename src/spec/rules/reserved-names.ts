import { isWindowsReservedName } from "../../base/windows-names.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A node's name is the name of its patch file, patches/nodes/<name>.yaml: a Windows device
 * name there (con, aux, nul...) makes the committed tree impossible to check out on Windows.
 */
export const reservedNames: Rule = (ctx) => {
  ctx.spec.spec.nodes.forEach((node, i) => {
    if (!isWindowsReservedName(node.name)) return;
    ctx.report({
      code: "spec/reserved-name",
      message: `node name ${quote(node.name)} is a device name on Windows, and would name the file patches/nodes/${node.name}.yaml`,
      path: specPath("nodes", i, "name"),
      hint: "Windows cannot create files called CON, PRN, AUX, NUL, COM1-9 or LPT1-9 (with any extension), so the tree could not be checked out there; choose another name",
    });
  });
};

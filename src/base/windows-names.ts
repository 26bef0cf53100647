/**
 * Names Windows reserves for devices: a file or folder called CON, PRN, AUX, NUL, COM1-9 or
 * LPT1-9, in any letter case and with any extension ("con.yaml", "Aux.tar.gz"), cannot be
 * created there, so a repository holding one fails to check out. Generated trees are committed
 * and cloned on Windows too, so a name that becomes a path segment must not be one of them.
 * Windows also counts COM and LPT with the superscript digits ¹ ² ³.
 * https://learn.microsoft.com/en-us/windows/win32/fileio/naming-a-file#naming-conventions
 */
const RESERVED = /^(?:con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3])$/i;

/** True when `segment` (one path segment) names a Windows device, with or without an extension. */
export function isWindowsReservedName(segment: string): boolean {
  const dot = segment.indexOf(".");
  // Windows also ignores trailing spaces before the extension: "con .yaml" is CON too.
  const stem = (dot === -1 ? segment : segment.slice(0, dot)).replace(/ +$/, "");
  return RESERVED.test(stem);
}

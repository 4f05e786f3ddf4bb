// Figma frame links, as the Rust core reads them (core/src/figma/link.rs): the UI only checks
// the shape to answer at once; Rust parses the link again when it imports the frame.

export interface FigmaLinkParts {
  fileKey: string;
  /** As the API writes it: `1:2`. */
  nodeId: string;
}

const KINDS = new Set(["design", "file", "proto", "board"]);

/** Whether pasted text is meant as a Figma link (then a bad one gets a message, not silence). */
export function looksLikeFigmaLink(text: string): boolean {
  return /^https?:\/\/(www\.)?figma\.com\//i.test(text.trim());
}

/** The file and node a link names, or a message saying what is wrong with it. */
export function parseFigmaLink(raw: string): FigmaLinkParts | string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return "Paste the whole Figma link, starting with https://www.figma.com/";
  }
  if (url.protocol !== "https:") return "Figma links start with https://";
  if (url.hostname !== "figma.com" && url.hostname !== "www.figma.com") return "That link does not point at figma.com";
  const segments = url.pathname.split("/").filter(Boolean);
  const [kind, key, branchWord, branchKey] = segments;
  if (!kind || !KINDS.has(kind) || !key) return "Expected a link like figma.com/design/<file>/…";
  const fileKey = branchWord === "branch" && branchKey ? branchKey : key;
  if (!/^[A-Za-z0-9]+$/.test(fileKey)) return "The file key of that Figma link is not valid";
  const node = url.searchParams.get("node-id")?.trim();
  if (!node) return "The link names no frame (no node-id): in Figma, right-click the frame → Copy link";
  const nodeId = node.replace(/-/g, ":");
  if (!/^\d+:\d+$/.test(nodeId)) return `The node-id “${node}” is not a Figma node id (like 1-2)`;
  return { fileKey, nodeId };
}

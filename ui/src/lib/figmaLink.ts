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

/** What the tray says about the node a link names, once Figma answered. */
export interface FigmaNodeNote {
  /** "Pricing" — the node's own name. */
  name: string;
  /** "Frame · 1440 × 900 · Marketing site". */
  detail: string;
  /** Why it cannot be imported (not a frame), or null. */
  problem: string | null;
}

const KIND_WORDS: Record<string, string> = {
  FRAME: "Frame",
  COMPONENT: "Component",
  COMPONENT_SET: "Component set",
  INSTANCE: "Instance",
  SECTION: "Section",
  GROUP: "Group",
  TEXT: "text layer",
  RECTANGLE: "rectangle",
  ELLIPSE: "ellipse",
  VECTOR: "vector",
  LINE: "line",
  CANVAS: "page",
  DOCUMENT: "document",
};

/** "TEXT" → "text layer"; unknown kinds in lower case ("BOOLEAN_OPERATION" → "boolean operation"). */
export function figmaKindWord(kind: string): string {
  return KIND_WORDS[kind] ?? kind.toLowerCase().replace(/_/g, " ");
}

export function figmaNodeNote(peek: { file_name: string; node_name: string; kind: string; is_frame: boolean; width?: number | null; height?: number | null }): FigmaNodeNote {
  const kind = figmaKindWord(peek.kind);
  const size = peek.width && peek.height ? `${peek.width} × ${peek.height}` : null;
  const detail = [peek.is_frame ? kind : `A ${kind}`, size, peek.file_name || null].filter(Boolean).join(" · ");
  const name = peek.node_name.trim() || "Untitled";
  const article = /^[aeiou]/i.test(kind) ? "an" : "a";
  return {
    name,
    detail,
    problem: peek.is_frame ? null : `“${name}” is ${article} ${kind}, not a frame. In Figma, right-click a frame → Copy link.`,
  };
}

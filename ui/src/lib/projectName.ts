// A project's first name: from the first file dropped, or the first words of the prompt.

export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export function projectNameFrom(fileName: string | null, prompt: string): string {
  if (fileName) {
    const stem = baseName(fileName).replace(/\.[^.]+$/, "");
    const clean = stem.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
    if (clean) return clean.slice(0, 60);
  }
  const words = prompt.replace(/\s+/g, " ").trim().split(" ").slice(0, 6).join(" ");
  const clean = words.replace(/[^\p{L}\p{N} .,'&-]/gu, "").trim();
  return clean.slice(0, 60) || "Untitled";
}

/** Join a file name to a folder path written by the OS (either separator). */
export function joinPath(folder: string, name: string): string {
  const sep = folder.includes("\\") && !folder.includes("/") ? "\\" : "/";
  return folder.endsWith(sep) ? `${folder}${name}` : `${folder}${sep}${name}`;
}

/**
 * The last `count` lines of `text`, exactly as `text.split("\n").slice(-count).join("\n")`
 * but found from the end: a streamed draft is shown this way on every frame, so the cost must
 * not grow with the draft (splitting a 300 KB page 60 times a second took most of a frame).
 */
export function tailLines(text: string, count: number): string {
  if (count <= 0) return "";
  let at = text.length;
  for (let seen = 0; seen < count; seen++) {
    // lastIndexOf treats a negative start as 0, which would find a leading newline twice.
    at = at === 0 ? -1 : text.lastIndexOf("\n", at - 1);
    if (at < 0) return text;
  }
  return text.slice(at + 1);
}

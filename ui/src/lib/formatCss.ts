// Minified CSS, laid out for reading in the code view: a rule per block, a declaration per
// line, at-rules indented. Only CSS that is packed (long lines) is touched: a stylesheet the
// model wrote one rule per line stays as it is. The text is the same CSS (strings, comments,
// url()s and values are kept byte for byte); only whitespace between tokens changes.

/** Packed: lines this long on average, or any line longer than this, are not for reading. */
const PACKED_AVERAGE = 120;
const PACKED_LINE = 300;

export function isPackedCss(css: string): boolean {
  const lines = css.split("\n").filter((l) => l.trim());
  if (lines.length === 0 || !css.includes("{")) return false;
  const average = lines.reduce((n, l) => n + l.length, 0) / lines.length;
  return average > PACKED_AVERAGE || lines.some((l) => l.length > PACKED_LINE);
}

export function formatCss(css: string, indent = ""): string {
  const out: string[] = [];
  let line = "";
  let depth = 0;
  const pad = () => indent + "  ".repeat(depth);
  const flush = () => {
    const text = line.trim();
    if (text) out.push(pad() + text);
    line = "";
  };
  let i = 0;
  let parens = 0;
  while (i < css.length) {
    const c = css.charAt(i);
    if (c === "/" && css.charAt(i + 1) === "*") {
      const end = css.indexOf("*/", i + 2);
      const stop = end < 0 ? css.length : end + 2;
      line += css.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css.charAt(j) !== c) j += css.charAt(j) === "\\" ? 2 : 1;
      line += css.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === "(") parens += 1;
    if (c === ")") parens = Math.max(0, parens - 1);
    if (parens > 0 || !"{};\n\r\t ".includes(c)) {
      line += c;
      i += 1;
      continue;
    }
    if (c === "{") {
      line = `${line.trim()} {`;
      flush();
      depth += 1;
    } else if (c === ";") {
      line += ";";
      flush();
    } else if (c === "}") {
      flush();
      depth = Math.max(0, depth - 1);
      out.push(`${pad()}}`);
    } else if (line && !line.endsWith(" ")) {
      line += " ";
    }
    i += 1;
  }
  flush();
  return out.join("\n");
}

/** A file for reading: a packed .css file, or the packed <style> blocks of an HTML file, laid
 * out; null when nothing needed it. */
export function readableCode(path: string, text: string): string | null {
  if (/\.css$/i.test(path)) return isPackedCss(text) ? `${formatCss(text)}\n` : null;
  if (!/\.html?$/i.test(path)) return null;
  const blocks = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
  if (![...text.matchAll(blocks)].some((m) => isPackedCss(m[2] ?? ""))) return null;
  return text.replace(blocks, (whole, open: string, css: string, close: string) => (isPackedCss(css) ? `${open}\n${formatCss(css, "  ")}\n${close}` : whole));
}

// What Export offers for the version on screen, the save dialog each choice opens, and what the
// app says when it is done. A multi-file project can also be built into a static site (in Rust,
// offline, the same build as `s2c build`); a one-file page is already one, so it is not offered.
import type { ExportFormat, ExportReport } from "../ipc";
import { plural } from "./sentences";

export interface ExportChoice {
  format: ExportFormat;
  label: string;
  /** One line under the label: what the choice gives. */
  hint: string | null;
}

export function exportChoices(project: boolean): ExportChoice[] {
  if (!project) {
    return [
      { format: "folder", label: "As a folder…", hint: null },
      { format: "zip", label: "As a zip file…", hint: null },
    ];
  }
  return [
    { format: "folder", label: "Project folder…", hint: "The Vite project: npm install, then npm run build" },
    { format: "zip", label: "Project as a zip file…", hint: "The same project, in one file" },
    { format: "static_site", label: "Static site…", hint: "Built and ready to upload to any static host" },
  ];
}

interface SaveOptions {
  title: string;
  defaultPath: string;
  filters?: { name: string; extensions: string[] }[];
}

/** The save dialog of a choice, for a project named `safe` (file-name safe). */
export function exportDialog(format: ExportFormat, safe: string): SaveOptions {
  switch (format) {
    case "zip":
      return { title: "Export as a zip file", defaultPath: `${safe}.zip`, filters: [{ name: "Zip", extensions: ["zip"] }] };
    case "static_site":
      return { title: "Build the static site into a new folder", defaultPath: `${safe}-site` };
    case "folder":
      return { title: "Export to a new folder", defaultPath: `${safe}-export` };
  }
}

/** What the app says once the export is written. */
export function exportedMessage(format: ExportFormat, report: ExportReport): string {
  if (format === "static_site") {
    return `Built the static site (${plural(report.files, "file")}) in ${report.path}. Upload that folder to any static host that answers unknown paths with index.html (Netlify, Vercel, nginx); 404.html is the same page for hosts that serve that instead, like GitHub Pages.`;
  }
  const warnings = report.warnings.length ? ` (${plural(report.warnings.length, "warning")}: ${report.warnings[0] ?? ""})` : "";
  return `Exported ${plural(report.files, "file")} to ${report.path}${warnings}`;
}

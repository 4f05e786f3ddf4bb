// A project opened in the UI with one stored, scored option whose page runs the real bridge:
// what the tests of the working view, the score, colours and the Desktop preview start from.
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { appInfo, firstVersion, models, PIXEL_PNG, project, scoreReport, settings, variantInfo } from "./fixtures";
import { mockIpc, previewsDrawn, servePreviews } from "./mockIpc";

export const BRIDGE = readFileSync("../src-tauri/src/preview/bridge.js", "utf8");
export const HASH = "abc123";

/** A plain-CSS page, packed on few lines as minified CSS is, with element ids and the bridge. */
export const PAGE = `<!doctype html><html data-s2c-node="0"><head data-s2c-node="1"><style data-s2c-node="2">body{margin:0;font-family:sans-serif;background:#f8fafc}.hero{padding:40px 48px}h1{font-size:48px;margin:0 0 16px;color:#0f172a}.cta{display:inline-block;margin-top:24px;padding:14px 28px;border-radius:10px;background:#0f766e;color:#fff}.palette{display:flex;gap:8px;margin:24px 48px}.swatch{width:80px;height:80px}</style></head>
<body data-s2c-node="3"><section data-s2c-node="4" class="hero"><h1 data-s2c-node="5">Ship pages faster</h1><a data-s2c-node="6" class="cta" style="position:absolute;left:48px;top:330px;width:94px">Get started</a></section>
<div data-s2c-node="7" class="palette"><div data-s2c-node="8" class="swatch" style="background:#e11d48;position:absolute;left:600px;top:400px"></div></div>
<script data-s2c-source="${HASH}">${BRIDGE}</script></body></html>`;

export const v1 = firstVersion([1], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"])]);

/** What Rust answers for the project `landing` opened from the recent list, version 1 current. */
export function openedProjectAnswers(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: models,
    project_list_recent: [{ id: "p1", name: "landing", path: project.path, opened_at: Date.now() - 120_000, exists: true, thumbnail: null }],
    project_open: { ...project, current_version: 1 },
    project_versions: { current_version: 1, versions: [v1] },
    project_inputs: [{ id: 1, path: "inputs/landing.png", media_type: "image/png", size: 1000, width: 1440, height: 900 }],
    project_external_changes: [],
    project_events: [],
    project_version_thumbnails: [],
    project_variant_thumbnails: [],
    project_read_file: { path: "index.html", text: PAGE, size: PAGE.length },
    variant_scores: [{ variant_id: 11, input_id: 1, total: 86.6, report: scoreReport(86.6) }],
    variant_score_images: { screenshot: PIXEL_PNG, render: PIXEL_PNG, diff: PIXEL_PNG },
    ...extra,
  };
}

export async function openScoredProject(page: Page, extra: Record<string, unknown> = {}, viewport = { width: 1440, height: 900 }) {
  await mockIpc(page, openedProjectAnswers(extra));
  await servePreviews(page, new Map([["p/p1/1/11/index.html", PAGE]]));
  await page.setViewportSize(viewport);
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();
  await previewsDrawn(page);
  await expect(page.getByTestId("fidelity-score")).toBeVisible();
}

/** The preview's page, for clicking inside it (at 100 %: Playwright misplaces clicks in a scaled cross-origin frame). */
export function previewFrame(page: Page) {
  return page.frameLocator('[data-testid="preview-frame"]');
}

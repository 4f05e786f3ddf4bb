// Answers shared by the UI tests: what a fresh install with one key would report.
import { expect, type Page } from "@playwright/test";
import { channelOf, mockIpc, servePreviews } from "./mockIpc";

export const appInfo = {
  name: "Screenshot to Code",
  version: "9.9.9",
  os: "linux",
  arch: "x86_64",
  profile: "debug",
  capabilities: { chromium_path: "/usr/bin/chromium" },
};

export const settings = {
  default_stack: "html_tailwind",
  variants: { count: 2, models: [] },
  custom_providers: [],
  base_urls: { openai: null, anthropic: null, gemini: null, replicate: null, figma: null, netlify: null, vercel: null, github: null, cloudflare: null },
  budget_per_variant_usd: 1,
  fidelity_rounds: 2,
  image_generation: true,
  asset_extraction: true,
  chromium_path: null,
  theme: "light",
  design_systems: [{ name: "Brand", text: "Primary #0f766e" }],
  updates: { check_automatically: false, channel: "stable" },
};

export const models = [
  { id: "gpt-5", provider: "openai", label: "GPT-5", vision: true, video: false, has_key: true },
  { id: "claude-sonnet-4-5", provider: "anthropic", label: "Claude Sonnet 4.5", vision: true, video: false, has_key: true },
  { id: "gemini-2.5-pro", provider: "gemini", label: "Gemini 2.5 Pro", vision: true, video: true, has_key: false },
  { id: "ollama:qwen2.5-vl", provider: "ollama", label: "qwen2.5-vl (ollama)", vision: true, video: false, has_key: false },
];

export const project = { id: "p1", name: "landing", path: "/home/me/S2C Projects/landing", created_at: 1_700_000_000_000, current_version: null };


/** What the start screen asks on a fresh install, and a project made for a generation. */
export function startAnswers(): Record<string, unknown> {
  return {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: models,
    project_list_recent: [],
    project_create: project,
    project_versions: { current_version: null, versions: [] },
    project_external_changes: [],
    project_events: [],
  };
}

export const usage = (input: number, output: number) => ({ input_tokens: input, cached_input_tokens: 0, cache_write_tokens: 0, output_tokens: output, reasoning_tokens: 0 });

export function variantInfo(id: number, versionId: number, index: number, model: string, provider: string, status: string, files: string[]) {
  return {
    id,
    version_id: versionId,
    index,
    model,
    provider,
    status,
    error: null,
    usage: { input_tokens: 1000, output_tokens: 500, cache_read_tokens: 0, cache_write_tokens: 0 },
    cost_usd: 0.042,
    started_at: 1_700_000_000_000,
    finished_at: 1_700_000_034_000,
    files: files.map((path) => ({ path, size: 1200 })),
    drafts: [],
  };
}

/** Version 1 of a project: a generation from `inputs`, its first option (variant 11) selected. */
export function firstVersion(inputs: number[], variants: ReturnType<typeof variantInfo>[]) {
  return {
    id: 1,
    parent_id: null,
    kind: "generation",
    prompt: null,
    stack: "html_tailwind",
    created_at: Date.now() - 60_000,
    selected_variant: 11,
    source: null,
    inputs,
    variants,
  };
}

/** On the start screen: a real-looking screenshot dropped in as `landing.png`, two options picked. */
export async function dropScreenshotForTwo(ui: Page) {
  await ui.setViewportSize({ width: 1440, height: 900 });
  await ui.setContent(page("Acme", "#4f46e5"));
  const shot = await ui.screenshot();
  await ui.goto("/");
  await ui.getByTestId("file-input").setInputFiles({ name: "landing.png", mimeType: "image/png", buffer: shot });
  await expect(ui.getByTestId("input-tray").getByText("landing.png")).toBeVisible();
  await ui.getByRole("radio", { name: "2" }).click();
}

export function page(title: string, colour: string): string {
  return `<!doctype html><html><head><style>
    body{margin:0;font-family:system-ui,sans-serif;color:#0f172a}
    header{display:flex;justify-content:space-between;align-items:center;padding:20px 48px;background:${colour};color:white}
    nav a{color:white;margin-left:24px;text-decoration:none;opacity:.9}
    .hero{padding:80px 48px;background:linear-gradient(180deg,#f8fafc,#e2e8f0)}
    h1{font-size:56px;margin:0 0 16px;letter-spacing:-1px} p{font-size:20px;color:#475569;max-width:640px}
    .cta{display:inline-block;margin-top:24px;padding:14px 28px;border-radius:10px;background:${colour};color:white;font-weight:600}
    .grid{display:grid;grid-template-columns:repeat(3,1fr);gap:24px;padding:48px}
    .card{border-radius:16px;background:white;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:28px;height:140px}
  </style></head><body>
  <header><strong>${title}</strong><nav><a>Product</a><a>Pricing</a><a>Docs</a></nav></header>
  <section class="hero"><h1>Ship pages faster</h1><p>Turn any screenshot into clean, responsive code with a team of AI agents.</p><span class="cta">Get started</span></section>
  <section class="grid"><div class="card">Fast</div><div class="card">Private</div><div class="card">Offline</div></section>
  </body></html>`;
}

/** What generation_start answers: two variants, OpenAI and Anthropic. */
export const startedTwo = (generationId: number) => ({
  generation_id: generationId,
  version_id: 1,
  variants: [
    { index: 0, variant_id: 11, provider: "openai", model: "gpt-5" },
    { index: 1, variant_id: 12, provider: "anthropic", model: "claude-sonnet-4-5" },
  ],
  pictures: false,
});

/** A stored fidelity report (what `variant_scores` answers): two differences, named by element. */
export function scoreReport(total: number) {
  return {
    total,
    components: { block: 98, position: 95, visual: 90, color: 80, text: null },
    weights: { block: 0.3, position: 0.2, visual: 0.3, color: 0.2, text: 0 },
    notes: ["text not compared: the screenshot's text is unknown"],
    screenshot: { width: 1440, height: 900 },
    rendered: { width: 1440, height: 900 },
    blocks: { reference: 10, candidate: 10, matched: 9 },
    regions: [
      {
        kind: "color",
        screenshot_box: { x: 48, y: 330, width: 150, height: 50 },
        page_box: { x: 48, y: 330, width: 150, height: 50 },
        description: "colour: at 150×50 px at (48, 330) the screenshot has background #4f46e5 where the page has background #0f766e",
        summary: "background #0f766e instead of background #4f46e5",
        element: "the link “Get started”",
        cost: 2.6,
      },
      {
        kind: "missing",
        screenshot_box: { x: 1200, y: 20, width: 200, height: 30 },
        page_box: null,
        description: "missing: the screenshot has content here (200×30 px at (1200, 20)) that the page does not show",
        summary: "missing",
        element: null,
        cost: 0.8,
      },
    ],
    metric: 2,
    elapsed_ms: 900,
  };
}

/** A 1×1 PNG as a data URL: stands for the score's pictures. */
export const PIXEL_PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** From the start screen: two options asked for a dropped screenshot, the project open and
 *  waiting for their events (on `channel`); previews are served from `previews`. */
export async function generateTwo(ui: Page, answers: Record<string, unknown>): Promise<{ channel: number; previews: Map<string, string> }> {
  const previews = new Map<string, string>();
  await mockIpc(ui, answers);
  await servePreviews(ui, previews);
  await dropScreenshotForTwo(ui);
  await ui.getByRole("button", { name: /Generate/ }).click();
  await expect(ui.getByTestId("project-name")).toHaveText("landing");
  return { channel: await channelOf(ui, "generation_start"), previews };
}

/** Both options of `generateTwo` started, the first writing index.html (`text` of it so far);
 *  `ev` numbers the events. */
export function firstWrites(ev: (variant: number, body: Record<string, unknown>) => unknown, text: string): unknown[] {
  return [
    ev(0, { type: "started", provider: "openai", model: "gpt-5" }),
    ev(1, { type: "started", provider: "anthropic", model: "claude-sonnet-4-5" }),
    ev(0, { type: "tool_start", call_id: "a", name: "create_file", title: "Creating index.html" }),
    ev(0, { type: "code_delta", call_id: "a", path: "index.html", text }),
  ];
}

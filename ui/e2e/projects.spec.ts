// Projects (issue 33) as a designer meets them: the React + Vite stacks offered, each page of the
// tray named (from its file name, editable, its route beside it) and sent with Generate; a
// project option's card lists its pages; the preview's page picker opens a route and follows
// the page when it navigates itself; the code view's file tree opens, protects and saves files.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { firstVersion, page as samplePage, scoreReport, startAnswers, startedTwo, variantInfo } from "./fixtures";
import { ipcCalls, mockIpc, servePreviews } from "./mockIpc";
import { openedProjectAnswers } from "./projectFixture";

const ART = "e2e/artifacts";
const BRIDGE = readFileSync("../src-tauri/src/preview/bridge.js", "utf8");
const width = (css: number) => ({ pixels: css, dpr: 1, css, breakpoint: css < 640 ? "mobile" : css < 1024 ? "tablet" : "desktop" });

test("on a project stack the tray names each page, the user renames one, and Generate sends the pages", async ({ page }) => {
  await mockIpc(page, {
    ...startAnswers(),
    project_add_input_data: { __sequence: [1, 2, 3].map((id) => ({ id, path: `inputs/${String(id)}.png`, media_type: "image/png", size: 1000 })) },
    tray_widths: { widths: [width(1440), width(1440), width(390)], groups: [[1, 2]] },
    generation_start: startedTwo(7),
  });
  await servePreviews(page, new Map());
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.setContent(samplePage("Acme", "#4f46e5"));
  const shot = await page.screenshot();
  await page.goto("/");
  await page.getByTestId("file-input").setInputFiles([
    { name: "landing.png", mimeType: "image/png", buffer: shot },
    { name: "pricing-desktop.png", mimeType: "image/png", buffer: shot },
    { name: "pricing-mobile.png", mimeType: "image/png", buffer: shot },
  ]);
  const tray = page.getByTestId("input-tray");
  await expect(tray.getByTestId("input-group-label")).toHaveText("Pricing: desktop 1440, mobile 390");
  // A single-file stack: no page names, as before.
  await expect(page.getByTestId("page-name")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "New page" })).toBeVisible();

  await page.getByLabel("Stack").selectOption({ label: "React + Vite (project)" });
  await expect(page.getByRole("heading", { name: "New site" })).toBeVisible();
  await expect(page.getByTestId("pages-hint")).toBeVisible();
  const names = page.getByTestId("page-name");
  await expect(names).toHaveCount(2);
  await expect(names.nth(0).getByRole("textbox")).toHaveValue("Landing");
  await expect(names.nth(1).getByRole("textbox")).toHaveValue("Pricing");
  await expect(names.getByTestId("page-route")).toHaveText(["/", "/pricing"]);
  await page.screenshot({ path: `${ART}/project-tray-pages.png` });

  // Renamed, the route follows; emptied, the default comes back.
  const pricing = page.getByRole("textbox", { name: "Page name of pricing-desktop.png" });
  await pricing.fill("Plans and prices");
  await expect(names.getByTestId("page-route")).toHaveText(["/", "/plans-and-prices"]);
  await expect(tray.getByTestId("input-group-label")).toHaveText("Plans and prices: desktop 1440, mobile 390");
  await pricing.fill("");
  await expect(names.getByTestId("page-route")).toHaveText(["/", "/pricing"]);
  await pricing.fill("Plans");
  await page.screenshot({ path: `${ART}/project-tray-renamed.png` });

  await page.getByRole("button", { name: /Generate/ }).click();
  await expect(page.getByTestId("project-name")).toHaveText("landing");
  const start = (await ipcCalls(page)).find((c) => c.cmd === "generation_start")?.args as { request: { stack: string; pages: unknown } };
  expect(start.request.stack).toBe("react_vite");
  // Each page once, in order: the two widths of Plans are one page.
  expect(start.request.pages).toEqual([
    { name: "Landing", route: "/" },
    { name: "Plans", route: "/plans" },
  ]);
});

const FILES = ["index.html", "package.json", "public/logo.png", "src/App.tsx", "src/main.tsx", "src/pages/Home.tsx", "src/pages/Pricing.tsx"];
const ROUTES = {
  routes: [
    { path: "/", name: "Home", file: "src/pages/Home.tsx" },
    { path: "/pricing", name: "Pricing", file: "src/pages/Pricing.tsx" },
  ],
  hash: false,
};

/** A tiny client-side routed site: what a project's index.html does in the preview. */
const SITE = `<!doctype html><html><head><script>${BRIDGE}</script><style>body{font-family:system-ui,sans-serif;margin:0}nav{display:flex;gap:16px;padding:16px 32px;background:#0f766e}nav a{color:white}h1{padding:48px 32px;font-size:48px}</style></head>
<body><nav><a href="/" id="to-home">Home</a><a href="/pricing" id="to-pricing">Pricing</a></nav><h1 id="title"></h1><script>
function render(){ document.getElementById("title").textContent = /\\/pricing$/.test(location.pathname) ? "Pricing page" : "Home page"; }
for (const a of document.querySelectorAll("nav a")) a.addEventListener("click", (e) => { e.preventDefault(); history.pushState({}, "", a.id === "to-pricing" ? "pricing" : "index.html"); render(); });
addEventListener("popstate", render);
render();
</script></body></html>`;

async function openProjectStack(page: Page, extra: Record<string, unknown> = {}) {
  const version = { ...firstVersion([1], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", FILES), variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "complete", FILES)]), stack: "react_vite" };
  await mockIpc(page, openedProjectAnswers({ project_versions: { current_version: 1, versions: [version] }, variant_scores: [], variant_routes: ROUTES, ...extra }));
  const site = new Map<string, string>();
  for (const variant of [11, 12]) for (const path of ["index.html", "pricing"]) site.set(`p/p1/1/${String(variant)}/${path}`, SITE);
  await servePreviews(page, site);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();
}

const preview = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

test("where the app shows pages in a view of its own, a stored project's page stays in a frame, where its links are followed", async ({ page }) => {
  await openProjectStack(page, { native_preview_available: true, native_preview_show: null, native_preview_hide: null, native_preview_refresh: null });
  await expect(preview(page).locator("#title")).toHaveText("Home page");
  await expect(page.getByTestId("native-preview")).toHaveCount(0);
  // (dispatched: Playwright misplaces clicks in a scaled cross-origin frame)
  await preview(page).locator("#to-pricing").dispatchEvent("click");
  await expect(page.getByRole("combobox", { name: "Page", exact: true })).toHaveValue("/pricing");
  expect((await ipcCalls(page)).filter((c) => c.cmd === "native_preview_show")).toHaveLength(0);
});

test("a project option's card lists its pages; the page picker opens a route and follows the page's own links", async ({ page }) => {
  await openProjectStack(page);
  await expect(page.getByTestId("variant-card-0").getByTestId("variant-routes")).toHaveText("2 pages · Home, Pricing");
  const asked = (await ipcCalls(page)).filter((c) => c.cmd === "variant_routes").map((c) => c.args);
  expect(asked).toContainEqual({ variant: { kind: "stored", project_id: "p1", version_id: 1, variant_id: 11 } });

  const picker = page.getByRole("combobox", { name: "Page", exact: true });
  await expect(picker).toHaveValue("/");
  await expect(picker.getByRole("option")).toHaveText(["Home — /", "Pricing — /pricing"]);
  await expect(preview(page).locator("#title")).toHaveText("Home page");

  // Picked: the preview loads the route.
  await picker.selectOption("/pricing");
  await expect(preview(page).locator("#title")).toHaveText("Pricing page");
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/p\/p1\/1\/11\/pricing$/);
  await page.screenshot({ path: `${ART}/project-route-picker.png` });

  // Back home from the picker, then a link in the page: the picker follows, nothing reloads.
  await picker.selectOption("/");
  await expect(preview(page).locator("#title")).toHaveText("Home page");
  const before = await page.getByTestId("preview-frame").getAttribute("src");
  // (dispatched: Playwright misplaces clicks in a scaled cross-origin frame)
  await preview(page).locator("#to-pricing").dispatchEvent("click");
  await expect(preview(page).locator("#title")).toHaveText("Pricing page");
  await expect(picker).toHaveValue("/pricing");
  expect(await page.getByTestId("preview-frame").getAttribute("src")).toBe(before);

  // The other option opens on the same page.
  await page.getByTestId("variant-card-1").click();
  await expect(picker).toHaveValue("/pricing");
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/p\/p1\/1\/12\/pricing$/);
  await expect(preview(page).locator("#title")).toHaveText("Pricing page");
  await page.screenshot({ path: `${ART}/project-route-followed.png` });
});

test("the code view of a project has its file tree: open, read-only app files, not-text files, edit and save", async ({ page }) => {
  const text = (path: string, body: string) => ({ path, text: body, size: body.length });
  await openProjectStack(page, {
    project_read_file: {
      __sequence: [
        text("src/App.tsx", 'import { Routes, Route } from "react-router-dom";\nexport default function App() {\n  return <Routes />;\n}\n'),
        text("package.json", '{\n  "name": "landing",\n  "private": true\n}\n'),
        text("src/pages/Pricing.tsx", "export default function Pricing() {\n  return <h1>Pricing</h1>;\n}\n"),
      ],
    },
    project_save_file: { ...firstVersion([1], []), id: 2, parent_id: 1, kind: "manual" },
  });
  await page.getByRole("tab", { name: "Code" }).click();
  const tree = page.getByTestId("file-tree");
  await expect(tree).toBeVisible();
  await expect(tree.getByRole("treeitem")).toHaveText([/public/, /logo\.png/, /src/, /pages/, /Home\.tsx/, /Pricing\.tsx/, /App\.tsx/, /main\.tsx/, /index\.html/, /package\.json/]);
  // The App opens first.
  await expect(page.getByTestId("code-path")).toHaveText("src/App.tsx");
  await expect(page.locator(".cm-content")).toContainText("export default function App()");

  // The app's own file: read-only, with the reason, no Save.
  await tree.getByTestId("file-package.json").click();
  await expect(page.getByTestId("read-only-reason")).toContainText("Read-only. The app writes this file");
  await expect(page.locator(".cm-content")).toContainText('"private": true');
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await page.screenshot({ path: `${ART}/project-code-app-file.png` });

  // An image: named, not shown as text.
  await tree.getByTestId("file-public/logo.png").click();
  await expect(page.getByTestId("not-text")).toContainText("public/logo.png is not a text file");

  // A page of the tree: edit, Ctrl+S saves that file as a new version.
  await tree.getByTestId("file-src/pages/Pricing.tsx").click();
  const editor = page.locator(".cm-content");
  await expect(editor).toContainText("<h1>Pricing</h1>");
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("// by hand");
  await expect(page.getByText("Unsaved")).toBeVisible();
  // Another file cannot be opened over an unsaved edit.
  await tree.getByTestId("file-src/App.tsx").click();
  await expect(page.getByTestId("code-path")).toHaveText("src/pages/Pricing.tsx");
  await expect(page.getByTestId("toast")).toContainText("Save your changes to src/pages/Pricing.tsx first");
  await page.screenshot({ path: `${ART}/project-code-tree.png` });
  await editor.click();
  await page.keyboard.press("Control+s");
  await expect.poll(async () => (await ipcCalls(page)).find((c) => c.cmd === "project_save_file")?.args).toEqual({
    projectId: "p1",
    baseVersionId: 1,
    variantId: 11,
    path: "src/pages/Pricing.tsx",
    content: "export default function Pricing() {\n  return <h1>Pricing</h1>;\n}\n// by hand",
  });
  await expect(page.getByTestId("toast")).toContainText("Saved src/pages/Pricing.tsx");
});

test("a site's option shows each page's score with the lowest marked; an option not scored shows none", async ({ page }) => {
  const pages = [
    { name: "Home", route: "/", total: 94.2, widths: [{ input_id: 1, width: width(1440), total: 94.2 }, { input_id: 3, width: width(390), total: 96 }] },
    { name: "Pricing", route: "/pricing", total: 71.3, widths: [] },
  ];
  await openProjectStack(page, {
    // Option 2 was not scored (a version no screenshot stands behind): no number, never 0.
    variant_scores: [{ variant_id: 11, input_id: 2, total: 71.3, report: scoreReport(71.3), widths: [], pages }],
  });
  const card = page.getByTestId("variant-card-0");
  await expect(card.getByTestId("variant-score")).toHaveText("71");
  const listed = card.getByTestId("variant-page-scores").getByTestId("page-score");
  await expect(listed).toHaveText(["Home 94", "Pricing 71"]);
  await expect(listed.nth(1)).toHaveAttribute("data-lowest", "true");
  await expect(listed.nth(0)).not.toHaveAttribute("data-lowest", "true");
  await expect(listed.nth(0)).toHaveAttribute("title", /Fidelity of Home \(\/\), the lowest of desktop 1440 94, mobile 390 96/);
  await expect(card.getByTestId("variant-width-scores")).toHaveCount(0);
  const other = page.getByTestId("variant-card-1");
  await expect(other.getByTestId("variant-routes")).toBeVisible();
  await expect(other.getByTestId("variant-score")).toHaveCount(0);
  await expect(other.getByTestId("variant-page-scores")).toHaveCount(0);
  const button = page.getByTestId("fidelity-score");
  await expect(button).toContainText("Fidelity 71");
  await expect(button.getByTestId("page-score")).toHaveText(["Home 94", "Pricing 71"]);
  await button.click();
  await expect(page.getByTestId("fidelity-page")).toHaveCount(2);
  await expect(page.getByTestId("fidelity-pages")).toContainText("The differences below are on Pricing (/pricing).");
  await page.screenshot({ path: `${ART}/project-page-scores.png` });
  // A difference is on the lowest page: the preview goes there to point it out.
  const picker = page.getByRole("combobox", { name: "Page", exact: true });
  await expect(picker).toHaveValue("/");
  await page.getByTestId("fidelity-panel").getByTestId("fidelity-difference").nth(0).click();
  await expect(picker).toHaveValue("/pricing");
  await expect(preview(page).locator("#title")).toHaveText("Pricing page");
  await expect(preview(page).locator("[data-s2c-highlight]")).toBeVisible();
  // The width menu asks for the widths of the page on show.
  await expect
    .poll(async () => (await ipcCalls(page)).filter((c) => c.cmd === "project_widths").map((c) => (c.args as { route: string | null }).route))
    .toContain("/pricing");
  await page.getByTestId("variant-card-1").click();
  await expect(page.getByTestId("fidelity-score")).toHaveCount(0);
});

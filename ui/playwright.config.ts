import { defineConfig } from "@playwright/test";

// UI tests run the built UI (vite preview) in Debian's Chromium with the Tauri IPC mocked.
// Playwright cannot download its own browsers here; CHROMIUM_PATH overrides the default.
// S2C_UI_TEST_PORT lets two checkouts run these tests at once on one machine.
const port = Number(process.env.S2C_UI_TEST_PORT ?? 1421);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // Build first, so the tests never run a stale UI.
    command: `npm run build && npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});

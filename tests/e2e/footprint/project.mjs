// What the history and options parts start from: the app on a mock vendor that writes Tailwind
// pages of `pageKb`, at once, with a new project named `name` in the app's home.
import { join } from "node:path";
import { invokeInPage, launchOnMockOpenAi } from "../harness.mjs";
import { startMockVendor } from "../mock-vendor.mjs";
import { tailwindPage } from "../tailwind-page.mjs";

/** {vendor, app, projectId}: the caller closes the app, then the vendor. */
export async function appWithProject(name, { pageKb, tailwind, chunkSize, key }) {
  const vendor = await startMockVendor({ delayMs: () => 0, chunkSize, page: (model) => tailwindPage({ kb: pageKb, label: `by ${model}`, tailwind }) });
  let app = null;
  try {
    app = await launchOnMockOpenAi(vendor.url, key);
    await app.browser.setTimeout({ script: 120_000 });
    const created = await invokeInPage(app.browser, "project_create", { name, parentDir: join(app.home, "projects") });
    if (!created.ok) throw new Error(`project_create failed: ${JSON.stringify(created)}`);
    return { vendor, app, projectId: created.ok.id };
  } catch (error) {
    await app?.close();
    await vendor.close();
    throw error;
  }
}

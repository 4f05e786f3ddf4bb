import type { Page } from "@playwright/test";

export interface IpcCall {
  cmd: string;
  args: unknown;
}

type Handlers = Record<string, unknown>;

/**
 * Stand in for the Rust side before the page loads: every `invoke` is recorded in
 * `window.__ipcCalls` and answered from `responses` (a value, or `{__error: {code, message}}`
 * to reject the way a Rust command error does).
 */
export async function mockIpc(page: Page, responses: Handlers): Promise<void> {
  await page.addInitScript((answers: Handlers) => {
    const calls: IpcCall[] = [];
    Object.assign(window, {
      __ipcCalls: calls,
      __TAURI_INTERNALS__: {
        // Tauri rejects with the command's error value ({code, message}), not an Error.
        /* eslint-disable @typescript-eslint/prefer-promise-reject-errors */
        invoke: (cmd: string, args: unknown) => {
          calls.push({ cmd, args });
          if (!(cmd in answers)) return Promise.reject({ code: "internal", message: `unmocked command ${cmd}` });
          const answer = answers[cmd] as { __error?: unknown } | undefined;
          if (answer && typeof answer === "object" && "__error" in answer) return Promise.reject(answer.__error);
          return Promise.resolve(answer);
        },
        /* eslint-enable @typescript-eslint/prefer-promise-reject-errors */
        transformCallback: () => 0,
        metadata: { currentWindow: { label: "main" }, currentWebview: { label: "main", windowLabel: "main" } },
      },
    });
  }, responses);
}

export async function ipcCalls(page: Page): Promise<IpcCall[]> {
  return page.evaluate(() => (window as unknown as { __ipcCalls: IpcCall[] }).__ipcCalls);
}

import { expect, type Page } from "@playwright/test";

export interface IpcCall {
  cmd: string;
  args: unknown;
}

type Handlers = Record<string, unknown>;

/**
 * Stand in for the Rust side before the page loads: every `invoke` is recorded in
 * `window.__ipcCalls` (arguments as JSON, so a Channel shows as "__CHANNEL__:<id>") and answered
 * from `responses`: a value, `{__error: {code, message}}` to reject the way a Rust command error
 * does, `{__sequence: [a, b, …]}` for successive answers (the last one repeats), or
 * `{__deferred: true}` for an answer the test gives later with `settle` (a long command).
 *
 * Channels and events work like Tauri's: `transformCallback` registers the callback under an id;
 * `sendOnChannel` delivers `{index, message}` to a Channel's callback and `emitEvent` calls the
 * listeners `plugin:event|listen` registered. Previews are served from a routed http origin
 * (see `servePreviews`).
 */
export async function mockIpc(page: Page, responses: Handlers): Promise<void> {
  await page.addInitScript((answers: Handlers) => {
    const calls: IpcCall[] = [];
    const callbacks = new Map<number, (payload: unknown) => void>();
    const listeners: { event: string; handler: number }[] = [];
    const channelIndex = new Map<number, number>();
    const sequences = new Map<string, number>();
    const deferred = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
    let nextId = 1;
    Object.assign(window, {
      __ipcCalls: calls,
      __ipcAnswers: answers,
      __sendOnChannel: (channel: number, messages: unknown[]) => {
        const cb = callbacks.get(channel);
        if (!cb) throw new Error(`no channel ${channel}`);
        for (const message of messages) {
          const index = channelIndex.get(channel) ?? 0;
          channelIndex.set(channel, index + 1);
          cb({ index, message });
        }
      },
      __settle: (cmd: string, value: unknown) => {
        const waiting = deferred.get(cmd);
        if (!waiting) throw new Error(`no ${cmd} is waiting`);
        deferred.delete(cmd);
        if (value && typeof value === "object" && "__error" in value) waiting.reject(value.__error);
        else waiting.resolve(value);
      },
      __emitEvent: (event: string, payload: unknown) => {
        for (const l of listeners.filter((x) => x.event === event)) callbacks.get(l.handler)?.({ event, id: l.handler, payload });
      },
      __TAURI_INTERNALS__: {
        // Tauri rejects with the command's error value ({code, message}), not an Error.
        /* eslint-disable @typescript-eslint/prefer-promise-reject-errors */
        invoke: (cmd: string, args: unknown) => {
          const recorded: unknown = args === undefined ? undefined : JSON.parse(JSON.stringify(args));
          calls.push({ cmd, args: recorded });
          if (cmd === "plugin:event|listen") {
            const { event, handler } = args as { event: string; handler: number };
            listeners.push({ event, handler });
            return Promise.resolve(handler);
          }
          if (cmd === "plugin:event|unlisten") return Promise.resolve(null);
          // Preview URLs carry tokens Rust mints; here they name the variant plainly, on the
          // routed origin servePreviews answers.
          const origin = `${location.origin}/__preview`;
          if (cmd === "preview_url" && !(cmd in answers)) {
            const a = args as { projectId: string; versionId: number; variantId: number };
            return Promise.resolve(`${origin}/p/${encodeURIComponent(a.projectId)}/${a.versionId}/${a.variantId}/index.html`);
          }
          if ((cmd === "generation_start" || cmd === "generation_retry") && cmd in answers) {
            const started = answers[cmd] as { generation_id?: number; variants?: { index: number; preview_url?: string }[]; __error?: unknown } | null;
            if (started && !("__error" in started) && Array.isArray(started.variants)) {
              return Promise.resolve({
                ...started,
                variants: started.variants.map((v) => ({ ...v, preview_url: v.preview_url ?? `${origin}/live/${started.generation_id}/${v.index}/index.html` })),
              });
            }
          }
          if (!(cmd in answers)) return Promise.reject({ code: "internal", message: `unmocked command ${cmd}` });
          let answer = answers[cmd] as { __error?: unknown; __sequence?: unknown[] } | undefined;
          if (answer && typeof answer === "object" && Array.isArray(answer.__sequence)) {
            const i = sequences.get(cmd) ?? 0;
            sequences.set(cmd, i + 1);
            answer = answer.__sequence[Math.min(i, answer.__sequence.length - 1)] as typeof answer;
          }
          if (answer && typeof answer === "object" && "__error" in answer) return Promise.reject(answer.__error);
          if (answer && typeof answer === "object" && "__deferred" in answer) {
            return new Promise((resolve, reject) => {
              deferred.set(cmd, { resolve, reject });
            });
          }
          return Promise.resolve(answer);
        },
        /* eslint-enable @typescript-eslint/prefer-promise-reject-errors */
        transformCallback: (callback: (payload: unknown) => void) => {
          const id = nextId++;
          callbacks.set(id, callback);
          return id;
        },
        unregisterCallback: (id: number) => {
          callbacks.delete(id);
        },
        metadata: { currentWindow: { label: "main" }, currentWebview: { label: "main", windowLabel: "main" } },
      },
    });
  }, responses);
}

export async function ipcCalls(page: Page): Promise<IpcCall[]> {
  return page.evaluate(() => (window as unknown as { __ipcCalls: IpcCall[] }).__ipcCalls);
}

/** Change what a command answers from now on. */
export async function setAnswer(page: Page, cmd: string, value: unknown): Promise<void> {
  await page.evaluate(([c, v]) => {
    (window as unknown as { __ipcAnswers: Record<string, unknown> }).__ipcAnswers[c] = v;
  }, [cmd, value] as const);
}

/** Answer the waiting call of a `{__deferred: true}` command (`{__error}` rejects it). */
export async function settle(page: Page, cmd: string, value: unknown): Promise<void> {
  await page.evaluate(([c, v]) => {
    (window as unknown as { __settle: (c: string, v: unknown) => void }).__settle(c, v);
  }, [cmd, value] as const);
}

/** The id of the Channel passed as `onEvent` (or `argName`) to the last call of `cmd`. */
export async function channelOf(page: Page, cmd: string, argName = "onEvent"): Promise<number> {
  const call = (await ipcCalls(page)).filter((c) => c.cmd === cmd).pop();
  const ref = (call?.args as Record<string, string> | undefined)?.[argName] ?? "";
  const id = Number(/^__CHANNEL__:(\d+)$/.exec(ref)?.[1]);
  if (!Number.isFinite(id)) throw new Error(`no channel in ${cmd}`);
  return id;
}

export async function sendOnChannel(page: Page, channel: number, messages: unknown[]): Promise<void> {
  await page.evaluate(([c, m]) => {
    (window as unknown as { __sendOnChannel: (c: number, m: unknown[]) => void }).__sendOnChannel(c, m);
  }, [channel, messages] as const);
}

export async function emitEvent(page: Page, event: string, payload: unknown): Promise<void> {
  await page.evaluate(([e, p]) => {
    (window as unknown as { __emitEvent: (e: string, p: unknown) => void }).__emitEvent(e, p);
  }, [event, payload] as const);
}

/** Serve preview URLs (`/__preview/live/<gen>/<index>/…`, `/__preview/p/…`) from `pages`, keyed by the path after /__preview/. */
export async function servePreviews(page: Page, pages: Map<string, string>): Promise<void> {
  await page.route("**/__preview/**", async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/__preview\//, "");
    const body = pages.get(path) ?? pages.get(path.replace(/\/[^/]+$/, "/*")) ?? "<!doctype html><p>Nothing here</p>";
    // As the app's scheme does: a sandboxed page (an opaque origin) may fetch its own address.
    await route.fulfill({ status: 200, contentType: "text/html", headers: { "Access-Control-Allow-Origin": "*" }, body });
  });
}

/**
 * Wait until every preview frame on the page has loaded and drawn its body, then for two
 * animation frames: what a screenshot for the README needs, instead of a fixed pause.
 */
export async function previewsDrawn(page: Page, timeout = 10_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const frames = page.frames().filter((f) => f !== page.mainFrame());
        const drawn = await Promise.all(
          frames.map((f) => f.evaluate(() => document.readyState === "complete" && document.body.childElementCount > 0).catch(() => false)),
        );
        return frames.length > 0 && drawn.every(Boolean);
      },
      { timeout, message: "every preview frame to load and draw" },
    )
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            done();
          });
        });
      }),
  );
}

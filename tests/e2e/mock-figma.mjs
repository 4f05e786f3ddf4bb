// A local stand-in for Figma's REST API and its image store, on two ports (the image store is
// never the API host), answering as Figma's REST API reference documents:
//   GET /v1/files/:key/nodes?ids=1:2[&depth=1] → {"name", "nodes": {"1:2": {"document"}}}
//     (the node tree is the core tests' fixture, crates/core/tests/fixtures/figma/nodes.json)
//   GET /v1/images/:key?ids=1:2&format=png&scale=S → {"err": null, "images": {"1:2": "<url>"}}
//   GET /v1/me → the token's user; errors as {"status": 403, "err": "…"}
// The image store serves a real PNG of the frame: the sample at 2×, and the sample halved at any
// other scale (the app scales the preview it shows itself). Every request is recorded with its
// token header, to check where the token went.
import http from "node:http";
import { readFileSync } from "node:fs";
import { decodePng, encodePng } from "./png.mjs";

export const FILE_KEY = "AbC123xyz";
export const NODE_ID = "1:2";
export const TEXT_NODE_ID = "1:3";
export const LINK = `https://www.figma.com/design/${FILE_KEY}/Marketing-site?node-id=1-2&t=e2e`;
export const TEXT_LINK = `https://www.figma.com/design/${FILE_KEY}/Marketing-site?node-id=1-3`;
export const TOKEN = "figd_e2e-mock-token-0123456789abcdefghij";

const NODES = JSON.parse(readFileSync(new URL("../../src-tauri/crates/core/tests/fixtures/figma/nodes.json", import.meta.url), "utf8"));
const FRAME_2X = readFileSync(new URL("../fixtures/samples/pricing.png", import.meta.url));
const FRAME_1X = halved(FRAME_2X);

/** Every other pixel of every other row: the frame at half the size. */
function halved(png) {
  const { width, height, channels, pixels } = decodePng(png);
  const [w, h] = [Math.floor(width / 2), Math.floor(height / 2)];
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const from = (2 * y * width + 2 * x) * channels;
      for (let c = 0; c < 3; c++) out[(y * w + x) * 3 + c] = pixels[from + Math.min(c, channels - 1)];
    }
  }
  return encodePng({ width: w, height: h, pixels: out });
}

function json(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** The linked node: the fixture's frame, or its title text layer (to link a layer, not a frame). */
function nodeAnswer(id) {
  const frame = NODES.nodes[NODE_ID].document;
  const document = id === NODE_ID ? frame : id === TEXT_NODE_ID ? frame.children.find((c) => c.id === TEXT_NODE_ID) : null;
  return { ...NODES, nodes: { [id]: document ? { document } : null } };
}

function listen(server) {
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server.address().port)));
}

/** Start both servers. Returns {apiUrl, imageHost ("ip:port"), requests, close()}. */
export async function startMockFigma() {
  const requests = [];
  const images = http.createServer((req, res) => {
    requests.push({ host: "images", path: req.url, token: req.headers["x-figma-token"] ?? null });
    const scale = /^\/images\/frame@([\d.]+)x\.png$/.exec(req.url.split("?")[0])?.[1];
    if (scale) {
      const png = scale === "2" ? FRAME_2X : FRAME_1X;
      res.writeHead(200, { "content-type": "image/png", "content-length": png.length });
      res.end(png);
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("no such image");
    }
  });
  const imagePort = await listen(images);
  const api = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    const token = req.headers["x-figma-token"] ?? null;
    requests.push({ host: "api", path: req.url, token });
    if (token !== TOKEN) return json(res, 403, { status: 403, err: "Invalid token" });
    const ids = url.searchParams.get("ids");
    if (url.pathname === "/v1/me") return json(res, 200, { id: "1", email: "ada@example.com", handle: "Ada" });
    if (url.pathname === `/v1/files/${FILE_KEY}/nodes`) return json(res, 200, nodeAnswer(ids));
    if (url.pathname === `/v1/images/${FILE_KEY}`) {
      const scale = url.searchParams.get("scale") ?? "1";
      return json(res, 200, { err: null, images: { [ids]: `http://127.0.0.1:${imagePort}/images/frame@${scale}x.png` } });
    }
    return json(res, 404, { status: 404, err: "Not found" });
  });
  const apiPort = await listen(api);
  const close = (server) =>
    new Promise((ok) => {
      server.closeAllConnections?.();
      server.close(() => ok());
    });
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    imageHost: `127.0.0.1:${imagePort}`,
    requests,
    close: () => Promise.all([close(api), close(images)]),
  };
}

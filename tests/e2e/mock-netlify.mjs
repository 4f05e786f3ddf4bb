// A local stand-in for Netlify's deploy API, as its docs and OpenAPI (netlify/open-api
// swagger.yml) describe it: POST /api/v1/sites makes a site, POST /sites/{id}/deploys takes every
// file's SHA-1 and answers which it lacks (`required`), PUT /deploys/{id}/files/{path} uploads
// one, GET /deploys/{id} says the deploy's state until `ready`, when it becomes the live one.
// Every request is checked (the bearer token, JSON or octet-stream bodies, each file against its
// digest, no dotfile or app data named, no token anywhere but the Authorization header); a broken
// rule is a 400 and listed in `problems`. `faults.uploads` makes file uploads fail ("fail": HTTP
// 500) or hang until the client gives up ("hold").
import http from "node:http";
import { createHash } from "node:crypto";

const sha1 = (bytes) => createHash("sha1").update(bytes).digest("hex");

export async function startMockNetlify({ token, secrets = [token] }) {
  const sites = new Map();
  const deploys = new Map();
  const store = new Map();
  const problems = [];
  const faults = { uploads: null };
  const held = [];
  let next = 0;

  const json = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const refuse = (req, res, what) => {
    problems.push(`${req.method} ${req.url}: ${what}`);
    json(res, 400, { code: 400, message: `mock: ${what}` });
  };
  const siteJson = (s) => ({ id: s.id, name: s.name, url: `http://${s.name}.netlify.app`, ssl_url: `https://${s.name}.netlify.app`, admin_url: `https://app.netlify.com/sites/${s.name}` });

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const elsewhere = [req.url, body.toString("latin1"), ...Object.entries(req.headers).filter(([k]) => k !== "authorization").map(([k, v]) => `${k}: ${v}`)].join("\n");
      const leaked = secrets.filter((secret) => elsewhere.includes(secret));
      if (leaked.length) return refuse(req, res, "a token outside the Authorization header");
      if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { code: 401, message: "Access Denied" });
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      if (!path.startsWith("/api/v1/")) return refuse(req, res, "outside the API");
      const parts = path.slice("/api/v1/".length).split("/");
      const isJson = () => req.headers["content-type"] === "application/json";
      if (req.method === "GET" && parts[0] === "user") return json(res, 200, { id: "u1", full_name: "Ada Lovelace" });
      if (req.method === "POST" && parts.length === 1 && parts[0] === "sites") {
        if (!isJson()) return refuse(req, res, "a site is created from JSON");
        const { name } = JSON.parse(body.toString());
        if ([...sites.values()].some((s) => s.name === name)) return json(res, 422, { code: 422, message: "subdomain must be unique" });
        const site = { id: `site-${++next}`, name, live: null, deploys: [] };
        sites.set(site.id, site);
        return json(res, 201, siteJson(site));
      }
      if (req.method === "GET" && parts[0] === "sites" && parts.length === 2) {
        const site = sites.get(parts[1]);
        return site ? json(res, 200, siteJson(site)) : json(res, 404, { code: 404, message: "Not Found" });
      }
      if (req.method === "POST" && parts[0] === "sites" && parts[2] === "deploys") {
        const site = sites.get(parts[1]);
        if (!site) return json(res, 404, { code: 404, message: "Not Found" });
        if (!isJson()) return refuse(req, res, "a deploy is JSON");
        const { files, draft } = JSON.parse(body.toString());
        if (draft !== false) return refuse(req, res, "a production deploy is not a draft");
        for (const [p, digest] of Object.entries(files ?? {})) {
          if (!p.startsWith("/") || !/^[0-9a-f]{40}$/.test(digest)) return refuse(req, res, `bad entry ${p}`);
          if (p.split("/").some((part) => part.startsWith(".")) || p.startsWith("/inputs/")) return refuse(req, res, `must not upload ${p}`);
        }
        const required = [...new Set(Object.values(files).filter((d) => !store.has(d)))];
        const deploy = { id: `deploy-${++next}`, site: site.id, files, required, uploaded: [], state: required.length ? "uploading" : "processing" };
        deploys.set(deploy.id, deploy);
        site.deploys.push(deploy.id);
        return json(res, 200, { id: deploy.id, site_id: site.id, state: deploy.state, required });
      }
      if (req.method === "PUT" && parts[0] === "deploys" && parts[2] === "files") {
        if (faults.uploads === "fail") return json(res, 500, { code: 500, message: "Internal Server Error" });
        if (faults.uploads === "hold") return void held.push(res);
        const deploy = deploys.get(parts[1]);
        if (!deploy) return json(res, 404, { code: 404, message: "Not Found" });
        if (req.headers["content-type"] !== "application/octet-stream") return refuse(req, res, "files are octet-streams");
        const file = `/${parts.slice(3).join("/")}`;
        const digest = deploy.files[file];
        if (!digest || sha1(body) !== digest || !deploy.required.includes(digest)) return refuse(req, res, `${file} does not match what was announced`);
        store.set(digest, body);
        deploy.uploaded.push(file);
        if (deploy.required.every((d) => store.has(d))) deploy.state = "processing";
        return json(res, 200, { id: digest, path: file, sha: digest });
      }
      if (req.method === "GET" && parts[0] === "deploys" && parts.length === 2) {
        const deploy = deploys.get(parts[1]);
        if (!deploy) return json(res, 404, { code: 404, message: "Not Found" });
        if (deploy.state === "processing") {
          deploy.state = "ready";
          sites.get(deploy.site).live = deploy.id;
        }
        return json(res, 200, { id: deploy.id, site_id: deploy.site, state: deploy.state, required: deploy.required });
      }
      if (req.method === "POST" && parts[0] === "deploys" && parts[2] === "cancel") {
        const deploy = deploys.get(parts[1]);
        if (deploy) deploy.state = "error";
        return json(res, 201, { id: parts[1], state: "error" });
      }
      return refuse(req, res, "no such endpoint");
    });
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    sites,
    deploys,
    problems,
    faults,
    /** Uploads waiting on "hold". */
    held,
    close: () => {
      for (const res of held.splice(0)) res.destroy();
      server.closeAllConnections?.();
      return new Promise((ok) => server.close(ok));
    },
  };
}

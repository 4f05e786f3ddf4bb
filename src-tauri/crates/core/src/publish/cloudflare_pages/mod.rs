//! Cloudflare Pages: direct upload of a prebuilt site, only the assets Cloudflare lacks.
//!
//! Follows:
//! - https://developers.cloudflare.com/pages/get-started/direct-upload/ and the Pages API
//!   reference (https://developers.cloudflare.com/api/resources/pages/): projects
//!   (`GET`/`POST /accounts/{account_id}/pages/projects`), `POST …/projects/{name}/deployments`
//!   (multipart, `manifest` = `{"/path": hash}`, `branch`), `GET …/deployments/{id}`
//!   (`latest_stage`), `GET /user/tokens/verify`, `GET /accounts`; answers are
//!   `{success, errors: [{code, message}], result}`
//! - the direct-upload protocol as Cloudflare's own client speaks it (cloudflare/workers-sdk,
//!   `packages/wrangler/src/pages/upload.ts` and `hash.ts`): `GET …/projects/{name}/upload-token`
//!   gives a JWT; with it, `POST /pages/assets/check-missing {hashes}` → the missing ones,
//!   `POST /pages/assets/upload` `[{key, value (base64), metadata: {contentType}, base64: true}]`
//!   in buckets, `POST /pages/assets/upsert-hashes {hashes}`. An asset is named by the first 32
//!   hex digits of BLAKE3(base64(content) + extension); at most 25 MiB each.
//!
//! Deploy, then publish: the assets are stored first and the deployment, created last, becomes
//! the production one only when it succeeds; a failed or cancelled upload creates none, so the
//! live site stays as it was.

pub mod api;
pub mod deploy;

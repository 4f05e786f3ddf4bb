//! Vercel: files uploaded by SHA-1, then a production deployment that names them.
//!
//! Follows:
//! - https://vercel.com/docs/rest-api/deployments/upload-deployment-files (`POST /v2/files`,
//!   the body is the file, `x-vercel-digest` its SHA-1)
//! - https://vercel.com/docs/rest-api/deployments/create-a-new-deployment
//!   (`POST /v13/deployments` with `files: [{file, sha, size}]`, `target: "production"`; a file
//!   Vercel lacks is answered `400 {error: {code: "missing_files", missing: [sha…]}}`, as
//!   vercel/vercel `packages/client` handles it: upload those, then create it again)
//! - https://vercel.com/docs/rest-api/deployments/get-a-deployment-by-id-or-url
//!   (`readyState` until `READY`, `aliasAssigned`, `alias`), cancel-a-deployment
//! - https://vercel.com/docs/rest-api/projects/create-a-new-project (`POST /v11/projects`),
//!   find-a-project-by-id-or-name (`GET /v9/projects/{idOrName}`), `GET /v2/user`
//!
//! Deploy, then publish: the production domain moves to a deployment only when it is `READY`;
//! a deployment that fails or is cancelled never takes it, so the live site stays as it was.

pub mod api;
pub mod deploy;

//! Netlify: a deploy made of file digests, only the missing files uploaded.
//!
//! Follows:
//! - https://docs.netlify.com/api-and-cli-guides/api-guides/get-started-with-api/#deploy-with-the-api
//!   (file digests: `POST /sites/{site_id}/deploys` with `files: {"/path": sha1}`, then
//!   `PUT /deploys/{deploy_id}/files/{path}` for each digest in `required`)
//! - https://open-api.netlify.com (netlify/open-api `swagger.yml`: `createSite`,
//!   `getSite`, `createSiteDeploy`, `uploadDeployFile`, `getDeploy`, `cancelSiteDeploy`,
//!   `getCurrentUser`; errors are `{code, message}`)
//!
//! Deploy, then publish: a deploy goes live when its last file has arrived and Netlify has
//! processed it (state `ready`). Until then the site keeps serving the previous deploy; a
//! deploy cut short (a failed upload, a cancel) is cancelled and never goes live.

pub mod api;
pub mod deploy;

//! `s2c publish DIR --to SERVICE`: a page to a live link, the same site again the next time.
//! DIR is an app project (its current version), an exported folder, or a variant folder of
//! `s2c generate`. The token comes from the service's usual variable (`NETLIFY_AUTH_TOKEN`,
//! `VERCEL_TOKEN`, `GITHUB_TOKEN`, `CLOUDFLARE_API_TOKEN`) or the keychain, and goes only to
//! the service's API or `<SERVICE>_BASE_URL`.

use crate::key_destination::key_for;
use clap::Args;
use s2c_core::publish::http::Timing;
use s2c_core::publish::{
    publish_dir, Access, Progress, PublishError, PublishStage, Service, Target,
};
use std::path::PathBuf;
use std::process::ExitCode;
use tokio_util::sync::CancellationToken;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  s2c publish out/variant-1 --to netlify\n  s2c publish ~/Documents/Screenshot\\ to\\ Code/bakery --to github-pages --name bakery\n  NETLIFY_AUTH_TOKEN=… s2c publish site/ --to netlify --json"
)]
pub struct PublishArgs {
    /// An app project, an exported folder or a variant folder (it must hold index.html).
    pub dir: PathBuf,
    /// netlify, vercel, github-pages or cloudflare-pages.
    #[arg(long, value_parser = parse_service)]
    pub to: Service,
    /// The name of a new site (its subdomain, or the repository); the folder's name by default.
    #[arg(long)]
    pub name: Option<String>,
    /// Make a new site even if DIR was published to this service before.
    #[arg(long)]
    pub new_site: bool,
    /// Print the publication as JSON instead of the address.
    #[arg(long)]
    pub json: bool,
    /// No progress on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

fn parse_service(name: &str) -> Result<Service, String> {
    Service::parse(name).ok_or_else(|| {
        format!("“{name}” is not a service: use netlify, vercel, github-pages or cloudflare-pages")
    })
}

/// The token and base URL as the CLI takes keys: the environment, then the keychain — a token
/// from the keychain only for the service's own API, never for a `<SERVICE>_BASE_URL`.
pub fn access(service: Service) -> Result<Access, PublishError> {
    let vendor = service.vendor();
    let env_url = std::env::var(vendor.base_url_env())
        .ok()
        .filter(|u| !u.trim().is_empty());
    let token = key_for(vendor.as_str(), env_url.as_deref())
        .map_err(PublishError::Forbidden)?
        .ok_or(PublishError::NoToken(service))?;
    let account_id = std::env::var("CLOUDFLARE_ACCOUNT_ID")
        .ok()
        .filter(|a| !a.trim().is_empty() && service == Service::CloudflarePages);
    Ok(Access {
        token,
        base_url: env_url.unwrap_or_else(|| vendor.default_base_url().to_owned()),
        account_id,
    })
}

/// Cancel on Ctrl-C; the live site stays as it was.
pub fn cancel_on_ctrl_c() -> CancellationToken {
    let cancel = CancellationToken::new();
    let on_signal = cancel.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            on_signal.cancel();
        }
    });
    cancel
}

pub async fn run(args: PublishArgs) -> ExitCode {
    let service = args.to;
    let access = match access(service) {
        Ok(access) => access,
        Err(PublishError::NoToken(_)) => {
            let vendor = service.vendor();
            eprintln!(
                "s2c publish: no {} token: set {} or store one with `s2c keys set {}`",
                service.label(),
                vendor.key_env_names().join(" or "),
                vendor.as_str()
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("s2c publish: {e}");
            return ExitCode::FAILURE;
        }
    };
    let target = Target {
        service,
        name: args.name.clone(),
        new_site: args.new_site,
        timing: Timing::default(),
    };
    let quiet = args.quiet;
    let progress = move |p: Progress| {
        if !quiet {
            eprintln!("s2c publish: {}", describe(&p));
        }
    };
    match publish_dir(&args.dir, &target, &access, &progress, cancel_on_ctrl_c()).await {
        Ok(publication) => {
            if args.json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&publication).unwrap_or_default()
                );
            } else {
                println!("{}", publication.url);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("s2c publish: {e}");
            ExitCode::FAILURE
        }
    }
}

fn describe(p: &Progress) -> String {
    let service = p.service.label();
    match p.stage {
        PublishStage::Preparing => format!("{} files to publish to {service}", p.files),
        PublishStage::Site => format!("finding the site on {service}"),
        PublishStage::Uploading => format!(
            "sent {} of {} changed files ({} of {} KB; {} unchanged)",
            p.sent,
            p.to_send,
            p.bytes_sent / 1024,
            p.bytes_to_send / 1024,
            p.files.saturating_sub(p.to_send)
        ),
        PublishStage::GoingLive => format!("{service} is putting it live"),
    }
}

use super::classify::is_public_ip;
use super::error::{FetchError, Refusal};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect::Policy;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use url::Url;

#[derive(Debug, Clone, Copy)]
pub struct FetchLimits {
    pub max_bytes: u64,
    pub timeout: Duration,
    pub max_redirects: usize,
    /// Refuse plain `http:` (and redirects to it). Test servers given as exceptions still
    /// answer over http.
    pub https_only: bool,
}

impl Default for FetchLimits {
    fn default() -> Self {
        Self {
            max_bytes: 10 * 1024 * 1024,
            timeout: Duration::from_secs(20),
            max_redirects: 5,
            https_only: false,
        }
    }
}

/// What a fetch returned.
#[derive(Debug, Clone)]
pub struct Fetched {
    pub bytes: Vec<u8>,
    pub content_type: Option<String>,
    /// After redirects.
    pub final_url: String,
}

/// An HTTP client that only reaches public addresses. Cheap to clone.
#[derive(Clone)]
pub struct SafeFetcher {
    client: reqwest::Client,
    limits: FetchLimits,
    exceptions: Arc<Vec<SocketAddr>>,
    /// When set, the only hosts (`host`, or `ip:port` for a test server) the fetch and every
    /// redirect may go to.
    hosts: Option<Arc<Vec<String>>>,
}

impl std::fmt::Debug for SafeFetcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SafeFetcher")
            .field("limits", &self.limits)
            .finish()
    }
}

impl SafeFetcher {
    pub fn new(limits: FetchLimits) -> Result<Self, FetchError> {
        Self::build(limits, Arc::default(), None)
    }

    /// Tests only: also allow these exact `ip:port` pairs when a URL names them literally
    /// (a local test server). Host names never get an exception.
    #[doc(hidden)]
    pub fn with_exceptions(
        limits: FetchLimits,
        exceptions: Vec<SocketAddr>,
    ) -> Result<Self, FetchError> {
        Self::build(limits, Arc::new(exceptions), None)
    }

    /// This fetcher, going only to `hosts` (exact names, compared without case; `ip:port` for
    /// a test server), the first URL and every redirect alike.
    pub fn only_to(&self, hosts: &[String]) -> Result<Self, FetchError> {
        let hosts = hosts.iter().map(|h| h.to_ascii_lowercase()).collect();
        Self::build(self.limits, self.exceptions.clone(), Some(Arc::new(hosts)))
    }

    fn build(
        limits: FetchLimits,
        exceptions: Arc<Vec<SocketAddr>>,
        hosts: Option<Arc<Vec<String>>>,
    ) -> Result<Self, FetchError> {
        let for_redirects = exceptions.clone();
        let hosts_for_redirects = hosts.clone();
        let max_redirects = limits.max_redirects;
        let https_only = limits.https_only;
        let client = reqwest::Client::builder()
            .no_proxy()
            .dns_resolver(PublicOnlyResolver)
            .redirect(Policy::custom(move |attempt| {
                if attempt.previous().len() > max_redirects {
                    return attempt.error(Refusal(format!("more than {max_redirects} redirects")));
                }
                let checked = check_url(attempt.url(), &for_redirects, https_only).and_then(|()| {
                    check_host(
                        attempt.url(),
                        hosts_for_redirects.as_deref().map(Vec::as_slice),
                    )
                });
                match checked {
                    Ok(()) => attempt.follow(),
                    Err(reason) => attempt.error(Refusal(format!("a redirect to {reason}"))),
                }
            }))
            .timeout(limits.timeout)
            .connect_timeout(limits.timeout.min(Duration::from_secs(10)))
            .user_agent(concat!("ScreenshotToCode/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| FetchError::Failed {
                url: String::new(),
                reason: format!("the HTTP client could not start: {e}"),
            })?;
        Ok(Self {
            client,
            limits,
            exceptions,
            hosts,
        })
    }

    pub fn limits(&self) -> FetchLimits {
        self.limits
    }

    /// GET `url` if it and every redirect lead to public addresses, within the limits.
    pub async fn fetch(&self, url: &str) -> Result<Fetched, FetchError> {
        let parsed = Url::parse(url).map_err(|e| FetchError::Refused {
            url: url.to_owned(),
            reason: format!("not a valid URL ({e})"),
        })?;
        check_url(&parsed, &self.exceptions, self.limits.https_only)
            .and_then(|()| check_host(&parsed, self.hosts.as_deref().map(Vec::as_slice)))
            .map_err(|reason| FetchError::Refused {
                url: url.to_owned(),
                reason,
            })?;
        let mut response = self
            .client
            .get(parsed)
            .send()
            .await
            .map_err(|e| classify_error(url, &e))?;
        let status = response.status();
        if !status.is_success() {
            return Err(FetchError::Failed {
                url: url.to_owned(),
                reason: format!("HTTP {status}"),
            });
        }
        let limit = self.limits.max_bytes;
        if response.content_length().is_some_and(|n| n > limit) {
            return Err(FetchError::TooLarge {
                url: url.to_owned(),
                limit,
            });
        }
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.split(';').next().unwrap_or(v).trim().to_ascii_lowercase());
        let final_url = response.url().to_string();
        let mut bytes = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| classify_error(url, &e))?
        {
            if bytes.len() as u64 + chunk.len() as u64 > limit {
                return Err(FetchError::TooLarge {
                    url: url.to_owned(),
                    limit,
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(Fetched {
            bytes,
            content_type,
            final_url,
        })
    }
}

/// A refusal anywhere in the error's chain means the guard stopped it; anything else is the
/// network's doing.
fn classify_error(url: &str, error: &reqwest::Error) -> FetchError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if let Some(refusal) = e.downcast_ref::<Refusal>() {
            return FetchError::Refused {
                url: url.to_owned(),
                reason: refusal.0.clone(),
            };
        }
        source = e.source();
    }
    FetchError::Failed {
        url: url.to_owned(),
        reason: if error.is_timeout() {
            "timed out".into()
        } else {
            error.to_string()
        },
    }
}

/// Scheme and literal-address checks; host names are checked when resolved.
fn check_url(url: &Url, exceptions: &[SocketAddr], https_only: bool) -> Result<(), String> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(format!("{url}: only http and https are fetched"));
    }
    let port = url.port_or_known_default().unwrap_or(0);
    let excepted = || match url.host() {
        Some(url::Host::Ipv4(ip)) => exceptions.contains(&SocketAddr::new(IpAddr::V4(ip), port)),
        Some(url::Host::Ipv6(ip)) => exceptions.contains(&SocketAddr::new(IpAddr::V6(ip), port)),
        _ => false,
    };
    if https_only && url.scheme() != "https" && !excepted() {
        return Err(format!("{url}: only https is fetched"));
    }
    match url.host() {
        Some(url::Host::Ipv4(ip)) => check_literal(IpAddr::V4(ip), port, url, exceptions),
        Some(url::Host::Ipv6(ip)) => check_literal(IpAddr::V6(ip), port, url, exceptions),
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            if name == "localhost" || name.ends_with(".localhost") {
                Err(format!("{url}: localhost is not a public address"))
            } else {
                Ok(())
            }
        }
        None => Err(format!("{url}: the URL has no host")),
    }
}

/// Whether `url`'s host is one of `hosts` (when there is a list).
fn check_host(url: &Url, hosts: Option<&[String]>) -> Result<(), String> {
    let Some(hosts) = hosts else {
        return Ok(());
    };
    let host = url.host_str().unwrap_or("").to_ascii_lowercase();
    let with_port = format!("{host}:{}", url.port_or_known_default().unwrap_or(0));
    if hosts.iter().any(|h| *h == host || *h == with_port) {
        Ok(())
    } else {
        Err(format!(
            "{url}: {host} is not one of the hosts this download may come from"
        ))
    }
}

fn check_literal(
    ip: IpAddr,
    port: u16,
    url: &Url,
    exceptions: &[SocketAddr],
) -> Result<(), String> {
    if is_public_ip(ip) || exceptions.contains(&SocketAddr::new(ip, port)) {
        Ok(())
    } else {
        Err(format!("{url}: {ip} is not a public address"))
    }
}

/// Resolves with the system resolver and refuses a name if any of its addresses is not public.
struct PublicOnlyResolver;

impl Resolve for PublicOnlyResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|e| Box::new(e) as Box<dyn std::error::Error + Send + Sync>)?
                .collect();
            if addrs.is_empty() {
                return Err(Box::new(Refusal(format!("{host} resolves to no address")))
                    as Box<dyn std::error::Error + Send + Sync>);
            }
            if let Some(bad) = addrs.iter().find(|a| !is_public_ip(a.ip())) {
                return Err(Box::new(Refusal(format!(
                    "{host} resolves to {}, which is not a public address",
                    bad.ip()
                )))
                    as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
#[path = "client_tests.rs"]
mod tests;

//! Installing a downloaded .deb or .rpm over the installed app. The package manager needs root:
//! as root the app runs it itself; otherwise it asks through pkexec (the desktop's password
//! prompt); when pkexec is missing or cannot ask (no polkit agent), the person gets the one
//! command to run in a terminal, and the package stays where that command points.

use crate::app_info::find_program;
use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackageKind {
    Deb,
    Rpm,
}

impl PackageKind {
    pub fn name(self) -> &'static str {
        match self {
            Self::Deb => ".deb",
            Self::Rpm => ".rpm",
        }
    }

    /// Whether `bytes` start like a package of this kind. The signature already proved who made
    /// the file; this catches a feed that lists the wrong bundle under this system's key before
    /// the package manager sees it.
    pub fn matches(self, bytes: &[u8]) -> bool {
        match self {
            // An ar archive whose first member is `debian-binary`.
            Self::Deb => {
                bytes.starts_with(b"!<arch>\n") && bytes.get(8..21) == Some(b"debian-binary")
            }
            // The rpm lead's magic number.
            Self::Rpm => bytes.starts_with(&[0xED, 0xAB, 0xEE, 0xDB]),
        }
    }
}

/// What this process may do and which tools the machine has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Privileges {
    pub is_root: bool,
    pub pkexec: Option<PathBuf>,
    /// The tool that installs a package file: apt-get or dnf (they also fetch new
    /// dependencies), else dpkg or rpm.
    pub installer: Option<PathBuf>,
}

impl Privileges {
    /// This process and this machine, for a package of `kind`.
    pub fn detect(kind: PackageKind) -> Self {
        let path = std::env::var_os("PATH");
        Self::detect_on(kind, path.as_deref(), effective_uid_is_root())
    }

    pub fn detect_on(kind: PackageKind, path_var: Option<&OsStr>, is_root: bool) -> Self {
        let installers: &[&str] = match kind {
            PackageKind::Deb => &["apt-get", "dpkg"],
            PackageKind::Rpm => &["dnf", "zypper", "rpm"],
        };
        Self {
            is_root,
            pkexec: find_program(&["pkexec"], path_var),
            installer: installers
                .iter()
                .find_map(|name| find_program(&[name], path_var)),
        }
    }
}

/// `/proc/self` belongs to the process's effective user.
fn effective_uid_is_root() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// How the package will be installed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstallPlan {
    /// The app runs as root: the installer itself.
    Direct(Vec<String>),
    /// Through pkexec, which asks for an administrator's password.
    Pkexec(Vec<String>),
    /// Nothing here can get root: the person runs `command` in a terminal.
    Manual { command: String },
}

/// The command a person would type to install `package` (what the app shows when it cannot).
pub fn manual_command(kind: PackageKind, package: &Path) -> String {
    let quoted = shell_quote(&package.to_string_lossy());
    match kind {
        PackageKind::Deb => format!("sudo apt install {quoted}"),
        PackageKind::Rpm => format!("sudo dnf install {quoted}"),
    }
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

fn installer_args(installer: &Path, package: &Path) -> Vec<String> {
    let program = installer.to_string_lossy().into_owned();
    let package = package.to_string_lossy().into_owned();
    let name = installer
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let args: Vec<&str> = match name.as_str() {
        // Wait for another package manager instead of failing at once; never ask anything.
        "apt-get" => vec!["install", "-y", "-o", "DPkg::Lock::Timeout=120", &package],
        "dnf" => vec!["install", "-y", &package],
        "zypper" => vec!["--non-interactive", "install", &package],
        "dpkg" => vec!["-i", &package],
        _ => vec!["-U", "--replacepkgs", &package],
    };
    std::iter::once(program)
        .chain(args.into_iter().map(str::to_owned))
        .collect()
}

pub fn plan_install(kind: PackageKind, package: &Path, privileges: &Privileges) -> InstallPlan {
    let manual = || InstallPlan::Manual {
        command: manual_command(kind, package),
    };
    let Some(installer) = &privileges.installer else {
        return manual();
    };
    let argv = installer_args(installer, package);
    if privileges.is_root {
        return InstallPlan::Direct(argv);
    }
    match &privileges.pkexec {
        Some(pkexec) => InstallPlan::Pkexec(
            std::iter::once(pkexec.to_string_lossy().into_owned())
                .chain(argv)
                .collect(),
        ),
        None => manual(),
    }
}

/// Why the package was not installed here; each case comes with the command that installs it
/// by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstallError {
    NeedsAdmin { command: String },
    Cancelled { command: String },
    Failed { detail: String, command: String },
}

impl InstallError {
    /// The command that installs the package by hand.
    pub fn command(&self) -> &str {
        match self {
            Self::NeedsAdmin { command }
            | Self::Cancelled { command }
            | Self::Failed { command, .. } => command,
        }
    }

    /// What happened and what to do, without the command (front ends show it apart).
    pub fn advice(&self) -> String {
        match self {
            Self::NeedsAdmin { .. } => "Installing the update needs an administrator's password, \
                and this desktop has no way to ask for it. Run this command in a terminal, then \
                restart the app:"
                .to_owned(),
            Self::Cancelled { .. } => "The update was not installed because the password prompt \
                was closed. Try again, or run this command in a terminal and restart the app:"
                .to_owned(),
            Self::Failed { detail, .. } => format!(
                "The update could not be installed ({detail}). Your current version still works; \
                 you can install the update yourself with:"
            ),
        }
    }
}

impl std::fmt::Display for InstallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.advice(), self.command())
    }
}

impl std::error::Error for InstallError {}

/// Install `package` the way `plan_install` says. Blocking: run it off the async runtime.
pub fn install_package(
    kind: PackageKind,
    package: &Path,
    privileges: &Privileges,
) -> Result<(), InstallError> {
    let command = manual_command(kind, package);
    let (argv, through_pkexec) = match plan_install(kind, package, privileges) {
        InstallPlan::Manual { command } => return Err(InstallError::NeedsAdmin { command }),
        InstallPlan::Direct(argv) => (argv, false),
        InstallPlan::Pkexec(argv) => (argv, true),
    };
    let Some((program, args)) = argv.split_first() else {
        return Err(InstallError::NeedsAdmin { command });
    };
    let mut child = match Command::new(program)
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(_) if through_pkexec => return Err(InstallError::NeedsAdmin { command }),
        Err(e) => {
            return Err(InstallError::Failed {
                detail: format!("{program} did not start: {e}"),
                command,
            })
        }
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_string(&mut stderr);
    }
    let status = child.wait().map_err(|e| InstallError::Failed {
        detail: format!("waiting for {program}: {e}"),
        command: command.clone(),
    })?;
    match (status.code(), through_pkexec) {
        (Some(0), _) => Ok(()),
        // pkexec(1): 126 when the person dismissed the prompt, 127 when no authorization could
        // be obtained (no polkit agent, not an administrator).
        (Some(126), true) => Err(InstallError::Cancelled { command }),
        (Some(127), true) => Err(InstallError::NeedsAdmin { command }),
        (code, _) => Err(InstallError::Failed {
            detail: last_line(&stderr).unwrap_or_else(|| match code {
                Some(code) => format!("the installer stopped with code {code}"),
                None => "the installer was stopped".to_owned(),
            }),
            command,
        }),
    }
}

/// The installer's own last word, which usually says what went wrong.
fn last_line(text: &str) -> Option<String> {
    let line = text.lines().rev().map(str::trim).find(|l| !l.is_empty())?;
    Some(line.chars().take(300).collect())
}

#[cfg(test)]
#[path = "install_tests.rs"]
mod tests;

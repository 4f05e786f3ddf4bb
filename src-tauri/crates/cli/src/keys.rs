//! `s2c keys set|status|clear <provider>`: API keys in the OS keychain. A key is read from a
//! hidden prompt (or from stdin when it is not a terminal), never from the command line, where
//! it would land in the shell history and the process list.

use clap::Subcommand;
use s2c_core::secrets::{KeyId, KeyringStore, Secrets, Sensitive};
use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Subcommand)]
pub enum KeysCommand {
    /// Store the key of a provider (openai, anthropic, gemini, replicate, or a custom name).
    /// The key is read from a hidden prompt, or from stdin when piped.
    Set {
        provider: String,
        /// Refused: a key given here would be kept in the shell history.
        #[arg(hide = true, num_args = 0.., trailing_var_arg = true, allow_hyphen_values = true)]
        refused: Vec<String>,
    },
    /// Print whether a key is stored, for the four vendors and any custom providers named.
    Status { custom: Vec<String> },
    /// Remove the key of a provider.
    Clear { provider: String },
}

pub fn run(command: KeysCommand) -> ExitCode {
    let namespace = crate::key_sources::keychain_namespace();
    let secrets = Secrets::new(Arc::new(KeyringStore::new(namespace)));
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => return fail(&format!("could not start: {e}")),
    };
    runtime.block_on(async move {
        match command {
            KeysCommand::Set { provider, refused } => {
                if !refused.is_empty() {
                    return fail("never put a key on the command line: run `s2c keys set <provider>` and paste it at the prompt, or pipe it on stdin");
                }
                let id = match KeyId::parse(&provider) {
                    Ok(id) => id,
                    Err(e) => return fail(&e.to_string()),
                };
                let key = match read_key(&id) {
                    Ok(k) => k,
                    Err(e) => return fail(&format!("could not read the key: {e}")),
                };
                match secrets.set(&id, key).await {
                    Ok(()) => {
                        println!("{id}: key stored in the keychain");
                        ExitCode::SUCCESS
                    }
                    Err(e) => fail(&e.to_string()),
                }
            }
            KeysCommand::Status { custom } => match secrets.status(&custom).await {
                Ok(statuses) => {
                    for s in statuses {
                        println!("{}: {}", s.provider, if s.set { "set" } else { "not set" });
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&e.to_string()),
            },
            KeysCommand::Clear { provider } => {
                let id = match KeyId::parse(&provider) {
                    Ok(id) => id,
                    Err(e) => return fail(&e.to_string()),
                };
                match secrets.clear(&id).await {
                    Ok(()) => {
                        println!("{id}: key removed");
                        ExitCode::SUCCESS
                    }
                    Err(e) => fail(&e.to_string()),
                }
            }
        }
    })
}

fn read_key(id: &KeyId) -> std::io::Result<Sensitive<String>> {
    if std::io::stdin().is_terminal() {
        return rpassword::prompt_password(format!("{id} API key (input hidden): "))
            .map(Sensitive::new);
    }
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(Sensitive::new(line))
}

fn fail(message: &str) -> ExitCode {
    eprintln!("s2c: {}", s2c_core::redact::redact_secrets(message));
    ExitCode::FAILURE
}

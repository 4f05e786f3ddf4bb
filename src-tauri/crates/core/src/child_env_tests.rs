use super::*;

fn vars(names: &[&str]) -> Vec<(OsString, OsString)> {
    names
        .iter()
        .map(|n| (OsString::from(n), OsString::from("value")))
        .collect()
}

const SHELL: &[&str] = &[
    "OPENAI_API_KEY",
    "GITHUB_TOKEN",
    "AWS_SECRET_ACCESS_KEY",
    "DATABASE_URL",
    "STRIPE_LIVE",
    "LD_PRELOAD",
    "NODE_OPTIONS",
    "DBUS_SESSION_BUS_ADDRESS",
    "PATH",
    "HOME",
    "DISPLAY",
    "LANG",
    "LC_ALL",
    "lc_ctype",
    "XAUTHORITY",
    "SystemRoot",
];

#[test]
fn only_what_finds_the_display_fonts_locale_and_folders_is_kept() {
    let kept: Vec<String> = kept(vars(SHELL))
        .into_iter()
        .map(|(n, _)| n.into_string().unwrap())
        .collect();
    assert_eq!(
        kept,
        [
            "PATH",
            "HOME",
            "DISPLAY",
            "LANG",
            "LC_ALL",
            "lc_ctype",
            "XAUTHORITY",
            "SystemRoot"
        ]
    );
}

#[test]
fn a_launcher_that_can_only_add_blanks_everything_else_whatever_its_name() {
    let blanked = blanked(vars(SHELL));
    let names: Vec<&str> = blanked.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "OPENAI_API_KEY",
            "GITHUB_TOKEN",
            "AWS_SECRET_ACCESS_KEY",
            "DATABASE_URL",
            "STRIPE_LIVE",
            "LD_PRELOAD",
            "NODE_OPTIONS",
            "DBUS_SESSION_BUS_ADDRESS"
        ]
    );
    assert!(blanked.iter().all(|(_, v)| v.is_empty()));
}

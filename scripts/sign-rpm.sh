#!/usr/bin/env bash
# Give an .rpm the OpenPGP signature rpm -K, dnf and rpmlint look for, with the armored private
# key in RPM_SIGNING_KEY (and RPM_SIGNING_KEY_PASSWORD if it has one). scripts/finish-packages.sh
# runs it on release packages; scripts/test-installed.sh on a copy, with a key made for the run.
#   scripts/sign-rpm.sh FILE
source "$(dirname "$0")/lib.sh"

rpm_file="${1:?usage: sign-rpm.sh FILE}"
[ -n "${RPM_SIGNING_KEY:-}" ] || die "RPM_SIGNING_KEY is empty"
home="$(mktemp -d)"
trap 'gpgconf --homedir "$home" --kill gpg-agent 2>/dev/null || true; rm -rf "$home"' EXIT
gpg --homedir "$home" --batch --quiet --import <<<"$RPM_SIGNING_KEY"
id="$(gpg --homedir "$home" --list-secret-keys --with-colons | awk -F: '/^sec/ { print $5; exit }')"
[ -n "$id" ] || die "RPM_SIGNING_KEY holds no secret key"
printf '%s' "${RPM_SIGNING_KEY_PASSWORD:-}" >"$home/pass"
# rpm's default %__gpg is gpg2, which Debian and Ubuntu do not have under that name.
rpmsign --addsign --define "__gpg $(command -v gpg)" --define "_gpg_path $home" --define "_gpg_name $id" \
  --define "_gpg_sign_cmd_extra_args --pinentry-mode loopback --passphrase-file $home/pass" "$rpm_file" >/dev/null 2>&1 || true
# rpmsign can report a failed gpg and still exit 0: the header says whether it signed.
[ "$(rpm -qp --qf '%{RSAHEADER:pgpsig}' "$rpm_file" 2>/dev/null)" != "(none)" ] || die "rpmsign did not sign $rpm_file"

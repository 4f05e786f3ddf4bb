# The two commands of the README, and a few more for developers.
.PHONY: run test bundle bindings fmt footprint test-installed

run: ## install what is missing and start the app
	@scripts/run.sh

test: ## install what is missing and run every test
	@scripts/test.sh

bundle: ## build the .deb and .rpm installers
	@scripts/bundle.sh

test-installed: ## install the newest bundle with apt and test the installed app under Xvfb
	@scripts/test-installed.sh

footprint: ## measure launch time, idle memory and streaming CPU of the release app
	@scripts/footprint.sh

bindings: ## regenerate ui/src/ipc/bindings.ts from the Rust IPC types
	@S2C_UPDATE_BINDINGS=1 cargo test -p s2c-desktop --lib committed_bindings_match_the_rust_types

fmt: ## format Rust and check TypeScript
	@cargo fmt --all

# The two commands of the README, and a few more for developers.
.PHONY: run test bundle bindings fmt footprint test-installed test-updater

run: ## install what is missing and start the app
	@scripts/run.sh

test: ## install what is missing and run every test
	@scripts/test.sh

bundle: ## build the .deb and .rpm installers (release build)
	@scripts/bundle.sh

test-installed: ## check the newest bundle (lintian, rpmlint), install it with apt, test the installed app
	@scripts/test-installed.sh

test-updater: ## build two versions, install the first, watch it update itself from a local feed
	@scripts/test-updater.sh

footprint: ## measure the release app against its budgets: launch, memory, frames, CPU, input latency
	@scripts/footprint.sh

bindings: ## regenerate ui/src/ipc/bindings.ts from the Rust IPC types
	@S2C_UPDATE_BINDINGS=1 cargo test -p s2c-desktop --lib committed_bindings_match_the_rust_types

fmt: ## format Rust and check TypeScript
	@cargo fmt --all

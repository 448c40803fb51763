# Hearth — `make run` starts the product with demo data; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help
.PHONY: help tools ui-deps ui server build run types types-check lint test test-go test-ui e2e bench bench-chat lighthouse desktop speech-deps ocr-deps desktop-deps desktop-test desktop-windows desktop-journey desktop-perf screenshots clean

GO      ?= go
NPM     ?= npm
ADDR    ?= :8080
DATA    ?= ./data
SCRIPTS := build/scripts
UI_STAMP := frontend/node_modules/.installed

help: ## list the targets
	@grep -E '^[a-z-]+:.*##' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 14

tools: ## check that Go, Node and gcc are there
	@$(SCRIPTS)/check-tools.sh

$(UI_STAMP): frontend/package.json frontend/package-lock.json
	@$(SCRIPTS)/check-tools.sh
	cd frontend && $(NPM) ci --no-audit --no-fund
	@touch $@

ui-deps: $(UI_STAMP) ## install the UI's npm packages (npm ci)

ui: ui-deps ## build the UI into frontend/dist
	cd frontend && $(NPM) run build

server: ## build bin/hearth (embeds whatever frontend/dist holds)
	@$(SCRIPTS)/check-tools.sh
	$(GO) build -o bin/hearth ./cloud/cmd/hearth

build: ui server ## build the UI and the server

run: build ## start Hearth on embedded SQLite in ./data with demo data
	@SPEECH_DEPS_OPTIONAL=1 $(SCRIPTS)/ensure-speech-deps.sh
	@OCR_DEPS_OPTIONAL=1 $(SCRIPTS)/ensure-ocr-deps.sh
	@HEARTH_DEV=1 HEARTH_DATA_DIR=$(DATA) bin/hearth seed --demo
	@echo
	@addr="$(ADDR)"; case "$$addr" in :*) addr="localhost$$addr";; esac; \
	  echo "Hearth is starting at http://$$addr  (data in $(DATA), development mode)"
	@echo "Demo accounts, all with the password Demo@2026x:"
	@echo "  superadmin          platform super admin"
	@echo "  owner_evergreen     owner of Maple House AFH (premium) and Cedar Home AFH (essential); e-mailed code"
	@echo "  admin_maple         facility admin, Maple House AFH; e-mailed code"
	@echo "  caregiver_maple1    caregiver, Maple House AFH"
	@echo "  caregiver_maple2    caregiver, Maple House AFH"
	@echo "  caregiver_cedar1    caregiver, Cedar Home AFH"
	@echo "  owner_birch         owner of Birch Cottage AFH (free plan); e-mailed code"
	@echo "Door kiosk PINs: caregiver_maple1 2468, caregiver_maple2 1357. Maple House's demo kiosk"
	@echo "credential (header X-Kiosk-Credential): hk_demo-maple-front-door-kiosk-credential-2026"
	@echo "Sign-in codes are not e-mailed in development: they are printed in this log"
	@echo "(\"mail kept in development outbox\") and listed for superadmin at /api/system/dev/outbox."
	@echo
	HEARTH_DEV=1 HEARTH_DATA_DIR=$(DATA) HEARTH_ADDR=$(ADDR) exec bin/hearth serve

types: ## regenerate frontend/src/types/api.gen.ts from shared/
	$(GO) tool tygo generate --config tygo.yaml

types-check: ## fail when the generated TypeScript types are stale
	@cp frontend/src/types/api.gen.ts /tmp/hearth-api.gen.ts.before
	@$(GO) tool tygo generate --config tygo.yaml
	@cmp -s frontend/src/types/api.gen.ts /tmp/hearth-api.gen.ts.before || \
	  { echo "frontend/src/types/api.gen.ts was stale: it has been regenerated; commit it" >&2; exit 1; }
	@echo "types: up to date"

lint: ui-deps ## gofmt, go vet, staticcheck, golangci-lint, eslint, tsc and Redocly on the OpenAPI document
	@out=$$(gofmt -l cloud shared migrations frontend/embed.go desktop); [ -z "$$out" ] || { echo "gofmt needed:"; echo "$$out"; exit 1; }
	$(GO) vet ./cloud/... ./shared/... ./migrations/... ./frontend/... ./desktop/...
	@command -v staticcheck >/dev/null || [ -x "$$($(GO) env GOPATH)/bin/staticcheck" ] || $(GO) install honnef.co/go/tools/cmd/staticcheck@latest
	PATH="$$PATH:$$($(GO) env GOPATH)/bin" staticcheck ./cloud/... ./shared/... ./migrations/... ./desktop/...
	@GO=$(GO) $(SCRIPTS)/lint-go.sh
	cd frontend && $(NPM) run lint
	@$(SCRIPTS)/lint-openapi.sh

test: ## every test: types, lint, Go on SQLite and PostgreSQL, desktop core, UI unit tests, browser journeys, the kiosk under Xvfb
	@$(SCRIPTS)/check-tools.sh
	@$(SCRIPTS)/ensure-postgres.sh
	@$(SCRIPTS)/ensure-desktop-deps.sh
	@$(SCRIPTS)/ensure-speech-deps.sh
	@$(SCRIPTS)/ensure-ocr-deps.sh
	@trap '$(SCRIPTS)/stop-postgres.sh' EXIT; \
	  $(MAKE) --no-print-directory types-check lint test-go test-ui build desktop desktop-test e2e desktop-journey

test-go: ## Go tests (each store and service test runs on SQLite and PostgreSQL; the desktop core against a real cloud)
	$(GO) test -count=1 ./cloud/... ./shared/... ./migrations/... ./frontend/... ./desktop/...

test-ui: ui-deps ## UI unit tests (vitest)
	cd frontend && $(NPM) test

e2e: ## browser journeys in Debian's chromium against a real `hearth serve` (needs make build)
	@$(SCRIPTS)/ensure-chromium.sh
	@$(SCRIPTS)/e2e.sh

screenshots: build ## screenshots of the main screens at phone and desktop size, in Chinese, into artifacts/shell/
	@$(SCRIPTS)/ensure-chromium.sh
	@$(SCRIPTS)/screenshots.sh

bench: ## load test: a home's shift mix (every page's calls and the writes), 50 clients for 30 s with /healthz, on SQLite and PostgreSQL (BENCH_* in build/bench.sh; docs/performance.md)
	@$(SCRIPTS)/ensure-postgres.sh
	@trap '$(SCRIPTS)/stop-postgres.sh' EXIT; build/bench.sh

bench-chat: ## chat sockets: 10,000 idle (memory per socket) and a broadcast to 5,000 (p99 delay), about 30 s (docs/performance.md)
	cd cloud && $(GO) test -run '^$$' -bench ChatSockets -benchtime 1x ./platform/realtime/

lighthouse: ## Lighthouse figures of /login and two signed-in pages in Debian's chromium (needs make build; docs/performance.md)
	@$(SCRIPTS)/ensure-chromium.sh
	@$(SCRIPTS)/lighthouse.sh

speech-deps: ## install with apt the AI service's offline fallbacks: espeak-ng, apertium, apertium-eng-spa
	@$(SCRIPTS)/ensure-speech-deps.sh

ocr-deps: ## install with apt what reads documents' text: poppler-utils, tesseract-ocr with eng, spa, chi-sim, libheif-examples (HEIC photos)
	@$(SCRIPTS)/ensure-ocr-deps.sh

desktop-deps: ## install with apt what the desktop build and its tests need (GTK, WebKitGTK 4.1, Xvfb, mingw-w64, NSIS, PulseAudio)
	@$(SCRIPTS)/ensure-desktop-deps.sh

desktop: ui desktop-deps ## bin/hearth-desktop for Linux (Wails, WebKitGTK 4.1)
	@$(SCRIPTS)/desktop-build.sh linux

# The window's package needs Wails' build tags (WebKitGTK 4.1 here); test-go runs the rest of desktop/ untagged.
desktop-test: ui desktop-deps ## vet and test the Wails shell's package with its build tags (pages through Wails' own AssetServer)
	$(GO) vet -tags desktop,webkit2_41 ./desktop/
	$(GO) test -count=1 -tags desktop,webkit2_41 ./desktop/

desktop-windows: ui desktop-deps ## bin/hearth-desktop.exe and its installer bin/hearth-desktop-setup.exe (cross-compiled)
	@$(SCRIPTS)/desktop-build.sh windows

desktop-journey: ## the real window under Xvfb: the door kiosk's punches online and offline; the owner window's med pass offline (needs make build desktop)
	@$(SCRIPTS)/kiosk-journey.sh
	@$(SCRIPTS)/medpass-journey.sh

desktop-perf: ## desktop shell figures: binary sizes, cold start to first paint, idle memory (needs make build desktop)
	@$(SCRIPTS)/desktop-perf.sh

clean: ## remove build output (keeps ./data)
	rm -rf bin frontend/dist/assets frontend/dist/index.html

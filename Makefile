# The two set-up commands: `make run` and `make test`.
SHELL := /bin/bash
CHROME_PATH ?= $(firstword $(wildcard /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome))
export CHROME_PATH
GO_TEST_FLAGS ?= -count=1 -timeout 20m

.PHONY: run test build web go-test web-test e2e vet clean crash-test fleet-test fuzz bench lighthouse
.PHONY: lint lint-go e2e-run doc-links

## run: install what is missing, build the web app and the server, seed demo content, serve on :8080
run: build
	./bin/hyrox seed
	./bin/hyrox serve

## build: the web app, then the binary that embeds it
build: web
	go build -o bin/hyrox ./cmd/hyrox

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

# The web app is rebuilt only when one of its sources changed since the last build
# (web/dist/.built marks it), so `make test` after `make run` does not build it twice.
WEB_SOURCES := $(shell find web/src web/public web/scripts -type f 2>/dev/null) web/index.html web/package.json web/package-lock.json web/vite.config.ts $(wildcard web/tsconfig*.json)
web: web/dist/.built
web/dist/.built: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build
	touch $@

## test: go vet, Go lint, Go tests (PostgreSQL too when TEST_DATABASE_URL is set), crash test, fleet test (PostgreSQL and HAProxy), bounded fuzzing, web unit tests, browser e2e; each step is recorded by scripts/test-step.sh and the run ends with a summary of what passed, failed or was skipped and why
STEP := scripts/test-step.sh
PG_NOTE := $(if $(TEST_DATABASE_URL),SQLite and PostgreSQL,SQLite only: TEST_DATABASE_URL is not set)
test: build
	@$(STEP) start
	@$(STEP) run "go vet" -- $(MAKE) --no-print-directory vet
	@$(STEP) run "doc links" -- $(MAKE) --no-print-directory doc-links
	@$(STEP) run "Go lint (staticcheck)" -- $(MAKE) --no-print-directory lint-go
	@$(STEP) run "Go tests" --note "$(PG_NOTE)" -- $(MAKE) --no-print-directory go-test
	@$(STEP) run "crash test" --note "$(PG_NOTE)" -- $(MAKE) --no-print-directory crash-test
	@$(if $(TEST_DATABASE_URL),$(if $(HAPROXY),$(STEP) run "fleet test" -- $(MAKE) --no-print-directory fleet-test,$(STEP) skip "fleet test" "HAProxy not found: apt-get install haproxy"),$(STEP) skip "fleet test" "TEST_DATABASE_URL is not set: the instances share a PostgreSQL database")
	@$(STEP) run "fuzz ($(FUZZTIME) a target)" -- $(MAKE) --no-print-directory fuzz
	@$(STEP) run "Vitest and page budgets" -- $(MAKE) --no-print-directory web-test
	@$(if $(CHROME_PATH),$(STEP) run "Playwright e2e" --note "Chromium: $(CHROME_PATH)" -- $(MAKE) --no-print-directory e2e-run,$(STEP) skip "Playwright e2e" "no Chromium found: set CHROME_PATH or apt-get install chromium")
	@$(STEP) summary

## doc-links: every link to a file of the repo (Markdown links, docs/<file>.md#section in code comments) names a file and a section that exist
doc-links:
	node scripts/check-links.mjs

vet:
	go vet ./...
	go vet -tags 'crash bench' ./cmd/hyrox/

## lint: the linters (lint-go: staticcheck, a Go tool dependency in go.mod, every check including unused)
lint: lint-go
lint-go:
	go tool staticcheck ./...
	go tool staticcheck -tags 'crash bench' ./cmd/hyrox/

## crash-test: the real binary is SIGKILLed under write load ten times (every acknowledged write survives), SIGTERMed under load (no 5xx) and backed up under load (the restore holds every write acknowledged before), and flooded with 2,000 live-stream attempts from one account (4 held, /healthz answers); SQLite, and PostgreSQL when TEST_DATABASE_URL is set
crash-test:
	go test -count=1 -tags crash -timeout 5m -run 'TestCrash|TestGracefulShutdownUnderLoad|TestBackupUnderLoad|TestLiveStreamFlood' ./cmd/hyrox/

## fleet-test: three instances on one PostgreSQL schema behind HAProxy (round-robin); instances SIGKILLed and restarted under load: nothing acknowledged lost, sessions and logout across instances, one renewal, per-client rate limits (needs TEST_DATABASE_URL and haproxy)
HAPROXY := $(firstword $(shell command -v haproxy) $(wildcard /usr/sbin/haproxy))
fleet-test:
	@if [ -z "$$TEST_DATABASE_URL" ]; then \
		echo "SKIPPED: fleet test: TEST_DATABASE_URL is not set (the instances share a PostgreSQL database)."; \
	elif [ -z "$(HAPROXY)" ]; then \
		echo "SKIPPED: fleet test: HAProxy not found (apt-get install haproxy)."; \
	else \
		go test -count=1 -tags crash -timeout 5m -v -run 'TestFleet' ./cmd/hyrox/; \
	fi

## fuzz: every fuzz target (JSON body decoders, the Stripe webhook) for FUZZTIME each (default 3s); corpus in testdata/fuzz/
FUZZTIME ?= 3s
fuzz:
	FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

go-test:
	@if [ -z "$$TEST_DATABASE_URL" ]; then echo "NOTE: TEST_DATABASE_URL is not set: PostgreSQL store tests are skipped (SQLite only)."; fi
	go test $(GO_TEST_FLAGS) ./...

web-test: web/node_modules/.package-lock.json
	cd web && npm run check:api
	cd web && npm run lint
	cd web && npm test
	cd web && npm run size

e2e: build e2e-run
# e2e-run: the browser tests on what `build` made (make test builds once)
e2e-run:
	@if [ -z "$(CHROME_PATH)" ]; then \
		echo "SKIPPED: browser e2e tests: no Chromium found (set CHROME_PATH or apt-get install chromium)."; \
	else \
		cd web && CHROME_PATH=$(CHROME_PATH) npm run e2e; \
	fi

## bench: scale data (BENCH_ATHLETES, default 20000) on BENCH_DATABASE (sqlite or postgres: TEST_DATABASE_URL), the real server on CPU 0, wrk (closed loop) and vegeta (open loop) on CPU 1, medians of 3 runs, then the Go benchmark of the calendar month read on both databases, appended to bench-results.md; BENCH_POCKETBASE=1 also builds PocketBase from its Go module (bench/pocketbase, ~4 min the first time) and puts its list-records beside the feed on the same posts (needs wrk: apt-get install wrk); BENCH_FLAGS="-only 'log a workout,log food,like a post'" measures only those rows (each beside its same-SQL ceiling) and their mix
BENCH_ATHLETES ?= 20000
BENCH_DATABASE ?= sqlite
BENCH_FLAGS ?=
BENCH_POCKETBASE ?=
TASKSET_LOAD := $(if $(shell command -v taskset),taskset -c 1,)
bench: build
	@command -v wrk >/dev/null || { echo "make bench needs wrk: apt-get install wrk"; exit 1; }
	go build -o bin/hyrox-bench ./cmd/hyrox-bench
	$(if $(BENCH_POCKETBASE),cd bench/pocketbase && go build -o ../../bin/pocketbase-bench .)
	$(TASKSET_LOAD) ./bin/hyrox-bench -athletes $(BENCH_ATHLETES) -database $(BENCH_DATABASE) -pg "$(TEST_DATABASE_URL)" $(if $(BENCH_POCKETBASE),-pocketbase bin/pocketbase-bench) $(BENCH_FLAGS) | tee -a bench-results.md
	@echo "## Go benchmarks: the calendar month read, 2 years of history (mean and p99; target p99 < 10 ms)" | tee -a bench-results.md
	go test -run '^$$' -bench 'CalendarMonth' -benchtime 2000x ./internal/training/ | tee -a bench-results.md
	@if [ -n "$$TEST_DATABASE_URL" ]; then DBTEST_ENGINE=postgres go test -run '^$$' -bench 'CalendarMonth' -benchtime 2000x ./internal/training/ | tee -a bench-results.md; fi
	@echo "## Background import: a Strava export of 1,000 FIT activities (muktihari/fit testdata, varied), upload to done on one core, then with a second core for requests (-2), activities/s, reads at a steady rate beside it and the import's memory (SQLite, and PostgreSQL when TEST_DATABASE_URL is set)" | tee -a bench-results.md
	go test -run '^$$' -bench 'StravaExport1000' -benchtime 1x -cpu 1,2 -timeout 30m ./internal/server/ | grep -E '^Benchmark' | tee -a bench-results.md

## lighthouse: Lighthouse scores (mobile preset) of /, /pricing and /auth, then the signed-in pages as the demo Pro athlete, on the real binary behind HAProxy over HTTPS with HTTP/2, as deployed (needs Chromium and haproxy; TLS=0: plain HTTP/1.1)
lighthouse: build
	./scripts/lighthouse.sh

clean:
	rm -rf bin web/dist/assets web/dist/index.html* web/dist/prerendered web/dist/.built

# The two set-up commands: `make run` and `make test`.
SHELL := /bin/bash
CHROME_PATH ?= $(firstword $(wildcard /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome))
export CHROME_PATH
GO_TEST_FLAGS ?= -count=1

.PHONY: run test build web go-test web-test e2e vet clean crash-test fuzz bench lighthouse

## run: install what is missing, build the web app and the server, seed demo content, serve on :8080
run: build
	./bin/hyrox seed
	./bin/hyrox serve

## build: the web app, then the binary that embeds it
build: web
	go build -o bin/hyrox ./cmd/hyrox

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

web: web/node_modules/.package-lock.json
	cd web && npm run build

## test: go vet, Go tests (PostgreSQL too when TEST_DATABASE_URL is set), crash test, bounded fuzzing, web unit tests, browser e2e
test: build vet go-test crash-test fuzz web-test e2e

vet:
	go vet ./...
	go vet -tags 'crash bench' ./cmd/hyrox/

## crash-test: the real binary is SIGKILLed under write load ten times (every acknowledged write survives) and SIGTERMed under load (no 5xx); SQLite, and PostgreSQL when TEST_DATABASE_URL is set
crash-test:
	go test -count=1 -tags crash -timeout 5m -run 'TestCrash|TestGracefulShutdownUnderLoad' ./cmd/hyrox/

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

e2e: build
	@if [ -z "$(CHROME_PATH)" ]; then \
		echo "SKIPPED: browser e2e tests: no Chromium found (set CHROME_PATH or apt-get install chromium)."; \
	else \
		cd web && CHROME_PATH=$(CHROME_PATH) npm run e2e; \
	fi

## bench: scale data (BENCH_ATHLETES, default 20000) on BENCH_DATABASE (sqlite or postgres: TEST_DATABASE_URL), the real server on CPU 0 and vegeta on CPU 1, medians of 3 runs appended to bench-results.md
BENCH_ATHLETES ?= 20000
BENCH_DATABASE ?= sqlite
BENCH_FLAGS ?=
TASKSET_LOAD := $(if $(shell command -v taskset),taskset -c 1,)
bench: build
	go build -o bin/hyrox-bench ./cmd/hyrox-bench
	$(TASKSET_LOAD) ./bin/hyrox-bench -athletes $(BENCH_ATHLETES) -database $(BENCH_DATABASE) -pg "$(TEST_DATABASE_URL)" $(BENCH_FLAGS) | tee -a bench-results.md

## lighthouse: Lighthouse scores (mobile preset) of /, /pricing and /auth on the real binary (needs Chromium)
lighthouse: build
	./scripts/lighthouse.sh

clean:
	rm -rf bin web/dist/assets web/dist/index.html*

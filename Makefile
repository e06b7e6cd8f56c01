# OurPlanet — every task a newcomer needs. `make run` starts the app, `make test` runs all tests.
SWIFT ?= swift
ARGS ?=

.PHONY: all build run test test-tsan bench lint format clean snapshot

all: build

build:
	$(SWIFT) build

run: build
	$(SWIFT) run --skip-build ourplanet $(ARGS)

# Builds the app first: the end-to-end suites drive the real binary.
test: build
	$(SWIFT) test

# The reactive core under ThreadSanitizer (its own build folder so it never dirties the main one).
test-tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter RxCoreTests

bench:
	$(SWIFT) run -c release Benchmarks $(ARGS)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

# Rebuilds Resources/eonet (the bundled offline snapshot) from ../shared/data/eonet/v3.
snapshot:
	python3 Tests/Tools/make_snapshot.py

clean:
	rm -rf .build .build-tsan

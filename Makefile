# OurPlanet — every task a newcomer needs. `make run` starts the app, `make test` runs all tests.
SWIFT ?= swift
ARGS ?=
# Each test run keeps its whole output in a log and, when it fails, repeats the failures last.
SUMMARY = Tests/Tools/with-failure-summary.sh
# `make install` puts the app under $(DESTDIR)$(PREFIX): bin/ourplanet, share/ourplanet/ (the
# bundled data), share/man/man1/ourplanet.1, the completions where bash, zsh and fish look, and
# ourplanet-watch.service in SYSTEMD_USER_DIR (`watch` as a user service:
# `systemctl --user enable --now ourplanet-watch`).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL ?= install
# Where systemd looks for user units: under the prefix for /usr and /usr/local, and
# ~/.local/share/systemd/user for an install just for you (PREFIX=~/.local).
SYSTEMD_USER_DIR ?= $(if $(filter $(HOME)/.local,$(PREFIX)),$(PREFIX)/share/systemd/user,$(PREFIX)/lib/systemd/user)
# The release build for `install`, in its own folder: it never waits for (or dirties) the debug one,
# and a test that runs `make install` does not deadlock on the lock `swift test` holds on `.build`.
INSTALL_SCRATCH ?= .build-install
# An `ourplanet` already built to install instead of building a release one (the install test gives
# the one `make test` built: a second build of the whole package would double CI's time).
INSTALL_BINARY ?=

.PHONY: all build run test test-instrumented test-tsan test-resources bench lint format clean snapshot install uninstall fuzz

all: build

build:
	$(SWIFT) build

run: build
	$(SWIFT) run --skip-build ourplanet $(ARGS)

# Builds the app and the tests in one build first: the end-to-end suites drive the real binary, and
# refuse one older than the app's objects. `make test ARGS="--filter CommandLineParser"` runs one
# suite (`--filter 'Suite/test name'` one test), as `swift test` does.
test:
	$(SWIFT) build --build-tests
	$(SUMMARY) .build/test.log $(SWIFT) test --skip-build $(ARGS)

# One instrumented build for the two checks that need their own: ThreadSanitizer and RxSwift's leak
# check (`Resources.total`, compiled in only with TRACE_RESOURCES), in one build folder so the package
# compiles once for both. RxCore's suites run one test at a time (the count is process-wide, and each
# test's `.resourceCheck` compares it before and after); the other suites whose code crosses threads
# run in parallel: EONETKit (HTTP, cache, decoding off the main thread), the model and the screens
# (background loading, main-scheduler delivery) and TerminalUI (signals, the wake-up pipe, the main
# loop). The end-to-end suite is left out: it drives the app binary in tmux, so TSan would watch the
# test runner rather than the app, whose threads the suites above cover. So are the suites and tests
# of the others tagged `.spawnsProcess` (a fixture server, tmux, python; see Tests/Tools/spawning-tests.awk):
# their names come from the tags, since `swift test` 6.3 cannot skip by tag.
TSAN_SUITES ?= RxBlockingTests|EONETKitTests|OurPlanetModelTests|OurPlanetUITests|TerminalUITests
SPAWNING_TESTS = $(shell awk -f Tests/Tools/spawning-tests.awk $$(find Tests -name '*.swift' | sort))
TSAN_SKIP = $(if $(SPAWNING_TESTS),--skip '$(SPAWNING_TESTS)')
RESOURCE_SUITES ?= RxCoreTests
INSTRUMENTED = $(SWIFT) test --sanitize=thread -Xswiftc -DTRACE_RESOURCES --scratch-path .build-tsan
test-instrumented:
	$(SWIFT) build --build-tests --sanitize=thread -Xswiftc -DTRACE_RESOURCES --scratch-path .build-tsan
	$(SUMMARY) .build-tsan/resources.log $(INSTRUMENTED) --skip-build --no-parallel --filter '$(RESOURCE_SUITES)'
	$(SUMMARY) .build-tsan/tsan.log $(INSTRUMENTED) --skip-build --filter '$(TSAN_SUITES)' $(TSAN_SKIP)

# The two halves of `test-instrumented` on their own (same build folder).
test-tsan:
	$(SWIFT) build --build-tests --sanitize=thread -Xswiftc -DTRACE_RESOURCES --scratch-path .build-tsan
	$(SUMMARY) .build-tsan/tsan.log $(INSTRUMENTED) --skip-build --filter '$(TSAN_SUITES)' $(TSAN_SKIP)

test-resources:
	$(SWIFT) build --build-tests --sanitize=thread -Xswiftc -DTRACE_RESOURCES --scratch-path .build-tsan
	$(SUMMARY) .build-tsan/resources.log $(INSTRUMENTED) --skip-build --no-parallel --filter '$(RESOURCE_SUITES)'

# Builds every release product first: the launch benchmark runs the release `ourplanet` in tmux.
bench:
	$(SWIFT) build -c release
	$(SWIFT) run -c release --skip-build Benchmarks $(ARGS)

lint:
	$(SWIFT) format lint --strict --parallel --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

# Fuzzes the three readers of bytes from outside with libFuzzer, FUZZ_SECONDS each
# (`make fuzz FUZZ_SECONDS=600`): the decoder (server responses), the event archive reader (the cache
# read at every start) and the seen-state fast reader (the state file). Each entry point (Tests/Fuzz)
# is compiled with its readers' own sources, outside SwiftPM (module imports stripped: one module);
# a compile failure stops `make` with the compiler's output. Each corpus grows in
# .build-fuzz/corpus-<name> from the checked-in seeds (Tests/Fuzz/corpus, corpus-archive, corpus-seen),
# and a crash or hang is written to .build-fuzz/ as <name>-crash-* or -timeout-* (make it a
# regression test). `make fuzz-decoder`, `fuzz-archive`, `fuzz-seen` run one.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -sanitize=fuzzer,address -parse-as-library -O -package-name ourplanet -module-name OurPlanetFuzz
# Support's lock box is RxCore's (re-exported): its three files come along, their imports stripped.
FUZZ_RXCORE_SOURCES = $(addprefix Sources/RxCore/Internal/,Lock.swift LockedValue.swift UncheckedSendable.swift)
FUZZ_DECODER_SOURCES = $(wildcard Sources/EONETKit/Decoding/*.swift) $(wildcard Sources/EONETKit/Models/*.swift) \
  Sources/EONETKit/EONETError.swift $(wildcard Sources/Support/*.swift) $(FUZZ_RXCORE_SOURCES)
FUZZ_ARCHIVE_SOURCES = $(FUZZ_DECODER_SOURCES) $(wildcard Sources/EONETKit/Cache/EventArchive*.swift)
FUZZ_SEEN_SOURCES = $(FUZZ_DECODER_SOURCES) Sources/OurPlanetModel/Follow/SeenState.swift \
  Sources/OurPlanetModel/Follow/SeenState+Reading.swift Sources/OurPlanetModel/Follow/StateFile.swift \
  Tests/Fuzz/SeenStateStandIns.swift
.PHONY: fuzz-decoder fuzz-archive fuzz-seen
fuzz: fuzz-decoder fuzz-archive fuzz-seen

fuzz-decoder:
	$(MAKE) fuzz-one FUZZ_NAME=decoder FUZZ_SEEDS=Tests/Fuzz/corpus FUZZ_ENTRY=DecoderFuzzer \
	  FUZZ_SOURCES='$(FUZZ_DECODER_SOURCES)'

fuzz-archive:
	$(MAKE) fuzz-one FUZZ_NAME=archive FUZZ_SEEDS=Tests/Fuzz/corpus-archive FUZZ_ENTRY=ArchiveFuzzer \
	  FUZZ_SOURCES='$(FUZZ_ARCHIVE_SOURCES)'

fuzz-seen:
	$(MAKE) fuzz-one FUZZ_NAME=seen FUZZ_SEEDS=Tests/Fuzz/corpus-seen FUZZ_ENTRY=SeenStateFuzzer \
	  FUZZ_SOURCES='$(FUZZ_SEEN_SOURCES)'

# One fuzzer: its sources copied without their module imports (one module here; each copy named by
# its whole path, as Support and RxCore both have a LockedValue.swift), compiled (the
# linker's note about ASan's local symbols is dropped, every other line shown, a failure fatal), run.
.PHONY: fuzz-one
fuzz-one:
	rm -rf .build-fuzz/src-$(FUZZ_NAME) && mkdir -p .build-fuzz/src-$(FUZZ_NAME) .build-fuzz/corpus-$(FUZZ_NAME)
	for f in $(FUZZ_SOURCES) Tests/Fuzz/$(FUZZ_ENTRY).swift; do \
	  sed -e '/^import EONETKit$$/d' -e '/^import Support$$/d' -e '/^import RxCore$$/d' \
	    -e '/^@_exported import class RxCore\./d' "$$f" > .build-fuzz/src-$(FUZZ_NAME)/$$(echo "$$f" | tr / _); \
	done
	$(SWIFT)c $(FUZZ_FLAGS) .build-fuzz/src-$(FUZZ_NAME)/*.swift -o .build-fuzz/$(FUZZ_NAME)-fuzzer \
	  > .build-fuzz/$(FUZZ_NAME)-build.log 2>&1; status=$$?; \
	  grep -v "Cannot export local symbol '__asan" .build-fuzz/$(FUZZ_NAME)-build.log; \
	  if [ $$status -ne 0 ]; then echo "fuzz: $(FUZZ_ENTRY) does not compile (exit $$status)" >&2; exit 1; fi
	cp -n $(FUZZ_SEEDS)/* .build-fuzz/corpus-$(FUZZ_NAME)/
	SWIFT_BACKTRACE=enable=no .build-fuzz/$(FUZZ_NAME)-fuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=16384 \
	  -artifact_prefix=.build-fuzz/$(FUZZ_NAME)- -print_final_stats=1 .build-fuzz/corpus-$(FUZZ_NAME)

# Rebuilds the fuzzer's seed corpus (Tests/Fuzz/corpus) from ../shared/data/eonet.
.PHONY: fuzz-corpus
fuzz-corpus:
	python3 Tests/Tools/make_fuzz_corpus.py

# Rebuilds Resources/eonet (the bundled offline snapshot) from ../shared/data/eonet/v3.
snapshot:
	python3 Tests/Tools/make_snapshot.py

# Rebuilds the world map's land mask (generated Swift source in Sources/TerminalUI/Widgets) from
# ../shared/data/naturalearth/ne_110m_land.geojson.
.PHONY: landmask
landmask:
	python3 Tests/Tools/make_landmask.py

# Regenerates the arities of 2 to 8 sources from the templates in Tests/Tools: combineLatest and zip
# (Sources/RxCore/Operators/*+Arity.swift, Arities.swift.template), Single.zip and Maybe.zip
# (PrimitiveSequenceZip.swift.template) and Infallible.combineLatest and zip (InfallibleArity.swift.template,
# both in Sources/RxCore/Traits); `make arities ARGS=--check` only checks they are up to date.
.PHONY: arities
arities:
	python3 Tests/Tools/make_arities.py $(ARGS)

# Regenerates the README's tables that come from the declarations (the commands, the keys, the
# environment variables) between their `<!-- generated: ... -->` markers; `make docs ARGS=--check` only checks
# they are up to date (a diff and a failure otherwise). Uses the debug `ourplanet`, built first (a
# null build after `make test`).
.PHONY: docs
docs:
	$(SWIFT) build --product ourplanet
	python3 Tests/Tools/make_docs.py --binary "$$($(SWIFT) build --show-bin-path)/ourplanet" $(ARGS)

# The binary finds the data as <bin>/../share/ourplanet; the manual page comes from the binary itself
# (`ourplanet manual`), so it always matches `ourplanet --help`.
install:
	@test -n "$(PREFIX)" || { echo "PREFIX is empty" >&2; exit 2; }
	$(if $(INSTALL_BINARY),,$(SWIFT) build -c release --scratch-path $(INSTALL_SCRATCH) --product ourplanet)
	mkdir -p $(INSTALL_SCRATCH)
	bin="$(if $(INSTALL_BINARY),$(abspath $(dir $(INSTALL_BINARY))),$$($(SWIFT) build -c release --scratch-path $(INSTALL_SCRATCH) --show-bin-path))" && \
	  "$$bin/ourplanet" manual > $(INSTALL_SCRATCH)/ourplanet.1 && \
	  for shell in bash zsh fish; do \
	    "$$bin/ourplanet" --no-config completions $$shell > $(INSTALL_SCRATCH)/ourplanet.$$shell || exit 1; done && \
	  $(INSTALL) -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	    "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	    "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" && \
	  $(INSTALL) -m 755 "$$bin/ourplanet" "$(DESTDIR)$(PREFIX)/bin/ourplanet"
	$(INSTALL) -m 644 $(INSTALL_SCRATCH)/ourplanet.1 "$(DESTDIR)$(PREFIX)/share/man/man1/ourplanet.1"
	$(INSTALL) -m 644 $(INSTALL_SCRATCH)/ourplanet.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/ourplanet"
	$(INSTALL) -m 644 $(INSTALL_SCRATCH)/ourplanet.zsh "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_ourplanet"
	$(INSTALL) -m 644 $(INSTALL_SCRATCH)/ourplanet.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/ourplanet.fish"
	find Resources -type d | while IFS= read -r dir; do \
	  $(INSTALL) -d "$(DESTDIR)$(PREFIX)/share/ourplanet$${dir#Resources}" || exit 1; done
	find Resources -type f ! -name '.*' | while IFS= read -r file; do \
	  $(INSTALL) -m 644 "$$file" "$(DESTDIR)$(PREFIX)/share/ourplanet$${file#Resources}" || exit 1; done
	$(INSTALL) -d "$(DESTDIR)$(SYSTEMD_USER_DIR)"
	sed 's|@BINDIR@|$(PREFIX)/bin|g' systemd/ourplanet-watch.service.in > $(INSTALL_SCRATCH)/ourplanet-watch.service
	$(INSTALL) -m 644 $(INSTALL_SCRATCH)/ourplanet-watch.service "$(DESTDIR)$(SYSTEMD_USER_DIR)/ourplanet-watch.service"

# Removes what `install` put there (share/ourplanet is the app's own folder), and nothing else.
uninstall:
	@test -n "$(PREFIX)" || { echo "PREFIX is empty" >&2; exit 2; }
	rm -f "$(DESTDIR)$(PREFIX)/bin/ourplanet" "$(DESTDIR)$(PREFIX)/share/man/man1/ourplanet.1"
	rm -f "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/ourplanet" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_ourplanet" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/ourplanet.fish"
	rm -rf "$(DESTDIR)$(PREFIX)/share/ourplanet"
	rm -f "$(DESTDIR)$(SYSTEMD_USER_DIR)/ourplanet-watch.service"

clean:
	rm -rf .build .build-tsan .build-fuzz $(INSTALL_SCRATCH)

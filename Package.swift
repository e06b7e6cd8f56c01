// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "OurPlanet",
  products: [
    .library(name: "RxCore", targets: ["RxCore"]),
    .library(name: "RxTesting", targets: ["RxTesting"]),
    .library(name: "RxBlocking", targets: ["RxBlocking"]),
    .library(name: "RxFoundation", targets: ["RxFoundation"]),
    .executable(name: "ourplanet", targets: ["OurPlanetCLI"]),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    // libcurl: every HTTP request (http and https, TLS, proxies, decompression).
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    // The system zlib: DEFLATE for PNG images (the satellite imagery).
    .systemLibrary(
      name: "CZlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    .target(name: "RxCore"),
    .target(name: "RxTesting", dependencies: ["RxCore"]),
    // RxSwift's RxBlocking: operators that block the calling thread until a sequence ends, for tests.
    .target(name: "RxBlocking", dependencies: ["RxCore"]),
    // RxSwift's parts that need the whole of Foundation (OperationQueueScheduler), kept out of RxCore so
    // the core links only FoundationEssentials.
    .target(name: "RxFoundation", dependencies: ["RxCore"]),
    // What every module but RxCore shares: the atomic file writer, file locks, redaction; it passes on
    // RxCore's lock box, the one of the package.
    .target(name: "Support", dependencies: ["RxCore"]),
    .target(
      name: "EONETKit",
      dependencies: ["RxCore", "Support", "CCurl", "CZlib"],
      resources: [.copy("../../Resources")]
    ),
    .target(name: "TerminalUI", dependencies: ["RxCore", "CNcursesw", "Support"]),
    // The model: view models, catalog, formatting. It cannot see TerminalUI, so view models stay
    // free of curses by construction.
    .target(name: "OurPlanetModel", dependencies: ["RxCore", "EONETKit", "Support"]),
    // The screens: one type per screen and overlay, the navigator, the status-line presenter.
    .target(
      name: "OurPlanetUI", dependencies: ["RxCore", "EONETKit", "TerminalUI", "OurPlanetModel", "Support"]),
    .executableTarget(
      name: "OurPlanetCLI",
      dependencies: ["RxCore", "EONETKit", "TerminalUI", "OurPlanetModel", "OurPlanetUI", "Support"]
    ),
    // A tiny curses program the terminal harness tests drive (TerminalUI's own end-to-end check).
    .executableTarget(name: "TerminalUIDemo", dependencies: ["TerminalUI", "RxCore"]),
    // Test support: the loopback fixture server launcher, the tmux terminal harness, the seeded generator.
    .target(name: "TestSupport", dependencies: ["Support", "CCurl"]),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "RxCore", "RxTesting", "EONETKit", "TerminalUI", "OurPlanetModel", "OurPlanetUI", "TestSupport",
        "Support",
      ]
    ),
    .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxTesting", "RxBlocking", "RxFoundation"]),
    .testTarget(name: "RxBlockingTests", dependencies: ["RxBlocking", "RxCore", "RxTesting"]),
    .testTarget(name: "SupportTests", dependencies: ["Support"]),
    .testTarget(
      name: "EONETKitTests",
      dependencies: ["EONETKit", "RxCore", "RxTesting", "TestSupport", "Support"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "RxCore", "TestSupport"]),
    .testTarget(
      name: "OurPlanetModelTests",
      dependencies: ["OurPlanetModel", "RxCore", "RxTesting", "EONETKit", "TestSupport"]),
    .testTarget(
      name: "OurPlanetUITests",
      dependencies: [
        "OurPlanetUI", "OurPlanetModel", "TerminalUI", "RxCore", "RxTesting", "EONETKit", "TestSupport",
      ]
    ),
    // The parser, the option declarations and the manual, tested in the executable's own module.
    .testTarget(
      name: "OurPlanetCLITests",
      dependencies: ["OurPlanetCLI", "OurPlanetModel", "OurPlanetUI", "TerminalUI"]),
    // Depends on the app so `swift test --filter EndToEnd` builds the binary it drives, never a stale one.
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "OurPlanetCLI"]),
  ],
  swiftLanguageModes: [.v6]
)

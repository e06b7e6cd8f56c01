// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "OurPlanet",
  products: [
    .library(name: "RxCore", targets: ["RxCore"]),
    .library(name: "RxTesting", targets: ["RxTesting"]),
    .executable(name: "ourplanet", targets: ["OurPlanetCLI"]),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(name: "RxCore"),
    .target(name: "RxTesting", dependencies: ["RxCore"]),
    .target(
      name: "EONETKit",
      dependencies: ["RxCore"],
      resources: [.copy("../../Resources")]
    ),
    .target(name: "TerminalUI", dependencies: ["RxCore", "CNcursesw"]),
    .target(name: "OurPlanet", dependencies: ["RxCore", "EONETKit", "TerminalUI"]),
    .executableTarget(
      name: "OurPlanetCLI",
      dependencies: ["RxCore", "EONETKit", "TerminalUI", "OurPlanet"]
    ),
    // A tiny curses program the terminal harness tests drive (TerminalUI's own end-to-end check).
    .executableTarget(name: "TerminalUIDemo", dependencies: ["TerminalUI", "RxCore"]),
    // Test support: the loopback fixture server launcher and the tmux terminal harness.
    .target(name: "TestSupport"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["RxCore", "EONETKit", "TerminalUI", "OurPlanet", "TestSupport"]
    ),
    .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxTesting"]),
    .testTarget(
      name: "EONETKitTests",
      dependencies: ["EONETKit", "RxCore", "RxTesting", "TestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "RxCore", "TestSupport"]),
    .testTarget(name: "OurPlanetTests", dependencies: ["OurPlanet", "RxCore", "RxTesting", "EONETKit"]),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.1
import PackageDescription

/// Where `Scripts/bootstrap.sh` links the C++ runtime's static archive (`libstdc++.a`), so that `ripple` takes it
/// instead of `libstdc++.so` (docs/performance.md, T4). Without the link `ripple` uses the shared one, as before.
let staticCxxDirectory = String(#filePath.dropLast("Package.swift".count)) + ".build-cxx"

let package = Package(
    name: "Ripple",
    // No `platforms:` line: it sets the lowest Apple OS versions, and Ripple is built and tested on Linux only
    // (x86_64, Debian 12, Swift 6.3). macOS is not built nor tested: it would need at least a replacement for
    // `_FoundationICU` (a module of the Linux toolchain) and macOS 15 for Synchronization (docs/architecture.md).
    products: [
        .executable(name: "ripple", targets: ["ripple"]),
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "LuaBridge", targets: ["LuaBridge"]),
        .library(name: "FetchedResults", targets: ["FetchedResults"]),
        .library(name: "ViewControllers", targets: ["ViewControllers"]),
        .library(name: "CollectionViews", targets: ["CollectionViews"]),
        .library(name: "Scripting", targets: ["Scripting"]),
        .library(name: "RippleRunner", targets: ["RippleRunner"]),
        .library(name: "RippleTools", targets: ["RippleTools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // C layer
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // No `link` line and no pkg-config libraries: each product links SQLite itself (`ripple` statically, T4).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Benchmark-only C helpers (allocation counter, hand-written C property and SQLite references)
        .target(name: "CRippleBench", dependencies: ["CLua", "CSQLite"]),

        // Domain libraries (no Lua)
        .target(
            name: "ObjectGraph",
            dependencies: ["CSQLite", .product(name: "Collections", package: "swift-collections")],
            // No unsafe flags in library targets: the hot stored properties carry `@exclusivity(unchecked)`
            // instead of `-enforce-exclusivity=unchecked` (docs/performance.md, Session 10 → exclusivity).
            // ICU (the toolchain's _FoundationICU, as Foundation uses): MATCHES, [c]/[d] folding, collation.
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),

        .target(name: "ViewControllers", dependencies: ["ObjectGraph"]),
        .target(name: "FetchedResults", dependencies: ["ObjectGraph"]),
        .target(name: "CollectionViews", dependencies: ["ObjectGraph", "FetchedResults"]),

        // Lua bridge (knows no domain type)
        .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim"]),

        // The Lua front end: the engine and the `ripple` module (bindings over the domain), the trace
        .target(
            name: "Scripting",
            dependencies: ["ObjectGraph", "FetchedResults", "CollectionViews", "ViewControllers", "LuaBridge"],
            // Lua/*.lua (the test DSL, the sandbox) are compiled into `LuaChunk`s at build time.
            exclude: ["Lua"],
            plugins: ["LuaChunks"]
        ),
        // The build step of the Lua chunks: compiles a `.lua` file into Swift source (text and bytecode).
        .executableTarget(name: "ripple-luac", dependencies: ["CLua"]),
        // The runner: scenario files, one engine per file, the HTML report page, goldens, reporters
        .target(name: "RippleRunner", dependencies: ["Scripting", "LuaBridge"]),
        // The tools over the engine: REPL session, annotations and the API reference (`ripple types`, `:help`)
        .target(name: "RippleTools", dependencies: ["Scripting", "LuaBridge", "ObjectGraph"]),
        .plugin(name: "LuaChunks", capability: .buildTool(), dependencies: ["ripple-luac"]),

        // A seeded random number generator shared by the runner's shuffle, the benchmarks and the tests.
        .target(name: "SeededRandom"),

        // Tools
        .executableTarget(
            name: "ripple",
            dependencies: ["Scripting", "RippleRunner", "RippleTools", "CEdit", "SeededRandom", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            // The Swift runtime linked statically: start-up is dominated by loading the shared Swift and
            // Foundation libraries (ArgumentParser needs FoundationEssentials); see docs/performance.md, T4.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections",
                                           "-lswiftSynchronization",
                                           // Not position-independent: the loader then has no relative relocations to
                                           // apply (54k, and the pages they dirty) at every start (T4).
                                           "-Xclang-linker", "-no-pie",
                                           // The static stdlib's link arguments export every symbol of the
                                           // executable (-export-dynamic): 8,500 dynamic symbols that the
                                           // runtime's one dladdr at start-up scans (0.3M instructions, T4).
                                           "-Xlinker", "--no-export-dynamic",
                                           // SQLite linked statically (Debian's libsqlite3.a): libsqlite3.so binds
                                           // 1,500 of its own symbols at every load, used or not (1.2M instructions, T4).
                                           "-Xlinker", "-l:libsqlite3.a",
                                           // The C++ runtime (the static Foundation ICU needs it) from its static
                                           // archive when bootstrap.sh linked one here: the loader binds 1,700 of
                                           // libstdc++.so's symbols at every start (1.9M instructions, T4). The
                                           // toolchain's own -lstdc++ comes before _FoundationICU, so it is asked
                                           // for once more after it; the directory is searched before gcc's.
                                           // SwiftPM does not see the link: after running bootstrap.sh on an
                                           // existing build, relink (`rm .build/*/ripple`) to pick it up.
                                           "-Xclang-linker", "-L" + staticCxxDirectory, "-lstdc++"],
                                          .when(platforms: [.linux])),
                             .linkedLibrary("sqlite3", .when(platforms: [.macOS]))]
        ),
        .executableTarget(
            name: "ripple-bench",
            dependencies: ["Scripting", "ObjectGraph", "FetchedResults", "CollectionViews", "LuaBridge", "CLua", "CRippleBench", "SeededRandom"],
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),

        // Tests
        // The test bundle links SQLite (for every test target: CSQLite names no library itself).
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph", "SeededRandom"], linkerSettings: [.linkedLibrary("sqlite3")]),
        .testTarget(name: "ViewControllersTests", dependencies: ["ViewControllers", "ObjectGraph", "SeededRandom"]),
        .testTarget(name: "FetchedResultsTests", dependencies: ["FetchedResults", "ObjectGraph", "SeededRandom"]),
        .testTarget(name: "CollectionViewsTests", dependencies: ["CollectionViews", "FetchedResults", "ObjectGraph", "SeededRandom"]),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge"]),
        .testTarget(name: "ScriptingTests", dependencies: ["Scripting", "RippleRunner", "RippleTools", "ObjectGraph", "CollectionViews", "SeededRandom"]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scripting", "RippleRunner"]),
        // Runs the built `ripple` executable (built by `swift build` / `swift test` with the other products);
        // not a target dependency, which would link the executable's code into the test bundle.
        .testTarget(name: "CLITests"),
    ],
    swiftLanguageModes: [.v6]
)

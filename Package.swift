// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "checkoutd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "checkoutd", targets: ["checkoutd"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
        .library(name: "CheckoutCore", targets: ["CheckoutCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The thin domain core: values and rules, no I/O, no JSON-RPC. swift-crypto
        // supplies every cryptographic primitive the JWE composition uses.
        .target(name: "CheckoutCore", dependencies: [
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "CryptoExtras", package: "swift-crypto"),
        ]),
        // A generic JSON-RPC 2.0 engine over a pair of file descriptors.
        .target(name: "JSONRPC", dependencies: [
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The method table: params → core → result, and the service's state.
        .target(name: "CheckoutService", dependencies: [
            "CheckoutCore", "JSONRPC",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // libpq, PostgreSQL's own C client library (Debian: libpq-dev for its header,
        // libpq5 to run), loaded when a PostgreSQL store is opened rather than linked:
        // the server's reference client, with no event loop of its own to host, which
        // suits a store called from a few worker threads; and a process without a
        // PostgreSQL store starts without it and the libraries it brings.
        .target(name: "CLibPQ"),
        // The platform's state behind --data: sessions, challenges, tokens and the
        // sealed platform key, in SQLite (GRDB) or PostgreSQL (libpq), shared by
        // every checkoutd process on the store.
        .target(name: "CheckoutStore", dependencies: [
            "CheckoutCore", "CLibPQ",
            .product(name: "GRDB", package: "GRDB.swift"),
            // SQLite's own C calls, which GRDB builds on, for the store's statements.
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The executable: flags, stdio wiring, exit codes.
        .executableTarget(name: "checkoutd", dependencies: [
            "CheckoutService", "CheckoutStore", "JSONRPC",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "CheckoutCoreTests", dependencies: ["CheckoutCore"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),
        .testTarget(name: "CheckoutStoreTests", dependencies: [
            "CheckoutStore", "CheckoutCore", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "CheckoutServiceTests", dependencies: ["CheckoutService", "CheckoutCore", "JSONRPC"]),
        .testTarget(name: "CheckoutdTests", dependencies: ["checkoutd", "CheckoutCore"]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/), only in the graph when scripts/fuzz sets CHECKOUTD_FUZZ, so the
// normal build never compiles them. Each is a static library holding the
// `LLVMFuzzerTestOneInput` entry point; scripts/fuzz builds it with -sanitize=fuzzer and
// links it into a libFuzzer executable (an executable target would get SwiftPM's renamed
// `main`, which libFuzzer's own `main` clashes with).
if Context.environment["CHECKOUTD_FUZZ"] != nil {
    let fuzzers: [(name: String, dependencies: [Target.Dependency])] = [
        ("line-handler", ["CheckoutService", "CheckoutCore", "JSONRPC", .product(name: "Logging", package: "swift-log")]),
        ("mask", ["CheckoutCore"]),
        ("card-brand", ["CheckoutCore"]),
        ("expiry", ["CheckoutCore"]),
    ]
    for fuzzer in fuzzers {
        package.targets.append(.target(name: "fuzz-\(fuzzer.name)", dependencies: fuzzer.dependencies,
                                       path: "Fuzz/Targets/\(fuzzer.name)"))
        package.products.append(.library(name: "fuzz-\(fuzzer.name)", type: .static, targets: ["fuzz-\(fuzzer.name)"]))
    }
}

import CheckoutCore
@testable import checkoutd
import Testing

/// The command line as `Invocation.read` takes it apart: commands, both forms of
/// a flag, `--`, help and version, and every way a command line can be wrong.
@Suite struct InvocationTests {
    static let instant = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!

    static var frozen: ServiceOptions {
        var options = ServiceOptions()
        options.clock = instant
        return options
    }

    @Test(arguments: [
        ([], Invocation.serve(ServiceOptions())),
        (["serve"], .serve(ServiceOptions())),
        (["--clock", "2026-11-21T10:00:00Z"], .serve(frozen)),
        (["--clock=2026-11-21T10:00:00Z"], .serve(frozen)),
        (["serve", "--clock", "2026-11-21T10:00:00Z"], .serve(frozen)),
        (["call", "service.info"], .call(method: "service.info", params: "{}", options: ServiceOptions())),
        (["call", "mask.apply", #"{"value":"1"}"#], .call(method: "mask.apply", params: #"{"value":"1"}"#, options: ServiceOptions())),
        (["call", "--clock", "2026-11-21T10:00:00Z", "service.info"], .call(method: "service.info", params: "{}", options: frozen)),
        (["call", "service.info", "{}", "--clock", "2026-11-21T10:00:00Z"], .call(method: "service.info", params: "{}", options: frozen)),
        (["call", "--", "service.info", "-1"], .call(method: "service.info", params: "-1", options: ServiceOptions())),
        (["--version"], .version),
        (["call", "service.info", "--version"], .version),
    ] as [([String], Invocation)])
    func readsWhatTheCommandLineAsks(arguments: [String], expected: Invocation) throws {
        #expect(try Invocation.read(arguments) == expected)
    }

    @Test func everyFlagSetsItsOption() throws {
        let arguments = ["--log-level", "debug", "--max-line-bytes", "64", "--session-ttl=1", "--catalog", "c.json",
                         "--iin", "i.json", "--rates", "r.json", "--private-key", "k.pem", "--data", "d.sqlite",
                         "--card-brands", "b.json", "--asset-url=https://cdn.example.com/checkout"]
        guard case .serve(let options) = try Invocation.read(arguments) else {
            Issue.record("not a serve invocation")
            return
        }
        #expect(options.logLevel == .debug)
        #expect(options.maxLineBytes == 64)
        #expect(options.sessionTimeToLive == 1)
        #expect([options.catalog, options.iin, options.rates, options.privateKey, options.data, options.cardBrands]
                == ["c.json", "i.json", "r.json", "k.pem", "d.sqlite", "b.json"])
        #expect(options.assetBase.url == "https://cdn.example.com/checkout/")
    }

    @Test func theAssetBaseDefaultsToAHostThatCannotExist() throws {
        #expect(ServiceOptions().assetBase.url == "https://assets.checkoutd.invalid/")
        let configuration = try ServiceOptions().makeConfiguration()
        #expect(configuration.assetBase == .default)
        #expect(configuration.brands.brand(code: "visa")?.images.first?.url == "https://assets.checkoutd.invalid/brands/visa.svg")
    }

    /// `--asset-url` gives the brand images and `--card-brands` the brand table.
    @Test func theBrandFlagsMakeTheConfiguration() throws {
        var options = ServiceOptions()
        options.cardBrands = #filePath.replacingOccurrences(of: "Tests/CheckoutdTests/InvocationTests.swift",
                                                            with: "Data/brands-access-checkout.json")
        options.assetBase = try #require(AssetBase("http://localhost:8000/a"))
        let configuration = try options.makeConfiguration()
        #expect(configuration.brands.brands.map(\.code) == ["amex", "diners", "discover", "jcb", "maestro", "mastercard", "visa"])
        #expect(configuration.brands.brand(ofCardNumber: "6200")?.code == "maestro")
        #expect(configuration.brands.brands.allSatisfy { $0.images.allSatisfy { $0.url.hasPrefix("http://localhost:8000/a/brands/") } })
    }

    @Test(arguments: [
        (["-h"], nil), (["--help"], nil), (["help"], nil),
        (["serve", "--help"], Command.serve), (["help", "serve"], .serve),
        (["call", "-h"], .call), (["help", "call"], .call), (["call", "x", "--help"], .call),
    ] as [([String], Command?)])
    func helpDescribesTheCommandAsked(arguments: [String], command: Command?) throws {
        let expected = Usage.text(for: command)
        #expect(try Invocation.read(arguments) == .help(expected))
        #expect(expected.contains(command == .call ? "checkoutd call METHOD" : "checkoutd [serve]"))
    }

    /// Help lists every flag the reader accepts, and wraps within 80 columns.
    @Test(arguments: [nil, Command.serve, .call])
    func helpListsEveryFlag(command: Command?) {
        let text = Usage.text(for: command)
        for flag in ServiceOptions.flags {
            #expect(text.contains("\(flag.name) \(flag.valueName)"), "\(flag.name)")
        }
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// The flags at their bounds: the latest clock that leaves a whole session before 9999-12-31T23:59:59Z.
    @Test func flagsAtTheirBoundsAreTaken() throws {
        guard case .serve(let options) = try Invocation.read(
            ["--clock", "9999-12-31T22:59:59Z", "--max-line-bytes", "1073741824", "--session-ttl", "3600"]) else {
            Issue.record("not serve")
            return
        }
        #expect(options.maxLineBytes == 1 << 30)
        #expect(options.clock.map { $0.adding(seconds: options.sessionTimeToLive) } == Timestamp.latest)
        #expect(throws: Never.self) { try Invocation.read(["--session-ttl", "31622400"]) }
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["-x"], "unknown option '-x'"),
        (["--clock"], "missing value for '--clock RFC3339'"),
        (["--clock", "yesterday"], "invalid value 'yesterday' for '--clock'"),
        (["--clock=2026-13-01T00:00:00Z"], "invalid value '2026-13-01T00:00:00Z' for '--clock'"),
        (["--log-level", "loud"], "invalid value 'loud' for '--log-level'"),
        (["--max-line-bytes", "lots"], "invalid value 'lots' for '--max-line-bytes'"),
        (["--max-line-bytes", "63"], "from 64 to 1073741824"),
        (["--session-ttl", "0"], "invalid value '0' for '--session-ttl'"),
        (["--session-ttl", "-5"], "invalid value '-5' for '--session-ttl'"),
        (["--session-ttl", "9223372036854775807"], "from 1 to 31622400 (366 days)"),
        (["--session-ttl", "31622401"], "invalid value '31622401' for '--session-ttl'"),
        (["--max-line-bytes", "9223372036854775807"], "from 64 to 1073741824 (1 GiB)"),
        (["--max-line-bytes", "1073741825"], "invalid value '1073741825' for '--max-line-bytes'"),
        (["--clock", "9999-12-31T23:00:00Z"], "--clock 9999-12-31T23:00:00Z leaves less than 3600 seconds"),
        (["--clock", "9999-12-31T23:59:00Z", "--session-ttl", "1"], "leaves less than 600 seconds"),
        (["--session-ttl=31622400", "--clock", "9998-12-31T23:00:00Z"], "leaves less than 31622400 seconds"),
        (["--asset-url", "cdn.example.com/assets"], "invalid value 'cdn.example.com/assets' for '--asset-url': expected an absolute URL"),
        (["--asset-url=https://cdn.example.com/?v=1"], "invalid value 'https://cdn.example.com/?v=1' for '--asset-url'"),
        (["--card-brands"], "missing value for '--card-brands PATH'"),
        (["serve", "extra"], "unexpected argument 'extra'"),
        (["extra"], "unexpected argument 'extra'"),
        (["call"], "missing the METHOD to call"),
        (["call", "service.info", "{}", "extra"], "unexpected argument 'extra'"),
        (["help", "nothing"], "'help' takes one of: serve, call"),
        (["help", "serve", "call"], "'help' takes one of: serve, call"),
    ] as [([String], String)])
    func aWrongCommandLineSaysWhatIsWrong(arguments: [String], message: String) {
        #expect {
            try Invocation.read(arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }
}

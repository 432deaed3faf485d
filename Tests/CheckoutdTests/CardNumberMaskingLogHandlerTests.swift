@testable import checkoutd
import Logging
import Synchronization
import Testing

/// Log lines never carry a full card number (API.md 9.9), whatever a request makes
/// checkoutd log: the handler masks the message, the metadata and attached errors.
@Suite struct CardNumberMaskingLogHandlerTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Keeps what reaches it, as the stream handler would write it.
    struct Recorder: LogHandler {
        let events: Lines
        var logLevel = Logger.Level.trace
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
            let line = "\(event.message) " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            events.append(line)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "no token 4000-0000-0000-0002" }
    }

    @Test func masksTheMessageTheMetadataAndErrors() {
        let recorder = Recorder(events: Lines())
        let events = recorder.events
        var logger = Logger(label: "test") { _ in CardNumberMaskingLogHandler(wrapping: recorder) }
        logger[metadataKey: "customer"] = "cus_4111111111111111"
        logger.debug("unknown method 4242424242424242.init", metadata: [
            "method": "\("4242424242424242.init")",
            "4111 1111 1111 1111": ["nested": "5555-5555-5555-4444"],
            "list": ["378282246310005", "12/28"],
        ])
        logger.error("store failed", error: Failure())
        #expect(events.all == [
            #"unknown method 424242XXXXXX4242.init 4111 11XX XXXX 1111=["nested": "5555-55XX-XXXX-4444"] "#
                + #"customer=cus_411111XXXXXX1111 list=["378282XXXXX0005", "12/28"] method=424242XXXXXX4242.init"#,
            "store failed customer=cus_411111XXXXXX1111 error=no token 4000-00XX-XXXX-0002",
        ])
    }

    @Test func leavesLinesWithoutCardNumbersAsTheyAre() {
        let recorder = Recorder(events: Lines())
        let events = recorder.events
        let logger = Logger(label: "test") { _ in CardNumberMaskingLogHandler(wrapping: recorder) }
        logger.info("token stored", metadata: ["token": "tok_1d8da5b660d3e15e3966b07b0b750dde", "bin": "424242", "last4": "4242"])
        #expect(events.all == ["token stored bin=424242 last4=4242 token=tok_1d8da5b660d3e15e3966b07b0b750dde"])
    }
}

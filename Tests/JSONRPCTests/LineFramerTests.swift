@testable import JSONRPC
import Testing

@Suite("Line framing")
struct LineFramerTests {
    /// The events framing `chunks` gives, through the copying API; every test
    /// also checks that the borrowing one (the read loop's) gives the same.
    func events(_ chunks: [String], limit: Int = 16, finish: Bool = false) -> [LineFramer.Event] {
        var framer = LineFramer(maxLineBytes: limit)
        var events: [LineFramer.Event] = []
        for chunk in chunks {
            framer.append(Array(chunk.utf8))
            while let event = framer.next() { events.append(event) }
        }
        if finish, let last = framer.finish() { events.append(last) }
        #expect(borrowedEvents(chunks, limit: limit, finish: finish) == events)
        return events
    }

    func borrowedEvents(_ chunks: [String], limit: Int, finish: Bool) -> [LineFramer.Event] {
        var framer = LineFramer(maxLineBytes: limit)
        var events: [LineFramer.Event] = []
        func keep(_ event: LineFramer.BorrowedEvent) { events.append(LineFramer.copy(event)) }
        for chunk in chunks {
            framer.append(Array(chunk.utf8))
            while framer.next(keep) {}
        }
        if finish { framer.finish(keep) }
        return events
    }

    func line(_ text: String) -> LineFramer.Event { .line(Array(text.utf8)) }

    @Test func splitsOnNewlinesAcrossChunks() {
        #expect(events(["ab", "c\nde", "f\n\ng\n"]) == [line("abc"), line("def"), line("g")])
    }

    @Test func dropsCarriageReturnsAndBlankLines() {
        #expect(events(["a\r\n\r\n  \n\tb\r\n"]) == [line("a"), line("\tb")])
    }

    @Test func reportsAnOverLongLineOnceAndServesTheNext() {
        let long = String(repeating: "x", count: 40)
        #expect(events([long + "\nok\n"]) == [.lineTooLong, line("ok")])
        #expect(events([String(long.prefix(10)), String(long.dropFirst(10)), "yy", "\nok\n"]) == [.lineTooLong, line("ok")])
    }

    @Test func aLineOfExactlyTheLimitIsAccepted() {
        let exact = String(repeating: "x", count: 16)
        #expect(events([exact + "\r\n"]) == [line(exact)])
        #expect(events([exact + "x\n"]) == [.lineTooLong])
    }

    func yieldedLines(_ framer: inout LineFramer) -> [String] {
        var lines: [String] = []
        while let event = framer.next() {
            guard case .line(let bytes) = event else { Issue.record("unexpected \(event)"); break }
            lines.append(String(decoding: bytes, as: UTF8.self))
        }
        return lines
    }

    /// Input read in place: each read is offered at least the room asked for,
    /// just after the bytes held, and a read that brings nothing (end of input)
    /// or fails changes nothing and is answered as it was.
    @Test func readsIntoTheRoomAfterTheBytesHeld() {
        var framer = LineFramer(maxLineBytes: 64)
        var offered: [Int] = []
        for (piece, atMost) in [("ab", 3), ("c\nde", 300), ("f\n", 5)] {
            let filled = framer.read(atMost: atMost) { room in
                offered.append(room.count)
                Array(piece.utf8).withUnsafeBytes { room.copyMemory(from: $0) }
                return piece.utf8.count
            }
            #expect(filled == piece.utf8.count)
        }
        #expect(offered == [3, 300, 5])
        #expect(framer.read(atMost: 8) { _ in -1 } == -1)
        #expect(framer.read(atMost: 8) { _ in 0 } == 0)
        #expect(yieldedLines(&framer) == ["abc", "def"])
    }

    @Test func finishReturnsAnUnterminatedLastLine() {
        #expect(events(["a\nb"], finish: true) == [line("a"), line("b")])
        #expect(events(["a\n"], finish: true) == [line("a")])
    }
}

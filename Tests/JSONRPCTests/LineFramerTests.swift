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

    /// Twenty four-byte lines, "l00\n" to "l19\n", and the start of another.
    static let twentyLinesAndAPartOne = (0..<20).map { "l" + ($0 < 10 ? "0" : "") + "\($0)\n" }.joined() + "ta"

    func yieldedLines(_ framer: inout LineFramer) -> [String] {
        var lines: [String] = []
        while let event = framer.next() {
            guard case .line(let bytes) = event else { Issue.record("unexpected \(event)"); break }
            lines.append(String(decoding: bytes, as: UTF8.self))
        }
        return lines
    }

    @Test func theUnfinishedLineGoesOnInTheNextFramer() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array(Self.twentyLinesAndAPartOne.utf8))
        var unfinished = Array("left over".utf8)
        #expect(framer.detachUnfinishedLine(whenWholeLinesReach: 80, into: &unfinished))
        #expect(unfinished == Array("ta".utf8), "the old bytes are replaced")
        #expect(yieldedLines(&framer) == (0..<20).map { $0 < 10 ? "l0\($0)" : "l\($0)" })
        #expect(!framer.hasPartialLine)
        framer.finish { _ in Issue.record("the unfinished line left this framer") }
        var next = LineFramer(maxLineBytes: 16)
        next.append(unfinished)
        next.append(Array("il\nmore".utf8))
        #expect(yieldedLines(&next) == ["tail"])
        #expect(next.finish() == .line(Array("more".utf8)))
    }

    @Test func aReadEndingInANewlineLeavesAnEmptyUnfinishedLine() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array("abc\ndef\n".utf8))
        var unfinished = Array("x".utf8)
        #expect(framer.detachUnfinishedLine(whenWholeLinesReach: 8, into: &unfinished))
        #expect(unfinished.isEmpty)
        #expect(yieldedLines(&framer) == ["abc", "def"])
    }

    @Test func nothingIsDetachedBelowTheMinimumOrWhileAnOverLongLineIsSkipped() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array(Self.twentyLinesAndAPartOne.utf8))
        var unfinished: [UInt8] = []
        #expect(!framer.detachUnfinishedLine(whenWholeLinesReach: 81, into: &unfinished), "80 bytes of whole lines are held")
        #expect(framer.hasPartialLine, "nothing changed")
        #expect(yieldedLines(&framer).count == 20)
        #expect(framer.finish() == .line(Array("ta".utf8)))
        var skipping = LineFramer(maxLineBytes: 4)
        skipping.append(Array("far too long".utf8))
        #expect(skipping.next() == .lineTooLong)
        skipping.append(Array(" still\nab\ncd\nef\ng".utf8))
        #expect(!skipping.detachUnfinishedLine(whenWholeLinesReach: 1, into: &unfinished))
        #expect(yieldedLines(&skipping) == ["ab", "cd", "ef"])
    }

    /// Lines already yielded do not count: only the whole lines still held.
    @Test func yieldedLinesDoNotCountTowardsTheMinimum() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array("aaaaaaaaa\n".utf8))
        #expect(yieldedLines(&framer) == ["aaaaaaaaa"])
        framer.append(Array("bb\ncc\nd".utf8))
        var unfinished: [UInt8] = []
        #expect(!framer.detachUnfinishedLine(whenWholeLinesReach: 7, into: &unfinished))
        #expect(framer.detachUnfinishedLine(whenWholeLinesReach: 6, into: &unfinished))
        #expect(unfinished == Array("d".utf8))
        #expect(yieldedLines(&framer) == ["bb", "cc"])
    }

    /// A long line arriving in many reads is searched for its newline once,
    /// and the whole lines after it count once it is whole.
    @Test func aLongLineReadInPiecesIsHeldUntilItsNewlineArrives() {
        var framer = LineFramer(maxLineBytes: 1_000)
        let long = String(repeating: "x", count: 600)
        var unfinished: [UInt8] = []
        for piece in 0..<6 {
            framer.append(Array(long.utf8.dropFirst(piece * 100).prefix(100)))
            #expect(!framer.detachUnfinishedLine(whenWholeLinesReach: 50, into: &unfinished))
            #expect(framer.next() == nil)
        }
        framer.append(Array(("\n" + (0..<10).map { "s\($0)\n" }.joined() + "par").utf8))
        #expect(framer.detachUnfinishedLine(whenWholeLinesReach: 50, into: &unfinished))
        #expect(unfinished == Array("par".utf8))
        #expect(yieldedLines(&framer) == [long] + (0..<10).map { "s\($0)" })
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

    @Test func aDeclinedOfferLeavesTheLineToBeOfferedAgain() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array("a\n\nb\nc\n".utf8))
        var offered: [String] = []
        func take(_ line: String) -> (LineFramer.BorrowedEvent) -> Bool {
            { event in
                guard case .line(let bytes) = event else { return false }
                offered.append(String(decoding: bytes, as: UTF8.self))
                return offered.last != line
            }
        }
        while framer.next(offering: take("b")) {}
        #expect(offered == ["a", "b"])
        #expect(yieldedLines(&framer) == ["b", "c"])
    }

    @Test func finishReturnsAnUnterminatedLastLine() {
        #expect(events(["a\nb"], finish: true) == [line("a"), line("b")])
        #expect(events(["a\n"], finish: true) == [line("a")])
    }
}

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

    @Test func lendsTheLaterHalfOfTheHeldLinesAndYieldsTheRestOnceResumed() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array(Self.twentyLinesAndAPartOne.utf8))
        let lent = framer.lendLaterLines(minimumBytes: 40) { Array($0) }
        #expect(lent.map { String(decoding: $0, as: UTF8.self) } == (10..<20).map { "l\($0)\n" }.joined())
        #expect(framer.lendLaterLines(minimumBytes: 40) { Array($0) } == nil, "lines are lent once at a time")
        #expect(yieldedLines(&framer) == (0..<10).map { "l0\($0)" })
        framer.resume(skipping: 8)
        framer.append(Array("il\n".utf8))
        #expect(yieldedLines(&framer) == (12..<20).map { "l\($0)" } + ["tail"])
    }

    @Test func resumingAfterEveryLentLineWasHandledYieldsOnlyWhatFollows() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array(Self.twentyLinesAndAPartOne.utf8))
        let lent = framer.lendLaterLines(minimumBytes: 40) { Array($0) }
        #expect(yieldedLines(&framer).count == 10)
        framer.resume(skipping: lent?.count ?? 0)
        framer.append(Array("il\n".utf8))
        #expect(yieldedLines(&framer) == ["tail"])
    }

    @Test func nothingIsLentBelowTheMinimumOrWhileAnOverLongLineIsSkipped() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array(Self.twentyLinesAndAPartOne.utf8))
        #expect(framer.lendLaterLines(minimumBytes: 80) { Array($0) } == nil, "79 bytes of whole lines are held")
        var skipping = LineFramer(maxLineBytes: 4)
        skipping.append(Array("far too long".utf8))
        #expect(skipping.next() == .lineTooLong)
        skipping.append(Array(" still\nab\ncd\nef\n".utf8))
        #expect(skipping.lendLaterLines(minimumBytes: 1) { Array($0) } == nil)
    }

    /// As the reading loop drives the framer: lending is tried after every
    /// read, so a long line arrives in pieces between tries, and the newline
    /// ending it lies in the bytes already searched when whole lines follow.
    @Test func aLongLineReadInPiecesIsNotLentAndTheWholeLinesAfterItAre() {
        var framer = LineFramer(maxLineBytes: 1_000)
        let long = String(repeating: "x", count: 600)
        for piece in 0..<6 {
            framer.append(Array(long.utf8.dropFirst(piece * 100).prefix(100)))
            #expect(framer.lendLaterLines(minimumBytes: 50) { Array($0) } == nil)
            #expect(framer.next() == nil)
        }
        let short = (0..<10).map { "s\($0)\n" }.joined()
        framer.append(Array(("\n" + short).utf8))
        let lent = framer.lendLaterLines(minimumBytes: 50) { Array($0) }
        #expect(lent.map { String(decoding: $0, as: UTF8.self) } == short)
        #expect(yieldedLines(&framer) == [long])
        framer.resume(skipping: lent?.count ?? 0)
        #expect(yieldedLines(&framer) == [])
    }

    /// The buffer drops handled bytes from its front while lines are lent: the
    /// lent lines keep their place.
    @Test func linesLentAcrossACompactionOfTheBufferComeBackInPlace() {
        var framer = LineFramer(maxLineBytes: 16)
        let lines = (0..<20_001).map { String(format: "%06d\n", $0) }
        framer.append(Array(lines.joined().utf8))
        guard let lent = framer.lendLaterLines(minimumBytes: 1, { Array($0) }) else { return #expect(Bool(false)) }
        let own = yieldedLines(&framer)
        #expect(own.count + lent.count / 7 == 20_001)
        framer.append(Array("next\n".utf8))
        framer.resume(skipping: 7)
        #expect(yieldedLines(&framer) == lines[(own.count + 1)...].map { String($0.dropLast()) } + ["next"])
    }

    @Test func emptyingForgetsPartLinesAndLentLines() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array(Self.twentyLinesAndAPartOne.utf8))
        #expect(framer.lendLaterLines(minimumBytes: 40) { Array($0) } != nil)
        framer.removeAll()
        #expect(!framer.hasPartialLine)
        #expect(framer.consumedByteCount == 0)
        framer.append(Array("fresh\nl".utf8))
        #expect(yieldedLines(&framer) == ["fresh"])
        #expect(framer.consumedByteCount == 6)
        #expect(framer.hasPartialLine)
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
        #expect(framer.consumedByteCount == 2)
        #expect(yieldedLines(&framer) == ["b", "c"])
    }

    @Test func finishReturnsAnUnterminatedLastLine() {
        #expect(events(["a\nb"], finish: true) == [line("a"), line("b")])
        #expect(events(["a\n"], finish: true) == [line("a")])
    }
}

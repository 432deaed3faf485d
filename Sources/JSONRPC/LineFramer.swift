/// Splits a byte stream into protocol lines, as a pure function over bytes.
///
/// Input is read straight into the framer's buffer (`read(atMost:using:)`), so a
/// line is never copied before it is handled; the buffer is only ever extended,
/// and the bytes past `end` are room for the next read. Only bytes appended
/// since the last scan are searched for `\n`. A trailing
/// `\r` is dropped and blank lines are skipped. A line longer than the limit
/// is reported once, as soon as the limit is passed, and its remaining bytes
/// are discarded up to the next newline, so a runaway line never grows memory.
public struct LineFramer: Sendable {
    public enum Event: Sendable, Equatable {
        case line([UInt8])
        case lineTooLong
    }

    /// An event whose line is a view of the framer's buffer, valid only in the
    /// call it is given to: the reading loop handles lines without copying them.
    public enum BorrowedEvent {
        case line(UnsafeRawBufferPointer)
        case lineTooLong
    }

    /// A borrowed event made into one that owns its line.
    public static func copy(_ event: BorrowedEvent) -> Event {
        switch event {
        case .line(let bytes): .line(Array(bytes))
        case .lineTooLong: .lineTooLong
        }
    }

    private enum Found {
        case line(Range<Int>)
        case lineTooLong
    }

    public let maxLineBytes: Int
    /// The bytes held are `buffer[..<end]`; the rest is room for reading.
    private var buffer: [UInt8] = []
    private var end = 0
    /// Where the current (unfinished) line starts in `buffer`.
    private var lineStart = 0
    /// Where the next search for `\n` starts: the bytes from `lineStart` up
    /// to here hold none.
    private var scanPosition = 0
    /// True while the rest of an over-long line is being skipped.
    private var discarding = false

    public init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// True when the framer holds the start of a line it has not finished.
    public var hasPartialLine: Bool { lineStart < end && !discarding }

    /// Reads into the framer's free room: `read` is given at least `atMost`
    /// bytes of it and returns how many it filled (or 0 at end of input, or a
    /// negative number on failure, which is returned as it is).
    public mutating func read(atMost count: Int, using read: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        makeRoom(for: count)
        let filled = buffer.withUnsafeMutableBytes { raw in
            read(UnsafeMutableRawBufferPointer(rebasing: raw[end..<end + count]))
        }
        if filled > 0 { end += filled }
        return filled
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        _ = read(atMost: bytes.count) { room in
            room.copyMemory(from: bytes)
            return bytes.count
        }
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Frees the bytes of handled lines (all of them, or the first half or
    /// more of a large buffer) and grows the buffer when `count` more bytes
    /// would not fit.
    private mutating func makeRoom(for count: Int) {
        if lineStart > 0 && lineStart == end {
            (end, lineStart, scanPosition) = (0, 0, 0)
        } else if lineStart > 65_536 && lineStart * 2 > end {
            let kept = end - lineStart
            buffer.withUnsafeMutableBytes { raw in
                raw.baseAddress!.copyMemory(from: raw.baseAddress! + lineStart, byteCount: kept)
            }
            scanPosition -= lineStart
            (end, lineStart) = (kept, 0)
        }
        if buffer.count - end < count {
            buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, end + count - buffer.count)))
        }
    }

    /// The next complete line or limit event, or nil when more input is needed.
    public mutating func next() -> Event? {
        var event: Event?
        _ = next { event = Self.copy($0) }
        return event
    }

    /// Calls `body` with the next complete line or limit event and returns
    /// true; returns false when more input is needed.
    public mutating func next(_ body: (BorrowedEvent) -> Void) -> Bool {
        next { event, _ in body(event) }
    }

    /// As `next(_:)`, also telling `body` whether input after the line is
    /// already buffered (the start of another line, at least).
    public mutating func next(_ body: (BorrowedEvent, _ moreBuffered: Bool) -> Void) -> Bool {
        guard let found = found() else { return false }
        let moreBuffered = lineStart < end
        lend(found) { body($0, moreBuffered) }
        return true
    }

    /// At end of input: the unterminated last line, if any.
    public mutating func finish() -> Event? {
        var event: Event?
        finish { event = Self.copy($0) }
        return event
    }

    /// At end of input: calls `body` with the unterminated last line, if any.
    public mutating func finish(_ body: (BorrowedEvent) -> Void) {
        if let found = finishing() { lend(found, to: body) }
    }

    private mutating func found() -> Found? {
        while true {
            guard let newline = findNewline() else {
                if !discarding && end - lineStart > maxLineBytes + 1 {
                    discarding = true
                    lineStart = end
                    scanPosition = end
                    return .lineTooLong
                }
                if discarding {
                    lineStart = end
                    scanPosition = end
                }
                return nil
            }
            let start = lineStart
            lineStart = newline + 1
            scanPosition = lineStart
            if discarding {
                discarding = false
                continue
            }
            if let found = lineFound(start..<newline) { return found }
        }
    }

    private mutating func finishing() -> Found? {
        defer {
            lineStart = end
            scanPosition = end
            discarding = false
        }
        guard !discarding, lineStart < end else { return nil }
        return lineFound(lineStart..<end)
    }

    private func lend(_ found: Found, to body: (BorrowedEvent) -> Void) {
        switch found {
        case .line(let range): buffer.withUnsafeBytes { body(.line(UnsafeRawBufferPointer(rebasing: $0[range]))) }
        case .lineTooLong: body(.lineTooLong)
        }
    }

    private mutating func findNewline() -> Int? {
        guard scanPosition < end else { return nil }
        let found: Int? = buffer.withUnsafeBytes { raw in
            let base = raw.baseAddress! + scanPosition
            guard let hit = memchr(base, 0x0A, end - scanPosition) else { return nil }
            return UnsafeRawPointer(hit) - raw.baseAddress!
        }
        scanPosition = found ?? end
        return found
    }

    private func lineFound(_ range: Range<Int>) -> Found? {
        var end = range.upperBound
        if end > range.lowerBound && buffer[end - 1] == 0x0D { end -= 1 }
        let line = range.lowerBound..<end
        if line.count > maxLineBytes { return .lineTooLong }
        if buffer[line].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        return .line(line)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

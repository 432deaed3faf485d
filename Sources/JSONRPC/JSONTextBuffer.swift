/// Bytes of JSON text being written, in one block that doubles when full:
/// scratch space the caller lends (on the stack) until it is outgrown, or the
/// heap. Responses are written into one of these from the id to the newline,
/// and a `JSONTextWriter` writes a result's members straight into it.
///
/// Appending to an `Array` checks uniqueness as well as capacity, and a result
/// is written in a few dozen small appends; those checks profiled at a third of
/// writing `card.validate`'s result, and the array's clearing and copying
/// between buffers at another 300 instructions a request. This checks capacity only.
public struct JSONTextBuffer: ~Copyable, JSONByteSink {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var end = 0
    @usableFromInline var capacity: Int
    @usableFromInline var ownsStart: Bool

    /// An empty buffer on the heap, with room for `capacity` bytes to start
    /// with: by default a typical result's, within the blocks glibc keeps per
    /// thread (up to 1,032 bytes), where a larger block takes a lock.
    public init(capacity: Int = 512) {
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
        ownsStart = true
    }

    /// A buffer that starts in `scratch`, which must outlive it.
    @inlinable
    init(scratch: UnsafeMutableBufferPointer<UInt8>) {
        start = scratch.baseAddress ?? .allocate(capacity: 1)
        capacity = scratch.baseAddress == nil ? 1 : scratch.count
        ownsStart = scratch.baseAddress == nil
    }

    @inlinable
    deinit {
        if ownsStart { start.deallocate() }
    }

    /// The bytes written by `write`, made into an array: written first in
    /// scratch space on the stack (moved to the heap only past 1 KiB) and
    /// copied once. More scratch does not pay: past 1 KiB the standard library
    /// asks the thread for its stack bounds first (4 KiB measured 600
    /// instructions more).
    @inlinable
    public static func bytes(_ write: (inout JSONTextBuffer) -> Void) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { scratch in
            var buffer = JSONTextBuffer(scratch: scratch)
            write(&buffer)
            return Array(buffer.written)
        }
    }

    /// How many bytes are written.
    @inlinable
    public var count: Int { end }

    /// The bytes written, valid until the buffer next changes.
    @inlinable
    public var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: end) }

    /// Forgets every byte written, keeping the room.
    @inlinable
    public mutating func removeAll() {
        end = 0
    }

    /// Forgets the bytes written from `offset` on.
    @inlinable
    public mutating func removeBytes(from offset: Int) {
        precondition(offset >= 0 && offset <= end, "offset out of range")
        end = offset
    }

    @inlinable
    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBytes { appendBytes($0) }
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        if end == capacity { grow(toHold: 1) }
        start[end] = byte
        end += 1
    }

    @inlinable
    public mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - end < bytes.count { grow(toHold: bytes.count) }
        Self.copy(source, count: bytes.count, to: UnsafeMutableRawPointer(start + end))
        end += bytes.count
    }

    /// A member name and what surrounds it, `,"name":` (without the comma when
    /// `afterValue` is false), with one capacity check.
    @inlinable
    mutating func appendKey(_ name: UnsafeRawBufferPointer, afterValue: Bool) {
        let length = name.count + 4
        if capacity - end < length { grow(toHold: length) }
        var at = start + end
        if afterValue {
            at.pointee = UInt8(ascii: ",")
            at += 1
        }
        at.pointee = UInt8(ascii: "\"")
        if let source = name.baseAddress { Self.copy(source, count: name.count, to: UnsafeMutableRawPointer(at + 1)) }
        at += name.count + 1
        at[0] = UInt8(ascii: "\"")
        at[1] = UInt8(ascii: ":")
        end = at + 2 - start
    }

    /// Copies `count` bytes; up to thirty-two with two overlapping loads and
    /// stores inline, as most of a result's pieces are (a valid field state's
    /// text is 29 bytes), since a call to `memcpy` costs more than such a copy.
    @inlinable @inline(__always)
    static func copy(_ source: UnsafeRawPointer, count: Int, to destination: UnsafeMutableRawPointer) {
        switch count {
        case 17...32:
            let head = source.loadUnaligned(as: SIMD16<UInt8>.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
            destination.storeBytes(of: head, as: SIMD16<UInt8>.self)
            destination.storeBytes(of: tail, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
        case 8...16:
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            destination.storeBytes(of: head, as: UInt64.self)
            destination.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            destination.storeBytes(of: head, as: UInt32.self)
            destination.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 1..<4:
            destination.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            destination.storeBytes(of: source.load(fromByteOffset: count / 2, as: UInt8.self), toByteOffset: count / 2, as: UInt8.self)
            destination.storeBytes(of: source.load(fromByteOffset: count - 1, as: UInt8.self), toByteOffset: count - 1, as: UInt8.self)
        case 0:
            break
        default:
            destination.copyMemory(from: source, byteCount: count)
        }
    }

    @usableFromInline
    mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, end + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: end)
        if ownsStart { start.deallocate() }
        start = newStart
        capacity = newCapacity
        ownsStart = true
    }
}

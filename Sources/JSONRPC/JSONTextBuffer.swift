/// The bytes a `JSONTextWriter` has written, in one block that doubles when full:
/// first scratch space the caller lends (on the stack), then the heap.
///
/// Appending to an `Array` checks uniqueness as well as capacity, and a result
/// is written in a few dozen small appends; those checks profiled at a third of
/// writing `card.validate`'s result. This checks capacity only.
@usableFromInline
struct JSONTextBuffer: ~Copyable, JSONByteSink {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    @usableFromInline var ownsStart: Bool

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

    @inlinable
    var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

    @inlinable
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start[count] = byte
        count += 1
    }

    @inlinable
    mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @usableFromInline
    mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        if ownsStart { start.deallocate() }
        start = newStart
        capacity = newCapacity
        ownsStart = true
    }
}

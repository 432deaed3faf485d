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
        Self.copy(source, count: bytes.count, to: UnsafeMutableRawPointer(start + count))
        count += bytes.count
    }

    /// A member name and what surrounds it, `,"name":` (without the comma when
    /// `afterValue` is false), with one capacity check.
    @inlinable
    mutating func appendKey(_ name: UnsafeRawBufferPointer, afterValue: Bool) {
        let length = name.count + 4
        if capacity - count < length { grow(toHold: length) }
        var at = start + count
        if afterValue {
            at.pointee = UInt8(ascii: ",")
            at += 1
        }
        at.pointee = UInt8(ascii: "\"")
        if let source = name.baseAddress { Self.copy(source, count: name.count, to: UnsafeMutableRawPointer(at + 1)) }
        at += name.count + 1
        at[0] = UInt8(ascii: "\"")
        at[1] = UInt8(ascii: ":")
        count = at + 2 - start
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
        let newCapacity = max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        if ownsStart { start.deallocate() }
        start = newStart
        capacity = newCapacity
        ownsStart = true
    }
}

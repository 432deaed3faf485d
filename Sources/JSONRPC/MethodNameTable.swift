/// The registered methods (`Value` is `MethodRegistry.Entry`, or anything a
/// test picks) by the UTF-8 bytes of their names, so the method a request names
/// is found straight from its line: no `String` is made and no
/// SipHash run, which with a `[String: Entry]` cost about 500 instructions a
/// request. Open addressing over a power-of-two table kept at most half full;
/// a slot's name is compared byte for byte, so the hash only has to spread the
/// few names there are.
struct MethodNameTable<Value: Sendable>: Sendable {
    private struct Slot {
        var nameStart: Int32
        var nameLength: Int32
        /// Index into `values`; -1 for a free slot.
        var value: Int32 = -1
    }

    private var slots = [Slot](repeating: Slot(nameStart: 0, nameLength: 0), count: 16)
    /// Every name's UTF-8, one after another.
    private var names: [UInt8] = []
    private var values: [Value] = []

    /// Adds `value` under `name`, which must not be in the table yet.
    mutating func insert(_ value: Value, named name: String) {
        let start = names.count
        names.append(contentsOf: name.utf8)
        values.append(value)
        if values.count * 2 > slots.count { rebuild(slotCount: slots.count * 2) }
        place(Slot(nameStart: Int32(start), nameLength: Int32(names.count - start), value: Int32(values.count - 1)))
    }

    /// The value whose name is exactly `name`'s bytes.
    func value(named name: UnsafeRawBufferPointer) -> Value? {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        return names.withUnsafeBytes { stored in
            while true {
                let candidate = slots[slot]
                if candidate.value < 0 { return nil }
                if Int(candidate.nameLength) == name.count,
                   name.isEmpty || ShortBytes.equal(stored.baseAddress! + Int(candidate.nameStart), name.baseAddress!, count: name.count) {
                    return values[Int(candidate.value)]
                }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func rebuild(slotCount: Int) {
        let occupied = slots.filter { $0.value >= 0 }
        slots = [Slot](repeating: Slot(nameStart: 0, nameLength: 0), count: slotCount)
        for slot in occupied { place(slot) }
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = names.withUnsafeBytes { stored in
            Self.hash(UnsafeRawBufferPointer(rebasing: stored[Int(slot.nameStart)..<Int(slot.nameStart + slot.nameLength)]))
        } & mask
        while slots[index].value >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// A name of eight bytes or more is hashed from its length and its first and
    /// last eight bytes, two loads (which cover every byte of a name up to
    /// sixteen long); a shorter one byte by byte, FNV-1a. The result is mixed so
    /// every byte reaches the low bits a slot index takes.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64
        if bytes.count >= 8 {
            let first = bytes.loadUnaligned(as: UInt64.self)
            let last = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
            hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ last ^ UInt64(bytes.count)
        } else {
            hash = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        hash = (hash ^ hash >> 32) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }
}

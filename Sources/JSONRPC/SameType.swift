/// `value` as `Target`, for code that has just checked `T.self == Target.self`
/// (the coders' fast paths for scalars): a reinterpretation of the same bits,
/// where `as!` would ask the runtime to look the cast up on every value.
@inline(__always)
func sameType<T, Target>(_ value: T, as target: Target.Type) -> Target {
    precondition(T.self == Target.self, "sameType(_:as:) between different types")
    return unsafeBitCast(value, to: Target.self)
}

extension Mask {
    /// Formats `value` the way the Online Payments `StringFormatter` does as a customer types.
    ///
    /// Walking the mask: a literal is written out and consumes the next input
    /// character when it is that same character; otherwise the cursor moves right
    /// when it sits at or after the current input position. A placeholder takes the
    /// next input character it accepts and silently drops the ones it does not.
    /// When the input runs out inside a run of literals, the rest of that run is
    /// written once and formatting stops; input beyond the mask's capacity is dropped.
    /// The returned cursor is clamped to the formatted value.
    ///
    /// - Parameter cursor: the caret among the Unicode scalars of `value`; the end when nil
    ///   or past the end.
    public func apply(to value: String, cursor: Int? = nil) -> MaskedValue {
        let input = Array(value.unicodeScalars)
        // A caret past the end moves exactly as the end does; clamping it first keeps
        // it from overflowing as it passes inserted literals.
        var caret = min(cursor ?? input.count, input.count)
        var output = String.UnicodeScalarView()
        var inputIndex = 0
        var elementIndex = 0

        walk: while elementIndex < elements.count {
            switch elements[elementIndex] {
            case .literal(let literal):
                if inputIndex == input.count {
                    appendRestOfLiteralRun(from: elementIndex, to: &output, caret: &caret, inputIndex: inputIndex)
                    break walk
                }
                output.append(literal)
                if input[inputIndex] == literal {
                    inputIndex += 1
                } else if caret >= inputIndex {
                    caret += 1
                }
            case .placeholder(let placeholder):
                while inputIndex < input.count, !placeholder.accepts(input[inputIndex]) {
                    inputIndex += 1
                }
                guard inputIndex < input.count else { break walk }
                output.append(input[inputIndex])
                inputIndex += 1
            }
            elementIndex += 1
        }
        let formatted = String(output)
        return MaskedValue(value: formatted, cursor: min(max(caret, 0), output.count))
    }

    /// The characters of `value` that fill the mask's placeholders, once formatted:
    /// `1234 5678` with `{{9999}} {{9999}}` gives `12345678`.
    public func remove(from value: String) -> String {
        let formatted = apply(to: value, cursor: 0).value.unicodeScalars
        var unmasked = String.UnicodeScalarView()
        for (scalar, element) in zip(formatted, elements) where element.isPlaceholder {
            unmasked.append(scalar)
        }
        return String(unmasked)
    }

    private func appendRestOfLiteralRun(
        from start: Int, to output: inout String.UnicodeScalarView, caret: inout Int, inputIndex: Int
    ) {
        var index = start
        while index < elements.count, case .literal(let literal) = elements[index] {
            output.append(literal)
            if caret >= inputIndex { caret += 1 }
            index += 1
        }
    }
}

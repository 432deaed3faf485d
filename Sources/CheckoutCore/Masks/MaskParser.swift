/// Turns mask text into elements and back.
enum MaskParser {
    static func elements(of text: String) throws(MaskSyntaxError) -> [MaskElement] {
        let scalars = Array(text.unicodeScalars)
        var elements: [MaskElement] = []
        elements.reserveCapacity(scalars.count)
        var groupStart: Int? = nil
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "{" && next == "{" {
                if groupStart != nil { throw MaskSyntaxError(problem: .nestedGroup, offset: index) }
                groupStart = index
                index += 2
                continue
            }
            if scalar == "}" && next == "}" {
                guard let start = groupStart else { throw MaskSyntaxError(problem: .unopenedGroup, offset: index) }
                if start + 2 == index { throw MaskSyntaxError(problem: .emptyGroup, offset: start) }
                groupStart = nil
                index += 2
                continue
            }
            if groupStart != nil {
                guard let placeholder = MaskPlaceholder(rawValue: scalar) else {
                    throw MaskSyntaxError(problem: .unknownPlaceholder(Character(scalar)), offset: index)
                }
                elements.append(.placeholder(placeholder))
            } else {
                elements.append(.literal(scalar))
            }
            index += 1
        }
        if let start = groupStart { throw MaskSyntaxError(problem: .unclosedGroup, offset: start) }
        return elements
    }

    static func text(of elements: [MaskElement]) -> String {
        var text = String.UnicodeScalarView()
        var inGroup = false
        for element in elements {
            switch element {
            case .literal(let scalar):
                if inGroup { text.append(contentsOf: "}}".unicodeScalars); inGroup = false }
                text.append(scalar)
            case .placeholder(let placeholder):
                if !inGroup { text.append(contentsOf: "{{".unicodeScalars); inGroup = true }
                text.append(placeholder.rawValue)
            }
        }
        if inGroup { text.append(contentsOf: "}}".unicodeScalars) }
        return String(text)
    }
}

/// What a command line asks checkoutd to do, read from its arguments.
///
/// The grammar is small (two commands, a dozen flags that each take one value), so
/// checkoutd reads it itself instead of through swift-argument-parser: that
/// package builds its model of the command by reflection on every start, which
/// was about nine tenths of `checkoutd --version`'s CPU time and more than a
/// third of the time from spawn to the first response (README, Performance).
enum Invocation: Equatable {
    /// `checkoutd [serve] [FLAGS]`
    case serve(ServiceOptions)
    /// `checkoutd call METHOD [PARAMS_JSON] [FLAGS]`
    case call(method: String, params: String, options: ServiceOptions)
    /// `-h`, `--help` or `help [COMMAND]`: the text to print on stdout.
    case help(String)
    case version

    /// The invocation `arguments` (without the program's name) describe.
    ///
    /// Flags may come before, between or after a command's arguments, as
    /// `--flag VALUE` or `--flag=VALUE`; `--` ends the flags. The command word,
    /// when there is one, comes first.
    static func read(_ arguments: [String]) throws(UsageError) -> Invocation {
        var rest = arguments[...]
        let command = rest.first.flatMap(Command.init(rawValue:))
        if command != nil { rest = rest.dropFirst() }
        if command == .help { return try help(for: rest) }

        var options = ServiceOptions()
        var positional: [String] = []
        while let argument = rest.popFirst() {
            if argument == "--" {
                positional += rest
                break
            }
            if argument == "-h" || argument == "--help" { return .help(Usage.text(for: command)) }
            if argument == "--version" { return .version }
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let flag = ServiceOptions.flags.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'")
            }
            guard let value = inlineValue ?? rest.popFirst() else {
                throw UsageError("missing value for '\(flag.name) \(flag.valueName)'")
            }
            guard flag.apply(&options, value) else {
                throw UsageError("invalid value '\(value)' for '\(flag.name)': expected \(flag.expecting)")
            }
        }

        if let disagreement = options.disagreement() { throw UsageError(disagreement) }
        switch command ?? .serve {
        case .call:
            guard let method = positional.first else { throw UsageError("missing the METHOD to call") }
            guard positional.count <= 2 else { throw UsageError("unexpected argument '\(positional[2])'") }
            return .call(method: method, params: positional.count == 2 ? positional[1] : "{}", options: options)
        default:
            if let extra = positional.first { throw UsageError("unexpected argument '\(extra)'") }
            return .serve(options)
        }
    }

    /// `help`, `help serve` or `help call`.
    private static func help(for rest: ArraySlice<String>) throws(UsageError) -> Invocation {
        guard let word = rest.first else { return .help(Usage.text(for: nil)) }
        guard rest.count == 1, let command = Command(rawValue: word), command != .help else {
            throw UsageError("'help' takes one of: serve, call")
        }
        return .help(Usage.text(for: command))
    }

    /// `--name=value` → ("--name", "value"); `--name` → ("--name", nil).
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// The words that may open a command line.
enum Command: String {
    case serve, call, help
}

/// A command line checkoutd cannot run: it prints the message and exits 2.
struct UsageError: Error, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

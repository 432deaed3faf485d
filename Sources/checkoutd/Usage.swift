import CheckoutService

/// The help text of each command, made from `ServiceOptions.flags` so help and
/// the reader never disagree on a flag.
enum Usage {
    static func text(for command: Command?) -> String {
        switch command {
        case nil:
            return """
                checkoutd \(CheckoutService.version): checkout SDK features as a line-delimited JSON-RPC 2.0 service.

                USAGE:
                  checkoutd [serve] [FLAGS]                 serve on stdin/stdout (the default)
                  checkoutd call METHOD [PARAMS_JSON] [FLAGS]
                                                            run one request and print its result
                  checkoutd help [serve | call]             describe a command
                  checkoutd --version

                With no command, checkoutd serves: one JSON-RPC request per line on stdin, one
                response per line on stdout, logs on stderr. End of input or service.shutdown
                finishes the work already read and exits 0. A usage error or a data file that
                cannot be used exits 2.

                \(flagList)
                """
        case .serve?, .help?:
            return """
                Serve JSON-RPC on stdin/stdout until end of input or service.shutdown (the
                default command).

                USAGE: checkoutd [serve] [FLAGS]

                \(flagList)
                """
        case .call?:
            return """
                Run one request and print its result on stdout (exit 0), or its error object on
                stderr (exit 1).

                USAGE: checkoutd call METHOD [PARAMS_JSON] [FLAGS]

                ARGUMENTS:
                  METHOD                    The method name, e.g. mask.apply.
                  PARAMS_JSON               The params as a JSON object ({} when absent).

                \(flagList)
                """
        }
    }

    /// `FLAGS:` and one entry per flag, its help wrapped beside it.
    private static let flagList: String = {
        let column = 28, width = 80
        var lines = ["FLAGS:"]
        let entries = ServiceOptions.flags.map { ("  \($0.name) \($0.valueName)", $0.help) }
            + [("  -h, --help", "Show this help."), ("  --version", "Show the version.")]
        for (head, help) in entries {
            var line = head
            if line.count >= column { // a long flag gets a line of its own
                lines.append(line)
                line = ""
            }
            line = line.padded(to: column)
            for word in help.split(separator: " ") {
                if line.count + word.count + 1 > width, line.count > column {
                    lines.append(line)
                    line = "".padded(to: column)
                }
                line += (line.count == column ? "" : " ") + word
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }()
}

private extension String {
    func padded(to count: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, count - self.count))
    }
}

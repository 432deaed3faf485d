import ArgumentParser
import CheckoutService

/// `checkoutd`: serve JSON-RPC on stdin/stdout, or run one call.
struct Checkoutd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkoutd",
        abstract: "Checkout SDK features as a line-delimited JSON-RPC 2.0 service on stdin/stdout.",
        discussion: """
            With no subcommand, checkoutd serves: one JSON-RPC request per line on stdin,
            one response per line on stdout, logs on stderr. End of input or service.shutdown
            finishes the work already read and exits 0.
            """,
        version: CheckoutService.version,
        subcommands: [Serve.self, Call.self],
        defaultSubcommand: Serve.self
    )

    /// Runs the command line; usage errors exit 2, as API.md asks.
    static func runFromCommandLine() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            exitProcess(0)
        } catch let exit as ProcessExit {
            exitProcess(exit.code)
        } catch let failure as StartupFailure {
            writeToStandardError("checkoutd: \(failure.message)\n")
            exitProcess(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                writeToStandardOutput(fullMessage(for: error) + "\n")
                exitProcess(0)
            }
            writeToStandardError(fullMessage(for: error) + "\n" + "Run 'checkoutd --help' for usage.\n")
            exitProcess(2)
        }
    }
}

/// Ends the process with `code` once the command has done its work.
struct ProcessExit: Error {
    let code: Int32
}

@main
enum Main {
    static func main() {
        Checkoutd.runFromCommandLine()
    }
}

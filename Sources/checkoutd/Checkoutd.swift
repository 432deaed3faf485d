import CheckoutService

/// `checkoutd`: serve JSON-RPC on stdin/stdout, or run one call.
@main
enum Checkoutd {
    static func main() {
        let invocation: Invocation
        do {
            invocation = try Invocation.read(Array(CommandLine.arguments.dropFirst()))
        } catch {
            // Usage errors exit 2, as API.md asks.
            writeToStandardError("checkoutd: \(error.message)\nRun 'checkoutd --help' for usage.\n")
            exitProcess(2)
        }
        do throws(StartupFailure) {
            switch invocation {
            case .version:
                writeToStandardOutput(CheckoutService.version + "\n")
                exitProcess(0)
            case .help(let text):
                writeToStandardOutput(text + "\n")
                exitProcess(0)
            case .serve(let options):
                exitProcess(try Serve.run(options))
            case .call(let method, let params, let options):
                exitProcess(try Call.run(method: method, params: params, options: options))
            }
        } catch {
            writeToStandardError("checkoutd: \(error.message)\n")
            exitProcess(2)
        }
    }
}

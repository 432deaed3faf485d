import CheckoutService
import JSONRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `checkoutd`: serve JSON-RPC on stdin/stdout, or run one call.
@main
enum Checkoutd {
    static func main() {
        // Before anything opens a file or reads a request: see each one.
        let closed = StandardIO.openClosedStandardDescriptors()
        CrashReports.silence()
        if closed.contains(STDOUT_FILENO) {
            writeToStandardError("checkoutd: standard output is closed: there is nowhere to answer\n")
            exitProcess(2)
        }
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

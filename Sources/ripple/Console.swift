import CEdit
import RippleRunner
import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// Terminal output: colour when standard output is a terminal whose `TERM` is not `dumb`, never with
/// `NO_COLOR` set (no-color.org), always with `FORCE_COLOR` set (to anything but `0`); `NO_COLOR` wins.
/// What the lines say is ``PlainReporter``'s (RippleRunner); this writes them.
struct Console {
    let colour = Console.wantsColour()
    /// The reporter of the lines people read, coloured like this console.
    var plain: PlainReporter { PlainReporter(colour: colour) }

    static func wantsColour() -> Bool {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        if let noColour = variable("NO_COLOR"), !noColour.isEmpty { return false }
        if let force = variable("FORCE_COLOR"), !force.isEmpty, force != "0" { return true }
        if variable("TERM") == "dumb" { return false }
        return isatty(1) == 1
    }

    /// Bytes a script printed, passed through as they are.
    func writeRaw(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, ripple_stdout()) }
        fflush(ripple_stdout())
    }

    /// A file's error outside its scenarios.
    func reportError(file: String, _ error: String) {
        write(plain.text(ofFileError: error, file: file))
    }

    func write(_ line: String) {
        print(line)
        fflush(ripple_stdout())
    }

    func red(_ s: String) -> String { plain.red(s) }
    func green(_ s: String) -> String { plain.green(s) }
    func yellow(_ s: String) -> String { plain.yellow(s) }

    /// One line per scenario; a failure adds its `file:line: message` indented.
    func report(_ result: ScenarioResult) {
        write(plain.text(of: result))
    }
}

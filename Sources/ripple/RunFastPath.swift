import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// The start-up fast path (docs/performance.md, T4): `ripple run FILE…` with no option is run without
/// ArgumentParser, whose parse (reflecting the commands' property wrappers, each cast scanning the static
/// binary's conformance records) costs more than the rest of an empty run.
///
/// Only that exact shape is taken: the word `run`, then one or more arguments none of which starts with
/// `-` (so no option, no `--`, no `-h`/`--help`/`--version`, no completion request). Everything else —
/// including `ripple run` alone, `ripple help run` and every option — goes to ArgumentParser, which
/// stays the parser, the help and the error messages of every other command line. The fast path calls
/// the same runner (``Ripple/Run/runFiles(_:engineOptions:trace:traceFormat:traceFile:filter:filterOut:)``)
/// with the options' defaults, and exits as ArgumentParser would: 0, or 1 when something failed.
/// CLITests' `FastPathTests` run both paths side by side and require identical output and status.
enum RunFastPath {
    /// The files of a command line of the shape `run FILE…` (the arguments after the executable), or nil.
    static func files(_ arguments: ArraySlice<String>) -> [String]? {
        guard arguments.count >= 2, arguments.first == "run" else { return nil }
        let files = arguments.dropFirst()
        guard !files.contains(where: { $0.hasPrefix("-") }) else { return nil }
        // RIPPLE_NO_FAST_PATH (any value) sends every command line to ArgumentParser (for the tests that
        // compare both paths).
        guard getenv("RIPPLE_NO_FAST_PATH") == nil else { return nil }
        return Array(files)
    }

    /// Runs `files` as `ripple run FILE…` does and exits with its status.
    static func run(_ files: [String]) -> Never {
        do {
            let failed = try Ripple.Run.runFiles(files, engineOptions: ScriptOptions.engineOptions(sandboxByDefault: false),
                                                 trace: false, traceFormat: nil, traceFile: nil, filter: nil, filterOut: nil)
            exit(failed ? 1 : 0)
        } catch {
            // Not reached today (without a trace file the runner throws nothing); reported as
            // ArgumentParser's `main` reports an error thrown by `run()`.
            Ripple.exit(withError: error)
        }
    }
}

import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// The start-up fast path of a `ripple test` worker (docs/performance.md, Session 6 → tidy): the parent
/// starts each worker as `ripple test --worker --instruction-limit N --memory-limit MB --sandbox` (or
/// `--no-sandbox`), then its own switches (`--check-invariants`, `--trace`, `--report DIR`) and the
/// selection (``TestSelection/arguments``), and ArgumentParser's parse of that line cost 15 of the
/// worker's 17.4 M start-up instructions — once per worker, before its first file (J1).
///
/// Only that shape is taken, in that order, with limits in the ranges ``ScriptOptions`` accepts; the
/// selection is read by ``TestSelection/parse(_:)``, the one reader of what ``TestSelection/arguments``
/// writes. Any other line goes to ArgumentParser as before. The fast path calls the same worker loop
/// (``Ripple/Test/runWorker(options:trace:selection:report:)``) with the options `Test` would have made
/// of that line. `RIPPLE_NO_FAST_PATH` turns it off (CLITests' FastPathTests compare both).
enum WorkerFastPath {
    /// What a worker line asks for.
    struct Line {
        var options: ScriptEngine.Options
        var trace = false
        var report: String?
        var selection = TestSelection()
    }

    /// The worker line of a command line of exactly that shape (the arguments after the executable), or nil.
    static func line(_ arguments: ArraySlice<String>) -> Line? {
        let words = Array(arguments)
        guard words.count >= 7, words[0] == "test", words[1] == "--worker",
              words[2] == "--instruction-limit", let instructions = Int(words[3]),
              instructions >= 0, instructions <= Int(Int32.max),
              words[4] == "--memory-limit", let megabytes = Int(words[5]), megabytes >= 0, megabytes <= 1 << 30,
              words[6] == "--sandbox" || words[6] == "--no-sandbox" else { return nil }
        guard getenv("RIPPLE_NO_FAST_PATH") == nil else { return nil }
        var rest = words[7...]
        let checksInvariants = rest.first == "--check-invariants"
        if checksInvariants { rest.removeFirst() }
        let trace = rest.first == "--trace"
        if trace { rest.removeFirst() }
        var report: String?
        if rest.first == "--report" {
            guard rest.count >= 2 else { return nil }
            report = rest[rest.startIndex + 1]
            rest.removeFirst(2)
        }
        guard let selection = TestSelection.parse(&rest), rest.isEmpty, selection.shard == nil else { return nil }
        let sandbox = words[6] == "--sandbox"
        return Line(options: ScriptOptions.engineOptions(instructionLimit: instructions, memoryLimit: megabytes, sandbox: sandbox,
                                                         noSandbox: !sandbox, sandboxByDefault: true,
                                                         checksInvariants: checksInvariants),
                    trace: trace, report: report, selection: selection)
    }

    /// Runs the worker loop until its input ends and exits 0, as ArgumentParser's `main` does after `run()`.
    static func run(_ line: Line) -> Never {
        Ripple.Test.runWorker(options: line.options, trace: line.trace, selection: line.selection, report: line.report)
        exit(0)
    }
}

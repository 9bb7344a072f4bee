import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// The start-up fast path of a `ripple test` worker (docs/performance.md, Session 6 → tidy): the parent
/// starts each worker as `ripple test --worker --instruction-limit N --memory-limit MB --sandbox` (or
/// `--no-sandbox`), and ArgumentParser's parse of that line cost 15 of the worker's 17.4 M start-up
/// instructions — once per worker, before its first file (J1).
///
/// Only that exact shape is taken, with limits in the ranges ``ScriptOptions`` accepts; any other worker
/// line (a filter, tags, `--trace`, `--list`, a seed, `--fail-fast`, `--check-invariants`) and every other
/// command line goes to ArgumentParser as before. The fast path calls the same worker loop
/// (``Ripple/Test/runWorker(options:trace:filter:filterOut:list:tags:excludeTags:seed:failFast:)``) with
/// the options `Test` would have made of that line. `RIPPLE_NO_FAST_PATH` turns it off (CLITests'
/// FastPathTests compare both).
enum WorkerFastPath {
    /// The engine options of a command line of exactly that shape (the arguments after the executable), or nil.
    static func options(_ arguments: ArraySlice<String>) -> ScriptEngine.Options? {
        let words = Array(arguments)
        guard words.count == 7, words[0] == "test", words[1] == "--worker",
              words[2] == "--instruction-limit", let instructions = Int(words[3]),
              instructions >= 0, instructions <= Int(Int32.max),
              words[4] == "--memory-limit", let megabytes = Int(words[5]), megabytes >= 0, megabytes <= 1 << 30,
              words[6] == "--sandbox" || words[6] == "--no-sandbox" else { return nil }
        guard getenv("RIPPLE_NO_FAST_PATH") == nil else { return nil }
        let sandbox = words[6] == "--sandbox"
        return ScriptOptions.engineOptions(instructionLimit: instructions, memoryLimit: megabytes, sandbox: sandbox,
                                           noSandbox: !sandbox, sandboxByDefault: true)
    }

    /// Runs the worker loop until its input ends and exits 0, as ArgumentParser's `main` does after `run()`.
    static func run(_ options: ScriptEngine.Options) -> Never {
        Ripple.Test.runWorker(options: options)
        exit(0)
    }
}

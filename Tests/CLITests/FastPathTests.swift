import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ripple run FILE…` without options skips ArgumentParser (the start-up fast path, docs/performance.md T4);
/// `RIPPLE_NO_FAST_PATH=1` sends the same command line through ArgumentParser. Both must print the same bytes
/// (apart from scenario times) and exit with the same status, for every kind of file. The same for the
/// workers of `ripple test` (``WorkerFastPath`` in the executable).
@Suite struct FastPathTests {
    static let passing = scratchFile("fast-pass.lua", """
        print("printed by the script")
        local ctx = ripple.container(ripple.model { C = { n = "integer" } }).viewContext
        scenario("inserts", function() ctx:insert("C", { n = 1 }); expect(#ctx:fetch { entity = "C" }):toBe(1) end)
        pending("pending")
        """)
    static let failing = scratchFile("fast-fail.lua", """
        scenario("an expectation fails", function() expect(1):toBe(2) end)
        scenario("a Lua error", function() local t = nil; return t.x end)
        scenario("passes", function() end)
        """)
    static let raising = scratchFile("fast-raise.lua", "local x = 1\nerror('outside any scenario')\n")
    static let syntax = scratchFile("fast-syntax.lua", "scenario('x', function() end\n")
    static let exiting = scratchFile("fast-exit.lua", "io.write('no newline'); os.exit(3)\n")
    static let limited = scratchFile("fast-limit.lua", "scenario('runs away', function() while true do end end)\n")

    /// The command lines of the fast path's shape.
    static let commandLines: [[String]] = [
        ["run", passing],
        ["run", failing],
        ["run", raising],
        ["run", syntax],
        ["run", exiting],
        ["run", "/nonexistent/file.lua"],
        ["run", ""],
        ["run", "help"],
        ["run", "run"],
        ["run", passing, failing, raising, passing],
        ["run", passing, syntax],
    ]

    /// Command lines that are not of that shape (ArgumentParser parses them either way).
    static let otherCommandLines: [[String]] = [
        ["run"],
        ["run", "--", passing],
        ["run", passing, "--trace"],
        ["run", "-h"],
        ["run", passing, "--help"],
        ["run", "--version"],
        ["run", passing, "-x"],
        ["run", "--instruction-limit", "1000", limited],
        ["help", "run"],
        [passing],
    ]

    @Test("ripple run FILE… prints the same and exits the same with and without the fast path",
          arguments: commandLines + otherCommandLines)
    func sameAsArgumentParser(arguments: [String]) {
        for colour in [["NO_COLOR": "1"], ["FORCE_COLOR": "1"]] {
            let fast = runRipple(arguments, environment: colour)
            let general = runRipple(arguments, environment: colour.merging(["RIPPLE_NO_FAST_PATH": "1"]) { a, _ in a })
            #expect(withoutTimes(fast.output) == withoutTimes(general.output), "\(arguments) \(colour)")
            #expect(fast.status == general.status, "\(arguments) \(colour)")
        }
    }

    /// `ripple test` command lines whose workers take the worker fast path (the default limits and sandbox
    /// switches) or not (any other worker option).
    static let testCommandLines: [[String]] = [
        ["test", "-j", "1"],
        ["test", "-j", "2"],
        ["test", "-j", "2", "--no-sandbox"],
        ["test", "-j", "2", "--instruction-limit", "1000", "--memory-limit", "8"],
        ["test", "-j", "2", "--filter", "passes"],
        ["test", "-j", "1", "--check-invariants"],
        ["test", "-j", "2", "--filter-out", "passes", "--tags", "db", "--exclude-tags", "slow"],
        ["test", "-j", "1", "--seed", "7", "--fail-fast", "--trace"],
        ["test", "-j", "1", "--list"],
    ]

    @Test("ripple test's workers print and report the same with and without the worker fast path",
          arguments: testCommandLines)
    func workersSameAsArgumentParser(arguments: [String]) {
        let files = [Self.passing, Self.failing, Self.raising, Self.syntax, Self.exiting, Self.limited]
        let fast = runRipple(arguments + files, environment: ["NO_COLOR": "1"])
        let general = runRipple(arguments + files, environment: ["NO_COLOR": "1", "RIPPLE_NO_FAST_PATH": "1"])
        #expect(withoutTimes(fast.output) == withoutTimes(general.output), "\(arguments)")
        #expect(fast.status == general.status, "\(arguments)")
        if !arguments.contains(where: { ["--filter", "--tags", "--list", "--fail-fast"].contains($0) }) { #expect(fast.output.contains("✔ " + Self.passing + " › inserts"), "\(fast.output)") }
    }

    /// Prints its worker's command line (`/proc/self/cmdline`, words joined by spaces).
    static let cmdline = scratchFile("fast-cmdline.lua", """
        local f = assert(io.open("/proc/self/cmdline", "rb"))
        print("argv: " .. f:read("a"):gsub("%z$", ""):gsub("%z", " "))
        f:close()
        """)

    @Test("the parent starts its workers with a command line of the fast path's shape, and only then")
    func defaultWorkerLineHasFastPathShape() throws {
        // The shape `WorkerFastPath.options` takes: test --worker --instruction-limit N --memory-limit MB, then
        // --sandbox or --no-sandbox, the limits in the ranges ScriptOptions accepts.
        let out = runRipple(["test", "-j", "1", "--no-sandbox", "--pass-with-no-tests", Self.cmdline], environment: ["NO_COLOR": "1"])
        #expect(out.status == 0, "\(out.output)")
        let line = try #require(out.output.split(separator: "\n").first { $0.hasPrefix("argv: ") })
        let words = line.dropFirst("argv: ".count).split(separator: " ").map(String.init)
        #expect(words.count == 8, "\(words)")
        #expect(Array(words.dropFirst()).map { Int($0) == nil ? $0 : "N" }
                == ["test", "--worker", "--instruction-limit", "N", "--memory-limit", "N", "--no-sandbox"], "\(words)")
        #expect(words.count == 8 && Int(words[4]).map { 0...Int(Int32.max) ~= $0 } == true, "\(words)")
        #expect(words.count == 8 && Int(words[6]).map { 0...(1 << 30) ~= $0 } == true, "\(words)")
        // The worker's own switches come next and then the selection (read by TestSelection.parse).
        let other = runRipple(["test", "-j", "1", "--no-sandbox", "--pass-with-no-tests", "--check-invariants", Self.cmdline], environment: ["NO_COLOR": "1"])
        #expect(other.output.contains("--no-sandbox --check-invariants"), "\(other.output)")
    }

    @Test("the statuses are those of the documented contract: 0 passed, 1 failed, the script's own os.exit")
    func statuses() {
        #expect(runRipple(["run", Self.passing]).status == 0)
        #expect(runRipple(["run", Self.failing]).status == 1)
        #expect(runRipple(["run", Self.raising]).status == 1)
        #expect(runRipple(["run", Self.syntax]).status == 1)
        #expect(runRipple(["run", Self.exiting]).status == 3)
        #expect(runRipple(["run", ""]).status == 1)
        #expect(runRipple(["run"]).status == 64)
        let out = runRipple(["run", Self.passing, Self.failing], environment: ["NO_COLOR": "1"])
        #expect(out.output.contains("printed by the script\n✔ " + Self.passing + " › inserts ("))
        #expect(out.output.contains("◌ " + Self.passing + " › pending (pending)"))
        #expect(out.output.contains("✘ " + Self.failing + " › an expectation fails ("))
    }
}

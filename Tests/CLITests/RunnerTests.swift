import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs a shell command line; stdout and stderr together.
func runShell(_ command: String) -> ProcessResult {
    var outPipe: [Int32] = [0, 0]
    _ = pipe2(&outPipe, O_CLOEXEC)  // not inherited by what other tests spawn meanwhile (see runRipple)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    let argv: [String] = ["/bin/sh", "-c", command]
    var cArgs = argv.map { strdup($0) } + [nil]
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArgs, environ)
    posix_spawn_file_actions_destroy(&actions)
    for p in cArgs { free(p) }
    close(outPipe[1])
    guard spawned == 0 else { close(outPipe[0]); return ProcessResult(output: "spawn failed", status: -1) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(outPipe[0], &chunk, chunk.count)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    close(outPipe[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return ProcessResult(output: String(decoding: bytes, as: UTF8.self), status: (status >> 8) & 0xFF)
}

/// `ripple test`'s workers, isolation, selection and output conventions.
@Suite struct RunnerTests {
    static let crashing = scratchFile("crash.lua", """
        print("printed by the script")
        scenario("before the crash", function() expect(1):toBe(1) end)
        scenario("crashes", function() os.execute("kill -SEGV $PPID") end)
        """)
    static let errors = scratchFile("errors.lua", """
        scenario("an expectation fails", function() expect(1):toBe(2) end)
        scenario("a Lua error", function() local t = nil; return t.x end)
        scenario("passes #slow", function() end)
        """)
    static let tree: String = {
        _ = scratchFile("tree-marker", "")
        let dir = "/tmp/ripple-cli-tests-\(getpid())/tree"
        mkdir(dir, 0o755)
        mkdir(dir + "/a", 0o755)
        mkdir(dir + "/b", 0o755)
        _ = scratchFile("tree/a/one_spec.lua", "scenario('one', function() end)\n")
        _ = scratchFile("tree/b/two_spec.lua", "scenario('two', function() end)\n")
        _ = scratchFile("tree/b/helper.lua", "scenario('helper', function() error('not a test') end)\n")
        return dir
    }()

    @Test("a file that crashes its worker is that file's failure, with its signal; the run finishes with its summary")
    func crashIsolated() {
        let passing = scratchFile("after-crash.lua", "scenario('still runs', function() end)\n")
        let junit = scratchFile("crash.xml", "")
        for jobs in ["1", "2"] {
            let result = runRipple(["test", "--no-sandbox", "-j", jobs, "--junit", junit, Self.crashing, passing])
            #expect(result.status == 1)
            #expect(withoutTimes(result.output) == """
                printed by the script
                ✔ \(Self.crashing) › before the crash
                ✘ \(Self.crashing)
                    the worker running this file crashed while running 'crashes': signal 11 (Segmentation fault)
                ✔ \(passing) › still runs
                2 passed, 0 failed, 1 error

                """)
        }
    }

    @Test("SIGINT ends ripple test with a word and a summary of what ran, exit 130")
    func interrupt() {
        let file = scratchFile("interrupt.lua", """
            scenario("ran", function() end)
            scenario("interrupts", function()
              os.execute("kill -INT $(ps -o ppid= -p $PPID)")
              while true do end
            end)
            """)
        let result = runRipple(["test", "--no-sandbox", "--instruction-limit", "2000000000", "-j", "1", file, file])
        #expect(result.status == 130)
        #expect(withoutTimes(result.output) == """
            ✔ \(file) › ran
            interrupted: 0 of 2 files ran
            0 passed, 0 failed, 0 errors

            """)
    }

    @Test("errors (Lua errors outside an expectation) are counted apart from failures")
    func errorsApart() {
        let result = runRipple(["test", Self.errors])
        #expect(result.status == 1)
        #expect(withoutTimes(result.output).hasSuffix("1 passed, 1 failed, 1 error\n"))
    }

    @Test("--filter and --filter-out are Lua patterns; a malformed one is a usage error")
    func luaPatterns() {
        let result = runRipple(["test", "--filter", "^an? ", "--filter-out", "Lua", Self.errors])
        #expect(withoutTimes(result.output).hasSuffix("0 passed, 1 failed, 0 errors\n"))
        let tags = runRipple(["test", "--filter", "#slow", Self.errors])
        #expect(withoutTimes(tags.output) == "✔ \(Self.errors) › passes #slow\n1 passed, 0 failed, 0 errors\n")
        #expect(runRipple(["test", "--filter", "[a", Self.errors]).status == 64)
        let run = runRipple(["run", "--filter", "fails$", Self.errors])
        #expect(withoutTimes(run.output) == "✘ \(Self.errors) › an expectation fails\n    \(Self.errors):1: expected 1 to be 2\n0 passed, 1 failed, 0 errors\n")
    }

    @Test("directories are searched recursively with --pattern; --list names the scenarios without running them")
    func discoveryAndList() {
        let result = runRipple(["test", "--list", "--pattern", "_spec%.lua$", Self.tree])
        #expect(result.status == 0)
        #expect(result.output == "\(Self.tree)/a/one_spec.lua › one\n\(Self.tree)/b/two_spec.lua › two\n")
        let all = runRipple(["test", "--list", Self.tree])
        #expect(all.output.contains("helper"))
    }

    @Test("--version, NO_COLOR and FORCE_COLOR")
    func versionAndColour() {
        let version = runRipple(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("ripple "))
        let forced = runRipple(["test", Self.errors], environment: ["FORCE_COLOR": "1", "NO_COLOR": ""])
        #expect(forced.output.contains("\u{1B}[31m✘ "))
        let none = runRipple(["test", Self.errors], environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"])
        #expect(!none.output.contains("\u{1B}["))
    }

    @Test("ripple test --trace prints the notifications before each result")
    func testTrace() {
        let file = scratchFile("trace.lua", """
            local ctx = ripple.container(ripple.model { C = { n = "integer" } }).viewContext
            scenario("saves", function() ctx:insert("C", { n = 1 }); ctx:save() end)
            """)
        let result = runRipple(["test", "--trace", file])
        #expect(withoutTimes(result.output) == """
            · [viewContext] objectsDidChange inserted: C#1
            · [viewContext] willSave
            · [viewContext] didSave inserted: C#1
            ✔ \(file) › saves
            1 passed, 0 failed, 0 errors

            """)
    }
}

/// Tags and --fail-fast.
@Suite struct RunnerSelectionTests {
    static let tagged = scratchFile("tagged.lua", """
        scenario("fast one", function() end)
        scenario("slow one #slow", function() end)
        scenario("slow database #slow #db", function() end)
        """)

    @Test("--tags and --exclude-tags select by #tag in the name")
    func tags() {
        let slow = runRipple(["test", "--list", "--tags", "slow", Self.tagged])
        #expect(slow.output == "\(Self.tagged) › slow one #slow\n\(Self.tagged) › slow database #slow #db\n")
        let notDB = runRipple(["test", "--list", "--tags", "slow", "--exclude-tags", "db", Self.tagged])
        #expect(notDB.output == "\(Self.tagged) › slow one #slow\n")
        let none = runRipple(["test", "--list", "--exclude-tags", "slow,db", Self.tagged])
        #expect(none.output == "\(Self.tagged) › fast one\n")
    }

    @Test("--fail-fast stops at the first failing test: the rest of its file and later files do not run, for every -j")
    func failFast() {
        let failing = scratchFile("ff-fail.lua", """
            scenario('fails', function() expect(1):toBe(2) end)
            scenario('never runs', function() print('ran after the failure') end)
            """)
        let passing = scratchFile("ff-pass.lua", "scenario('passes', function() end)\n")
        for jobs in ["1", "2"] {
            let result = runRipple(["test", "--fail-fast", "-j", jobs, passing, failing, passing, passing])
            #expect(result.status == 1)
            #expect(withoutTimes(result.output) == """
                ✔ \(passing) › passes
                ✘ \(failing) › fails
                    \(failing):1: expected 1 to be 2
                --fail-fast: stopped at the first failure (\(failing) › fails); 2 of 4 files ran
                1 passed, 1 failed, 0 errors

                """)
        }
    }
}

/// --shuffle and --seed.
@Suite struct ShuffleTests {
    @Test("--seed N repeats one order of the files; --shuffle prints its seed")
    func seeded() {
        let files = (1...6).map { scratchFile("shuffle\($0).lua", "scenario('s\($0)', function() end)\n") }
        let first = runRipple(["test", "--list", "--seed", "42"] + files)
        let again = runRipple(["test", "--list", "--seed", "42"] + files)
        #expect(first.output == again.output)
        #expect(first.output.hasPrefix("--shuffle: seed 42\n"))
        let names = first.output.split(separator: "\n").dropFirst().map { String($0.split(separator: "›").last ?? "") }
        #expect(Set(names) == Set((1...6).map { " s\($0)" }))
        #expect(names != (1...6).map { " s\($0)" })
        #expect(runRipple(["test", "--shuffle", "--list"] + files).output.hasPrefix("--shuffle: seed "))
    }
}

/// A script that reads standard input cannot take the worker's file list.
@Suite struct WorkerInputTests {
    @Test("io.read in a worker reads /dev/null; every file still runs")
    func stdinIsolated() {
        let reader = scratchFile("reads-stdin.lua", "scenario('reads stdin', function() expect(io.read('l')):toBeNil() end)\n")
        let other = scratchFile("after-reader.lua", "scenario('runs after the reader', function() end)\n")
        let result = runRipple(["test", "--no-sandbox", "-j", "1", reader, other, other], input: "not a path\n")
        #expect(result.status == 0)
        #expect(withoutTimes(result.output).hasSuffix("3 passed, 0 failed, 0 errors\n"), "\(result.output)")
    }
}

import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Writes a scratch scenario file and returns its path.
func scratchFile(_ name: String, _ text: String) -> String {
    let dir = "/tmp/ripple-cli-tests-\(getpid())"
    mkdir(dir, 0o755)
    let path = dir + "/" + name
    let f = fopen(path, "w")!
    fputs(text, f)
    fclose(f)
    return path
}

@Suite struct CommandLineTests {
    static let passing = scratchFile("pass.lua", """
        local ctx = ripple.container(ripple.model { C = { n = "integer" } }).viewContext
        ctx:insert("C", { n = 1 })
        ctx:save()
        scenario("one", function() expect(1):toBe(1) end)
        scenario("two", function() expect(ctx:count { entity = "C" }):toBe(1) end)
        """)
    static let failing = scratchFile("fail.lua", """
        scenario("good", function() expect(true):toBe(true) end)
        scenario("bad", function()
          expect(1 + 1):toBe(3)
        end)
        """)
    var passing: String { Self.passing }
    var failing: String { Self.failing }

    @Test("ripple run: passing scenarios exit 0, one line each")
    func runPasses() {
        let result = runRipple(["run", passing])
        #expect(result.status == 0)
        #expect(withoutTimes(result.output) == "✔ \(passing) › one\n✔ \(passing) › two\n2 passed, 0 failed, 0 errors\n")
    }

    @Test("ripple run --trace prints each notification with its changed keys")
    func runTrace() {
        let result = runRipple(["run", passing, "--trace"])
        #expect(withoutTimes(result.output) == """
            · [viewContext] objectsDidChange inserted: C#1
            · [viewContext] willSave
            · [viewContext] didSave inserted: C#1
            ✔ \(passing) › one
            ✔ \(passing) › two
            2 passed, 0 failed, 0 errors

            """)
    }

    @Test("ripple run: a failure exits 1 and names file and line")
    func runFails() {
        let result = runRipple(["run", failing])
        #expect(result.status == 1)
        #expect(withoutTimes(result.output) == "✔ \(failing) › good\n✘ \(failing) › bad\n    \(failing):3: expected 2 to be 3\n1 passed, 1 failed, 0 errors\n")
    }

    @Test("a runaway loop is stopped by the instruction limit and reported, not hung")
    func runaway() {
        let file = scratchFile("runaway.lua", """
            scenario("spins", function() while true do end end)
            """)
        let result = runRipple(["test", "--instruction-limit", "200000000", file])
        #expect(result.status == 1)
        #expect(withoutTimes(result.output) == "✘ \(file) › spins\n    \(file):1: instruction limit exceeded (200000000 instructions; --instruction-limit N, 0 = none) (the rest of the file did not run)\n0 passed, 0 failed, 1 error\n")
    }

    @Test("usage errors exit 64")
    func usage() {
        #expect(runRipple(["run"]).status == 64)
        #expect(runRipple(["frobnicate"]).status == 64)
        #expect(runRipple(["test", "-j", "0"]).status == 64)
        #expect(runRipple(["test", "--shard", "3/2"]).status == 64)
    }

    @Test("--help describes the commands")
    func help() {
        let result = runRipple(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("run"))
        #expect(result.output.contains("test"))
        #expect(result.output.contains("repl"))
    }

    @Test("ripple test: one line per scenario and the closing count")
    func testCommand() {
        let result = runRipple(["test", passing, failing])
        #expect(result.status == 1)
        #expect(withoutTimes(result.output).hasSuffix("    \(failing):3: expected 2 to be 3\n3 passed, 1 failed, 0 errors\n"))
    }

    @Test("ripple test -j 2 keeps file order and counts")
    func parallel() {
        let serial = runRipple(["test", passing, failing, passing])
        let parallel = runRipple(["test", "-j", "2", passing, failing, passing])
        #expect(withoutTimes(parallel.output) == withoutTimes(serial.output))
        #expect(parallel.status == 1)
    }

    @Test("--filter runs matching scenarios only")
    func filter() {
        let result = runRipple(["test", "--filter", "tw", passing, failing])
        #expect(withoutTimes(result.output) == "✔ \(passing) › two\n1 passed, 0 failed, 0 errors\n")
        #expect(result.status == 0)
    }

    @Test("--tap: the plan line matches the number of test points")
    func tap() {
        let result = runRipple(["test", "--tap", passing, failing])
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..4")
        #expect(lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }.count == 4)
        #expect(lines.contains("not ok 4 - \(failing) › bad"))
    }

    @Test("--junit writes XML whose counts match")
    func junit() {
        let path = scratchFile("report.xml", "")
        _ = runRipple(["test", "--junit", path, passing, failing])
        let f = fopen(path, "r")!
        var bytes: [UInt8] = []
        var c = fgetc(f)
        while c != EOF { bytes.append(UInt8(c)); c = fgetc(f) }
        fclose(f)
        let xml = String(decoding: bytes, as: UTF8.self)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ripple\" tests=\"4\" failures=\"1\" errors=\"0\" time=\""))
        #expect(xml.components("<testcase ") == 4)
        #expect(xml.components("<failure ") == 1)
        #expect(xml.hasSuffix("</testsuites>\n"))
    }

    @Test("--shard splits the files")
    func shard() {
        let first = runRipple(["test", "--shard", "1/2", passing, failing])
        let second = runRipple(["test", "--shard", "2/2", passing, failing])
        #expect(withoutTimes(first.output).hasSuffix("2 passed, 0 failed, 0 errors\n"))
        #expect(withoutTimes(second.output).hasSuffix("1 passed, 1 failed, 0 errors\n"))
    }

    @Test("repl with a pipe: no prompts, results and errors printed")
    func replScripted() {
        let result = runRipple(["repl"], input: "x = 20\nx + 22\nfunction f()\nreturn 'multi'\nend\nf()\nerror('oops')\n:quit\n")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("42\nmulti\nstdin:1: oops\nstack traceback:"))
    }

    @Test("repl -i FILE runs the file first")
    func replWithFile() {
        let result = runRipple(["repl", "-i", passing], input: "#ripple.events()\n")
        #expect(result.output.hasPrefix("loaded \(passing) (2 passed, 0 failed)\n3\n"))
    }
}

extension String {
    /// How many times `separator` occurs.
    func components(_ separator: String) -> Int {
        let text = Array(utf8)
        let pattern = Array(separator.utf8)
        guard !pattern.isEmpty, text.count >= pattern.count else { return 0 }
        var count = 0
        var i = 0
        while i <= text.count - pattern.count {
            if Array(text[i..<(i + pattern.count)]) == pattern {
                count += 1
                i += pattern.count
            } else {
                i += 1
            }
        }
        return count
    }
}

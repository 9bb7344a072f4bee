import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ripple test -j N` hands files to workers longest first (recorded durations), prints in file order.
@Suite struct SchedulingTests {
    @Test("files are handed over longest first by recorded duration; the output stays in file order; this run's times are recorded")
    func longestFirst() {
        _ = scratchFile("sched-marker", "")
        let base = "/tmp/ripple-cli-tests-\(getpid())/durations-cache"
        mkdir(base, 0o755)
        mkdir(base + "/ripple", 0o755)
        let cache = base + "/ripple/test-durations.tsv"
        let log = scratchFile("handover.log", "")
        let files = ["sched-a", "sched-b", "sched-c"].map { name in
            scratchFile(name + ".lua", """
                scenario("\(name)", function()
                  local f = io.open("\(log)", "a"); f:write("\(name)\\n"); f:close()
                end)
                """)
        }
        // c took longest last time, then a; b was never timed (estimated from its size: shortest). Lines
        // that are not `nanoseconds<TAB>path` are skipped; the last line needs no newline.
        let cacheFile = fopen(cache, "w")
        fputs("no tab here\n\nx\t\(files[1])\n900000000\t\(files[2])\n500000000\t\(files[0])", cacheFile)
        fclose(cacheFile)
        let result = runRipple(["test", "--no-sandbox", "-j", "1"] + files, environment: ["XDG_CACHE_HOME": base])
        #expect(result.status == 0)
        #expect(withoutTimes(result.output) == files.map { "✔ \($0) › \($0.split(separator: "/").last!.dropLast(4))\n" }.joined()
            + "3 passed, 0 failed, 0 errors\n", "\(result.output)")
        #expect(runShell("cat \(log)").output == "sched-c\nsched-a\nsched-b\n")
        let recorded = runShell("cut -f2 \(cache) | sort").output
        #expect(recorded == files.sorted().map { $0 + "\n" }.joined(), "\(recorded)")
    }

    @Test("what a file prints (print, io.write, a child process) keeps its place among the results, for every -j")
    func outputOrder() {
        let file = scratchFile("output-order.lua", """
            print("top")
            scenario("a", function() print("in a") end)
            os.execute("echo child")
            describe("block", function()
              setup(function() print("setup") end)
              it("b", function() io.write("in b\\n") end)
            end)
            print("end")
            """)
        let once = """
            top
            in a
            ✔ \(file) › a
            child
            setup
            in b
            ✔ \(file) › block b
            end

            """
        for jobs in ["1", "2"] {
            let result = runRipple(["test", "--no-sandbox", "-j", jobs, file, file, file])
            #expect(withoutTimes(result.output) == once + once + once + "6 passed, 0 failed, 0 errors\n", "\(result.output)")
        }
    }
}

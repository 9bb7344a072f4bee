import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ripple test --update-goldens` and the report of golden files no test used.
@Suite struct GoldenFileTests {
    @Test("--update-goldens re-records the golden files a run reaches; a golden file no test used is reported")
    func updateAndReportUnused() {
        let dir = "/tmp/ripple-cli-tests-\(getpid())/goldens"
        _ = runShell("rm -rf \(dir) && mkdir -p \(dir)")
        let file = dir + "/trace.lua"
        let write = { (path: String, text: String) in
            let f = fopen(path, "w")!
            fputs(text, f)
            fclose(f)
        }
        write(file, """
            scenario("matches", function() expect({ "a", "b" }):toMatchGolden("used") end)
            """)
        write(dir + "/used.golden", "old\n")
        write(dir + "/left-behind.golden", "x\n")
        let updated = runRipple(["test", "--update-goldens", dir], environment: ["NO_COLOR": "1"])
        #expect(updated.status == 0, "\(updated.output)")
        #expect(updated.output.contains("recorded \(dir)/used.golden\n"), "\(updated.output)")
        #expect(updated.output.hasSuffix("""
            unused golden files (no test of this run compared with them): \(dir)/left-behind.golden

            """), "\(updated.output)")
        #expect(runShell("cat \(dir)/used.golden").output == "a\nb\n")
        let again = runRipple(["test", dir], environment: ["NO_COLOR": "1"])
        #expect(again.status == 0, "\(again.output)")
        #expect(!again.output.contains("recorded"), "\(again.output)")
        #expect(again.output.contains("unused golden files (no test of this run compared with them): \(dir)/left-behind.golden"))
        // A filtered run does not report: the tests it left out may use them.
        let filtered = runRipple(["test", "--filter", "match", dir], environment: ["NO_COLOR": "1"])
        #expect(!filtered.output.contains("unused golden files"), "\(filtered.output)")
        // A file named alone: its folder's other golden files may be other files'.
        let alone = runRipple(["test", file], environment: ["NO_COLOR": "1"])
        #expect(alone.status == 0 && !alone.output.contains("unused golden files"), "\(alone.output)")
        _ = runShell("rm \(dir)/left-behind.golden")
        let clean = runRipple(["test", dir], environment: ["NO_COLOR": "1"])
        #expect(!clean.output.contains("unused golden files"), "\(clean.output)")
    }

    @Test("--update-goldens is listed in --help")
    func help() {
        let help = runRipple(["test", "--help"])
        #expect(help.output.contains("--update-goldens"), "\(help.output)")
        #expect(help.output.contains("RIPPLE_RECORD=1"), "\(help.output)")
    }
}

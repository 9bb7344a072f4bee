import Testing

/// TAP and JUnit output read back by real consumers: xmllint, Python's junitparser and tap.py (installed by
/// Scripts/bootstrap.sh; a test notes it and skips that parser when it is missing).
@Suite struct ReportFormatTests {
    static let awkward = scratchFile("awkward.lua", """
        scenario("a # in the name", function() expect(1):toBe(2) end)
        scenario("a line\\nbreak", function() expect("x"):toBe("y") end)
        scenario("control \\1 characters", function() error("bell \\7 and <tag> & \\"quotes\\"") end)
        scenario("passes", function() end)
        """)

    static func have(_ check: String) -> Bool { runShell(check + " >/dev/null 2>&1").status == 0 }

    @Test("TAP 13: # and newlines escaped; tap.py reads every point and the failures")
    func tap() {
        let result = runRipple(["test", "--tap", Self.awkward])
        #expect(result.output.contains("not ok 1 - \(Self.awkward) › a \\# in the name\n"))
        #expect(result.output.contains("not ok 2 - \(Self.awkward) › a line\\nbreak\n"))
        guard Self.have("python3 -c 'import tap'") else {
            Issue.record("note: tap.py is not installed (Scripts/bootstrap.sh installs it); TAP not parsed")
            return
        }
        let tapFile = scratchFile("out.tap", result.output)
        let parsed = runShell("""
            python3 -c '
            import sys
            from tap.parser import Parser
            lines = list(Parser().parse_file(sys.argv[1]))
            tests = [l for l in lines if l.category == "test"]
            print(len(tests), sum(1 for t in tests if not t.ok), sum(1 for t in tests if t.todo or t.skip))
            ' \(tapFile)
            """)
        #expect(parsed.output.hasSuffix("\n4 3 0\n") || parsed.output == "4 3 0\n", "\(parsed.output)")
    }

    @Test("TAP 13 read back by Perl's TAP::Parser (a reader that honours the \\# escape) gives the names written")
    func tapNamesReadBack() {
        let file = scratchFile("tap-names.lua", """
            scenario("a # in the name", function() end)
            scenario("not skipped # SKIP really", function() end)
            scenario("a back\\\\slash and \\\\# both", function() end)
            pending("later #slow")
            """)
        let result = runRipple(["test", "--tap", file])
        guard Self.have("perl -MTAP::Parser -e 1") else {
            Issue.record("note: Perl's TAP::Parser is not installed; TAP names not read back")
            return
        }
        let tapFile = scratchFile("names.tap", result.output)
        // TAP 13: in a description `\#` is a `#` and `\\` a `\`; the reader keeps them escaped.
        let parsed = runShell(#"""
            perl -MTAP::Parser -e 'my $p = TAP::Parser->new({ source => $ARGV[0] });
              while (my $r = $p->next) { next unless $r->is_test; my $d = $r->description; $d =~ s/^- //;
                $d =~ s/\\(.)/$1/g; print $d, " | ", ($r->has_skip ? "skip" : "run"), "\n" }' \#(tapFile)
            """#)
        #expect(parsed.output == """
            \(file) › a # in the name | run
            \(file) › not skipped # SKIP really | run
            \(file) › a back\\slash and \\# both | run
            \(file) › later #slow | skip

            """, "\(result.output)\n\(parsed.output)")
    }

    @Test("JUnit: valid XML for xmllint and junitparser, failures and errors apart, a time per test")
    func junit() {
        let path = scratchFile("awkward.xml", "")
        _ = runRipple(["test", "--junit", path, Self.awkward])
        if Self.have("command -v xmllint") {
            let lint = runShell("xmllint --noout \(path)")
            #expect(lint.status == 0, "\(lint.output)")
        } else {
            Issue.record("note: xmllint is not installed (Scripts/bootstrap.sh installs libxml2-utils); XML not checked")
        }
        guard Self.have("python3 -c 'import junitparser'") else {
            Issue.record("note: junitparser is not installed (Scripts/bootstrap.sh installs it); JUnit not parsed")
            return
        }
        let parsed = runShell("""
            python3 -c '
            import sys
            from junitparser import JUnitXml, Failure, Error
            xml = JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                print(suite.tests, suite.failures, suite.errors)
                for case in suite:
                    kinds = [type(r).__name__ for r in case.result]
                    print(case.name, case.time >= 0, kinds)
            ' \(path)
            """)
        #expect(parsed.output == """
            4 2 1
            a # in the name True ['Failure']
            a line
            break True ['Failure']
            control \\x01 characters True ['Error']
            passes True []

            """, "\(parsed.output)")
        #expect(parsed.output.hasPrefix("4 2 1\n"), "\(parsed.output)")
    }
}

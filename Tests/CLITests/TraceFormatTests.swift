import Testing

/// `--trace-format json` and `--trace-file`: JSON Lines, never on the results' stream.
@Suite struct TraceFormatTests {
    @Test("--trace-format json --trace-file writes one JSON object an event; the results stay alone on stdout")
    func jsonLines() {
        let file = scratchFile("json-trace.lua", """
            local ctx = ripple.container(ripple.model { C = { n = "integer" } }).viewContext
            scenario("saves", function()
              local c = ctx:insert("C", { n = 1 }); ctx:save(); c.n = 2; ctx:processPendingChanges()
            end)
            """)
        let trace = scratchFile("trace.jsonl", "")
        for command in ["run", "test"] {
            let result = runRipple([command, "--trace-format", "json", "--trace-file", trace, file])
            #expect(result.status == 0)
            #expect(!result.output.contains("{"), "\(result.output)")
            let parsed = runShell("""
                python3 -c '
                import json, sys
                for line in open(sys.argv[1]):
                    e = json.loads(line)
                    print(e["step"], e["source"], e["kind"], json.dumps(e["objects"], sort_keys=True), e["indexPaths"])
                ' \(trace)
                """)
            #expect(parsed.output == """
                1 viewContext objectsDidChange {"inserted": ["C#1"]} []
                2 viewContext willSave {} []
                3 viewContext didSave {"inserted": ["C#1"]} []
                4 viewContext objectsDidChange {"updated": [{"keys": ["n"], "object": "C#1"}]} []

                """, "\(parsed.output)")
        }
    }
}

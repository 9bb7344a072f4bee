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
                1 None scenarioStart {} []
                2 viewContext objectsDidChange {"inserted": ["C#1"]} []
                3 viewContext willSave {} []
                4 viewContext didSave {"inserted": ["C#1"]} []
                5 viewContext objectsDidChange {"updated": [{"keys": ["n"], "object": "C#1"}]} []
                6 None scenarioEnd {} []

                """, "\(parsed.output)")
        }
    }

    @Test("--trace-format json fills objects for every kind that names objects: controller changes, snapshots, differences")
    func jsonObjectsForEveryKind() {
        let file = scratchFile("json-kinds.lua", """
            local ctx = ripple.container(ripple.model { C = { name = "string" } }).viewContext
            for _, n in ipairs { "b", "c" } do ctx:insert("C", { name = n }) end
            ctx:save()
            scenario("controllers", function()
              local frc = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "name" }, name = "Obj" }
              frc.delegate = { didChangeObject = function() end }
              frc:performFetch()
              local snap = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "name" }, name = "Snap" }
              snap.delegate = { didChangeContentWithSnapshot = function() end }
              snap:performFetch()
              local diff = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "name" }, name = "Diff" }
              diff.delegate = { didChangeContentWithDifference = function() end }
              diff:performFetch()
              ripple.clearEvents()
              ctx:insert("C", { name = "a" })
              ctx:processPendingChanges()
            end)
            """)
        let trace = scratchFile("kinds.jsonl", "")
        let result = runRipple(["test", "--trace-format", "json", "--trace-file", trace, file])
        #expect(result.status == 0, "\(result.output)")
        let parsed = runShell("""
            python3 -c '
            import json, sys
            for line in open(sys.argv[1]):
                e = json.loads(line)
                if e["source"] and e["source"].startswith("frc"):
                    print(e["source"], e["kind"], json.dumps(e["objects"], sort_keys=True), e["indexPaths"])
            ' \(trace)
            """)
        #expect(parsed.output == """
            frc Snap didChangeContentWithSnapshot {"sections": [{"objects": ["C#1", "C#2"], "section": ""}]} []
            frc Obj didChangeObject {"inserted": ["C#3"]} [[0, 0]]
            frc Snap didChangeContentWithSnapshot {"sections": [{"objects": ["C#3", "C#1", "C#2"], "section": ""}]} []
            frc Diff didChangeContentWithDifference {"inserted": [{"object": "C#3", "offset": 0}], "removed": []} []

            """, "\(parsed.output)")
    }

    @Test("the JSON trace has each scenario's start and end, and a failure event for each failure, the file's own too")
    func jsonScenarioEvents() {
        let file = scratchFile("json-scenarios.lua", """
            local ctx = ripple.container(ripple.model { C = { n = "integer" } }).viewContext
            scenario("passes", function() ctx:insert("C", { n = 1 }); ctx:save() end)
            scenario("fails", function() expect(1):toBe(2) end)
            scenario("raises", function() error("boom") end)
            error("outside")
            """)
        let trace = scratchFile("scenarios.jsonl", "")
        for command in ["run", "test"] {
            let result = runRipple([command, "--trace-format", "json", "--trace-file", trace, file])
            #expect(result.status == 1)
            let parsed = runShell("""
                python3 -c '
                import json, sys
                for line in open(sys.argv[1]):
                    e = json.loads(line)
                    print(e["step"], e["kind"], e.get("scenario", "-"), e.get("status", "-"), e.get("message", "-").split(chr(10))[0], "|", e["text"].split(chr(10))[0])
                ' \(trace)
                """)
            #expect(parsed.output == """
                1 scenarioStart passes - - | scenario begins: passes
                2 objectsDidChange - - - | [viewContext] objectsDidChange inserted: C#1
                3 willSave - - - | [viewContext] willSave
                4 didSave - - - | [viewContext] didSave inserted: C#1
                5 scenarioEnd passes passed - | scenario ends: passes (passed)
                6 scenarioStart fails - - | scenario begins: fails
                7 failure fails failed \(file):3: expected 1 to be 2 | failure in fails: \(file):3: expected 1 to be 2
                8 scenarioEnd fails failed - | scenario ends: fails (failed)
                9 scenarioStart raises - - | scenario begins: raises
                10 failure raises error \(file):4: boom | failure in raises: \(file):4: boom
                11 scenarioEnd raises error - | scenario ends: raises (error)
                12 failure None error \(file):5: outside | failure outside the scenarios: \(file):5: outside

                """, "\(command): \(parsed.output)")
        }
    }
}

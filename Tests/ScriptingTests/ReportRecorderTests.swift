import RippleRunner
import Scripting
import Testing

private let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// Runs `code` with a report recorded; returns the recorder, finished (with the error that stopped the code).
private func record(_ code: String, limits: ReportRecorder.Limits = .init()) throws -> ReportRecorder {
    let engine = try ScriptEngine()
    let recorder = engine.startReport(file: "inline.lua", limits: limits)
    var failure: String?
    do { try engine.run(code, chunkName: "=inline.lua") } catch { failure = "\(error)" }
    recorder.finish(error: failure)
    return recorder
}

/// The JSON data block of a page.
private func dataBlock(_ html: String) -> Substring {
    let open = "<script type=\"application/json\" id=\"ripple-data\">"
    guard let start = html.firstRange(of: open), let end = html[start.upperBound...].firstRange(of: "</script>") else { return "" }
    return html[start.upperBound..<end.lowerBound]
}

/// A table fed by a Lua array, in a navigation controller of a window.
private let screen = """
    local rows = { "Ann", "Bob" }
    local window = ripple.window()
    local list = ripple.viewController { title = "People" }
    list.tableView = ripple.tableView { name = "people" }
    list.tableView.dataSource = {
      numberOfRowsInSection = function() return #rows end,
      cellForRowAtIndexPath = function(view, indexPath) return { text = rows[indexPath.row + 1] } end,
    }
    window.rootViewController = ripple.navigationController(list)
    list.tableView:reloadData()

    """

@Suite struct ReportRecorderTests {
    @Test("the contacts example: a step per save and scenario; the batch's rows before and after; the rows the trace says")
    func contacts() throws {
        let engine = try ScriptEngine()
        let recorder = engine.startReport(file: "contacts-screen.lua")
        try engine.runFile(packageRoot + "/Scripts/examples/contacts-screen.lua")
        recorder.finish(error: nil)
        #expect(recorder.outcomes.count == 8 && recorder.outcomes.allSatisfy(\.passed))
        let kinds = recorder.steps.map(\.kind)
        #expect(kinds.filter { $0 == "save" }.count == 10)
        #expect(kinds.filter { $0 == "scenario" }.count == 16)
        // The save of "Add Person": one batch, a section and a row inserted, Ada drawn after and not before.
        let add = try #require(recorder.steps.first { $0.kind == "save" && $0.scenario?.hasPrefix("Add Person") == true })
        #expect(add.lines.contains("[contacts] performBatchUpdates insertSections: [2]; insertRows: [2, 0]"))
        #expect(add.batches.count == 1)
        #expect(add.batches[0].contains(#""insertSections":[2]"#) && add.batches[0].contains(#""insert":[[2,0]]"#))
        #expect(!add.batches[0].contains("Ada Lovelace"))
        let after = recorder.screens[add.screens]
        #expect(after.contains(#"[0,[["text","Ada Lovelace"]]]"#))
        #expect(after.contains(#""title":"Contacts""#) && after.contains(#"["header","L"]"#))
        // The controller and the objects of that step.
        let models = recorder.models[add.models]
        #expect(models.contains(#""name":"Persons""#) && models.contains(#""delegate":"ViewController \"Contacts\"""#))
        #expect(models.contains("firstName = Ada"))
        let html = ReportWriter.html(recorder)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("PASSED"))
    }

    @Test("a selected row is in the screens' picture, and the page marks it SELECTED")
    func selectedRow() throws {
        let recorder = try record("""
            local tv = ripple.tableView { name = "picked", dataSource = {
              numberOfRowsInSection = function() return 3 end,
              cellForRowAtIndexPath = function(_, ip) return { text = "row " .. ip.row } end,
            } }
            tv:reloadData()
            ripple.user.tap(tv, ripple.indexPath(0, 1))
            scenario("selected", function() end)
            """)
        #expect(recorder.screens.contains { $0.contains(#""selected":[[0,1]]"#) })
        let html = ReportWriter.html(recorder)
        #expect(html.contains(#"[["sel", "SELECTED"]]"#))
    }

    @Test("hostile texts stay text: no markup, no early end of the data block, control characters escaped, huge strings cut")
    func hostile() throws {
        let recorder = try record("""
            local rows = { "</script><script>alert(1)</script>", "\\"quotes\\" & 'apostrophes' <b>bold</b>",
                           "bell \\7 nul \\0 esc \\27 line\\u{2028}separator", string.rep("x", 100000) }
            local tv = ripple.tableView { name = "<img src=x onerror=alert(2)>" }
            tv.dataSource = {
              numberOfRowsInSection = function() return #rows end,
              cellForRowAtIndexPath = function(view, indexPath) return { text = rows[indexPath.row + 1], ["<k>"] = "</script>" } end,
            }
            tv:reloadData()
            ripple.tick()
            scenario("</script> in a name", function() error("<script>boom</script>") end)
            """)
        let html = ReportWriter.html(recorder)
        let data = dataBlock(html)
        #expect(!data.isEmpty)
        #expect(!data.contains("<") && !data.contains(">") && !data.contains("&"))
        #expect(!data.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" })
        #expect(data.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"#))
        #expect(data.contains(#"bell \u0007 nul \u0000 esc \u001b line\u2028separator"#))
        #expect(data.contains("… (99700 more characters)"))
        #expect(!html.contains("<script>alert") && !html.contains("<img"))
        #expect(html.ranges(of: "</script>").count == 2)  // the data block's and the page script's ends
        #expect(recorder.steps.contains { $0.error?.contains("<script>boom</script>") == true })
    }

    @Test("a window with a navigation stack, a sheet and a tab bar is drawn with titles and the table's rows")
    func screens() throws {
        let recorder = try record(screen + """
            local detail = ripple.viewController { title = "Detail" }
            window.rootViewController:pushViewController(detail, false)
            detail:present(ripple.viewController { title = "Edit" }, false)
            rows[3] = "Cy"
            list.tableView:insertRows({ ripple.indexPath(0, 2) })
            ripple.tick()
            """)
        let last = try #require(recorder.steps.last)
        #expect(last.kind == "tick" && last.location == "inline.lua:16")
        let picture = recorder.screens[last.screens]
        #expect(picture.contains(#""kind":"navigation""#) && picture.contains(#""title":"Detail""#))
        #expect(picture.contains(#""presentationStyle":"#) && picture.contains(#""title":"Edit""#))
        #expect(picture.contains(#"[2,[["text","Cy"]]]"#))
        #expect(last.batches.count == 1 && last.batches[0].contains(#""insert":[[0,2]]"#))
        #expect(last.batches[0].contains(#"[1,[["text","Bob"]]]"#) && !last.batches[0].contains("Cy"))
    }

    @Test("bad input: a script that fails before any screen, a view without a data source, a cell that raises — the report is still made")
    func badInput() throws {
        let early = try record("error('no screen yet')")
        #expect(early.steps.count == 1 && early.steps[0].kind == "error")
        #expect(early.steps[0].error?.contains("no screen yet") == true && early.scriptError != nil)
        #expect(early.screens[early.steps[0].screens] == #"{"windows":[],"controllers":[],"views":[]}"#)
        #expect(ReportWriter.html(early).contains("FAILED"))

        let noSource = try record("local tv = ripple.tableView { name = 'empty' }; tv:reloadData(); ripple.tick()")
        #expect(noSource.screens[noSource.steps[0].screens].contains(#""dataSource":null"#))

        let raising = try record(screen + """
            list.tableView.dataSource = {
              numberOfRowsInSection = function() return 1 end,
              cellForRowAtIndexPath = function() error("the cell raised") end,
            }
            scenario("a cell that raises", function() list.tableView:reloadData() end)
            """)
        let failing = try #require(raising.steps.first { $0.error != nil })
        #expect(failing.kind == "scenario" && failing.label == "FAILED: a cell that raises")
        #expect(failing.error?.contains("the cell raised") == true)
        #expect(raising.screens[failing.screens].contains(#""title":"People""#))
    }

    @Test("thousands of steps: kept up to the limit, the rest merged into the last step; a 10k-row table drawn as its window")
    func large() throws {
        var limits = ReportRecorder.Limits()
        limits.steps = 100
        let recorder = try record("""
            local tv = ripple.tableView { name = "big" }
            tv.dataSource = {
              numberOfRowsInSection = function() return 10000 end,
              cellForRowAtIndexPath = function(view, indexPath) return { text = "row " .. indexPath.row } end,
            }
            tv.visibleRows = 12
            tv:reloadData()
            tv:scrollToRowAtIndexPath(ripple.indexPath(0, 5000))
            for i = 1, 3000 do ripple.tick() end
            """, limits: limits)
        #expect(recorder.steps.count == 100)
        #expect(recorder.steps.last?.merged == 2900)
        #expect(recorder.screens.count <= 2)
        let picture = try #require(recorder.screens.last)
        #expect(picture.contains(#""total":10000"#) && picture.contains(#"[5000,[["text","row 5000"]]]"#))
        #expect(!picture.contains(#""row 4999""#) && !picture.contains(#""row 5060""#))
        #expect(ReportWriter.html(recorder).utf8.count < 200_000)
    }

    @Test("without --report nothing is recorded")
    func off() throws {
        let engine = try ScriptEngine()
        try engine.run(screen + "ripple.tick()")
        #expect(engine.report == nil)
        engine.recordReportStep(kind: "tap", label: "ignored")  // a no-op without a report
        let recorder = engine.startReport(file: "x.lua")
        engine.recordReportStep(kind: "tap", label: "tap row [0, 1] of people")
        #expect(recorder.steps.map(\.kind) == ["tap"] && recorder.steps[0].label == "tap row [0, 1] of people")
    }

    @Test("page names for a folder of reports")
    func fileNames() {
        #expect(ReportWriter.fileName(forScript: "Scripts/examples/contacts-screen.lua") == "Scripts__examples__contacts-screen.html")
        #expect(ReportWriter.fileName(forScript: "./a b/ü.lua") == "a_b___.html")
        #expect(ReportWriter.escape("<a href=\"x\">'&'</a>\u{1}") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\u{FFFD}")
    }
}

@Suite struct GraphWiringTests {
    @Test("the wiring of the contacts screen: controller → delegate, view controller → view → data source, view controller keeps the controller")
    func contacts() throws {
        let engine = try ScriptEngine()
        let recorder = engine.startReport(file: "contacts-screen.lua")
        recorder.recordsSteps = false
        try engine.runFile(packageRoot + "/Scripts/examples/contacts-screen.lua")
        #expect(recorder.steps.isEmpty)
        let wiring = recorder.wiring()
        #expect(wiring.nodes.map(\.label) == [#"FetchedResultsController "Persons" (Person in viewContext, sections by initial)"#,
                                              #"ViewController "Contacts""#,
                                              #"FetchedResultsController "Favourites" (Person in viewContext)"#,
                                              #"ViewController "Favourites""#, #"table view "contacts""#, #"table view "favourites""#])
        #expect(wiring.edges.map { "\($0.from) -\($0.label)-> \($0.to)" } == [
            "frc1 -delegate-> vc1", "frc2 -delegate-> vc2", "vc1 -shows-> view1", "view1 -dataSource-> vc1",
            "vc2 -shows-> view2", "view2 -dataSource-> vc2", "vc1 -keeps-> frc1", "vc2 -keeps-> frc2"])
        let dot = GraphWriter.dot(models: engine.createdModels, windows: [], wiring: wiring)
        #expect(dot.contains(#""wiring_frc1" -> "wiring_vc1" [label="delegate"];"#))
        #expect(wiring.mermaid.contains(#"frc1 -->|"delegate"| vc1"#))
    }

    @Test("a view without a data source and a delegate that is a Lua table are drawn as such")
    func tables() throws {
        let engine = try ScriptEngine()
        let recorder = engine.startReport(file: "x.lua")
        try engine.run("""
            local ctx = ripple.container(ripple.model { A = { n = "integer" } }).viewContext
            local frc = ripple.fetchedResultsController { context = ctx, entity = "A", sortDescriptors = { "n" } }
            frc.delegate = { controllerDidChangeContent = function() end }
            lonely = ripple.collectionView { name = "lonely" }
            """)
        let wiring = recorder.wiring()
        #expect(wiring.nodes.map(\.label) == [#"FetchedResultsController "A" (A in viewContext)"#,
                                              "delegate of A (a Lua table)", #"collection view "lonely""#])
        #expect(wiring.edges.map { "\($0.from) -\($0.label)-> \($0.to)" } == ["frc1 -delegate-> lua1"])
    }

    @Test("ripple graph draws dvc_add dependencies as dotted edges to the objects")
    func dependencies() throws {
        let engine = try ScriptEngine()
        try engine.run("""
            local ctx = ripple.container(ripple.model { Note = { title = "string" } }).viewContext
            local note = ctx:insert("Note", { title = "a" })
            window = ripple.window()
            local vc = ripple.viewController { title = "Note" }
            window.rootViewController = vc
            vc:dvc_add(note)
            dot = ripple.graph(window)
            mermaid = ripple.graph(window, { format = "mermaid" })
            """)
        _ = engine.state.getGlobal("dot")
        let dot = engine.state.toString(at: -1) ?? ""
        _ = engine.state.getGlobal("mermaid")
        let mermaid = engine.state.toString(at: -1) ?? ""
        engine.state.pop(2)
        #expect(dot.contains(#""vcobject Note#1" [label="Note#1", shape=ellipse];"#))
        #expect(dot.contains(#""vc1" -> "vcobject Note#1" [style=dotted, label="dvc_add"];"#))
        #expect(mermaid.contains(#"obj_Note_1(("Note#1"))"#) && mermaid.contains("vc1 -. dvc_add .-> obj_Note_1"))
    }
}

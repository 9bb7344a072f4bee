import Testing
@testable import Scripting

/// The JSON trace is a rendering of the recorded events: their groups are those of the values the events
/// were made of, never read back from the text.
@Suite struct EventLogJSONTests {
    /// The `objects` and `indexPaths` fields of every event of `script` whose source starts with `prefix`.
    private func objects(_ script: String, source prefix: String) throws -> [String] {
        let engine = try ScriptEngine()
        try engine.run(script)
        return engine.log.events.filter { ($0.source ?? $0.kind).hasPrefix(prefix) }.map { event in
            let json = event.json(step: 1, file: "f.lua")
            let start = json.firstRange(of: "\"kind\":")!.lowerBound
            let end = json.firstRange(of: ",\"text\"")!.lowerBound
            return String(json[start..<end])
        }
    }

    @Test("a snapshot's sections are the controller's section names, even with ':' and ';' in them")
    func snapshotSectionsAreStructured() throws {
        let got = try objects("""
            local ctx = ripple.container(ripple.model { C = { name = "string", group = "string" } }).viewContext
            ctx:insert("C", { name = "a", group = "x: y; z" })
            ctx:insert("C", { name = "b", group = "w" })
            ctx:save()
            local frc = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "group", "name" },
              sectionNameKeyPath = "group", name = "G" }
            frc.delegate = { didChangeContentWithSnapshot = function() end }
            frc:performFetch()
            """, source: "frc")
        #expect(got == [#""kind":"didChangeContentWithSnapshot","objects":{"sections":[{"section":"w","objects":["C#2"]},{"section":"x: y; z","objects":["C#1"]}]},"indexPaths":[]"#], "\(got)")
    }

    @Test("controller changes are grouped by change type; moves keep both index paths; differences their offsets")
    func controllerChanges() throws {
        let got = try objects("""
            local ctx = ripple.container(ripple.model { C = { name = "string" } }).viewContext
            local a = ctx:insert("C", { name = "a" }); ctx:insert("C", { name = "b" }); ctx:save()
            local frc = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "name" }, name = "O" }
            frc.delegate = { didChangeObject = function() end }
            frc:performFetch()
            local diff = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "name" }, name = "D" }
            diff.delegate = { didChangeContentWithDifference = function() end }
            diff:performFetch()
            a.name = "c"; ctx:processPendingChanges()
            """, source: "frc")
        #expect(got == [
            #""kind":"didChangeObject","objects":{"moved":["C#1"]},"indexPaths":[[0,0],[0,1]]"#,
            #""kind":"didChangeContentWithDifference","objects":{"removed":[{"offset":0,"object":"C#1"}],"inserted":[{"offset":1,"object":"C#1"}]},"indexPaths":[]"#,
        ], "\(got)")
    }

    @Test("a detail view controller's update names the object and its changed keys, whatever the title holds")
    func detailViewControllers() throws {
        let got = try objects("""
            local ctx = ripple.container(ripple.model { C = { name = "string" } }).viewContext
            local c = ctx:insert("C", { name = "a" }); ctx:save()
            local form = ripple.viewController "Form {x} C#9"
            form:dvc_add(c)
            c.name = "b"; ctx:processPendingChanges()
            ctx:delete(c); ctx:processPendingChanges()
            """, source: "dvc_")
        #expect(got == [
            #""kind":"dvc_updated","objects":{"updated":[{"object":"C#1","keys":["name"]}]},"indexPaths":[]"#,
            #""kind":"dvc_deleted","objects":{"deleted":["C#1"]},"indexPaths":[]"#,
        ], "\(got)")
    }

    @Test("a view's events are typed: apply by section, selections and batches by their index paths only")
    func viewEvents() throws {
        let got = try objects("""
            local ctx = ripple.container(ripple.model { C = { name = "string", group = "string" } }).viewContext
            ctx:insert("C", { name = "a", group = "x: y; z" }); ctx:insert("C", { name = "b", group = "" })
            ctx:save()
            local frc = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "group", "name" },
              sectionNameKeyPath = "group", name = "G" }
            local tv = ripple.tableView { name = "t" }
            tv:register("Cell")
            local ds = ripple.tableViewDiffableDataSource(tv, function(view, indexPath)
              return view:dequeueReusableCell("Cell", indexPath)
            end)
            frc.delegate = { didChangeContentWithSnapshot = function(_, snapshot) ds:apply(snapshot, false) end }
            frc:performFetch()
            tv:selectRowAtIndexPath(ripple.indexPath(1, 0))
            local plain = ripple.tableView { name = "p" }
            plain:register("Cell")
            local other = ripple.tableViewDiffableDataSource(plain, function(view, indexPath)
              return view:dequeueReusableCell("Cell", indexPath)
            end)
            local s = ripple.snapshot(); s:appendSections({ "main" }); s:appendItems({ "C#7", "q" }); other:apply(s)
            """, source: "t")
        #expect(got == [
            #""kind":"apply","objects":{"sections":[{"section":"","objects":["C#2"]},{"section":"x: y; z","objects":["C#1"]}]},"indexPaths":[]"#,
            #""kind":"reloadData","objects":{},"indexPaths":[]"#,
            #""kind":"selectRow","objects":{},"indexPaths":[[1,0]]"#,
        ], "\(got)")
    }

    @Test("a window's events name view controllers, not objects, whatever their titles hold")
    func windowEvents() throws {
        let engine = try ScriptEngine()
        try engine.run("""
            local w = ripple.window()
            w.rootViewController = ripple.viewController "Form C#9 [0, 1]"
            """)
        let json = engine.log.events.map { $0.json(step: 1, file: "f") }
        #expect(json.first?.contains(#""source":null,"kind":"rootViewController","objects":{},"indexPaths":[],"text":"rootViewController = Form C#9 [0, 1]""#) == true,
                "\(json)")
    }

    @Test("a notification's groups hold its objects and keys; a bulk insert's names stay runs until read")
    func notifications() throws {
        let engine = try ScriptEngine()
        try engine.run("""
            local ctx = ripple.container(ripple.model { C = { n = "integer" } }).viewContext
            for i = 1, 20 do ctx:insert("C", { n = i }) end
            ctx:save()
            """)
        let json = engine.log.events[0].json(step: 1, file: "f.lua")
        #expect(json.hasPrefix(#"{"step":1,"file":"f.lua","source":"viewContext","kind":"objectsDidChange","objects":{"inserted":["C#1","C#2","#))
        #expect(json.contains(#""C#20"]},"indexPaths":[],"text":"[viewContext] objectsDidChange inserted: C#1, C#2, "#), "\(json)")
    }
}

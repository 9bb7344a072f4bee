import FetchedResults
import Testing
@testable import Scripting

/// The lines Ripple's own bindings write — user gestures, view delegates' calls, warnings, a profile change, a
/// store's remote change — are recorded by their parts (``TraceNote``): their JSON takes the source, kind,
/// object names and index paths from the values the line was made of, never from its text.
@Suite struct TraceNoteJSONTests {
    /// The JSON fields and text of every event of `script` whose source is one of `sources`.
    private func events(_ script: String, sources: Set<String>) throws -> [String] {
        let engine = try ScriptEngine()
        try engine.run(script)
        return engine.log.events.filter { sources.contains($0.source ?? "") }.map { event in
            let json = event.json(step: 1, file: "f.lua")
            let prefix = #"{"step":1,"file":"f.lua","#
            #expect(json.hasPrefix(prefix))
            return String(json.dropFirst(prefix.count).dropLast())
        }
    }

    /// A table view `t` of three rows whose delegate redirects or answers, as `tap` asks.
    private func table(named name: String = "t") -> String {
        """
        local rows = { "a", "b", "c" }
        local tv = ripple.tableView { name = "\(name)" }
        tv.dataSource = {
          numberOfRowsInSection = function() return #rows end,
          cellForRowAtIndexPath = function(view, indexPath) return { text = rows[indexPath.row + 1] } end,
        }
        tv.delegate = {
          shouldHighlightRowAtIndexPath = function() return true end,
          willSelectRowAtIndexPath = function(view, indexPath)
            if indexPath.row == 2 then return nil end
            return indexPath
          end,
          didSelectRowAtIndexPath = function() end,
        }
        tv:reloadData()
        ripple.clearEvents()

        """
    }

    @Test("a tap and the delegate's calls: the view and kind, the index paths, answers that are not objects")
    func tapAndDelegateCalls() throws {
        let got = try events(table() + """
            ripple.user.tap(tv, ripple.indexPath(0, 1))
            ripple.user.tap(tv, ripple.indexPath(0, 2))
            """, sources: ["user", "t"])
        #expect(got == [
            #""source":"user","kind":"tap","objects":{},"indexPaths":[[0,1]],"text":"[user] tap t [0, 1]""#,
            #""source":"t","kind":"shouldHighlightRowAtIndexPath","objects":{},"indexPaths":[[0,1]],"text":"[t] shouldHighlightRowAtIndexPath [0, 1] -> true""#,
            #""source":"t","kind":"willSelectRowAtIndexPath","objects":{},"indexPaths":[[0,1],[0,1]],"text":"[t] willSelectRowAtIndexPath [0, 1] -> [0, 1]""#,
            #""source":"t","kind":"selectRow","objects":{},"indexPaths":[[0,1]],"text":"[t] selectRow [0, 1]""#,
            #""source":"t","kind":"didSelectRowAtIndexPath","objects":{},"indexPaths":[[0,1]],"text":"[t] didSelectRowAtIndexPath [0, 1]""#,
            #""source":"user","kind":"tap","objects":{},"indexPaths":[[0,2]],"text":"[user] tap t [0, 2]""#,
            #""source":"t","kind":"shouldHighlightRowAtIndexPath","objects":{},"indexPaths":[[0,2]],"text":"[t] shouldHighlightRowAtIndexPath [0, 2] -> true""#,
            #""source":"t","kind":"willSelectRowAtIndexPath","objects":{},"indexPaths":[[0,2]],"text":"[t] willSelectRowAtIndexPath [0, 2] -> nil""#,
        ], "\(got)")
    }

    @Test("a view named like an object or an index path is a source: no object, no extra index path")
    func viewNamesAreNotObjects() throws {
        let got = try events(table(named: "C#1 [9, 9]") + """
            ripple.user.tap(tv, ripple.indexPath(0, 0))
            """, sources: ["user"])
        #expect(got == [
            #""source":"user","kind":"tap","objects":{},"indexPaths":[[0,0]],"text":"[user] tap C#1 [9, 9] [0, 0]""#,
        ], "\(got)")
    }

    @Test("a gesture that does nothing is explained by a line of kind note")
    func explanations() throws {
        let got = try events(table() + """
            ripple.user.swipeToDelete(tv, ripple.indexPath(0, 1))
            ripple.user.moveRow(tv, ripple.indexPath(0, 0), ripple.indexPath(0, 2))
            ripple.user.scroll(tv, ripple.indexPath(0, 2))
            """, sources: ["user"])
        #expect(got == [
            #""source":"user","kind":"swipeToDelete","objects":{},"indexPaths":[[0,1]],"text":"[user] swipeToDelete t [0, 1]""#,
            #""source":"user","kind":"note","objects":{},"indexPaths":[],"text":"[user] (no swipe: the data source has no commitEditingStyle and the delegate no trailing swipe actions)""#,
            #""source":"user","kind":"moveRow","objects":{},"indexPaths":[[0,0],[0,2]],"text":"[user] moveRow t [0, 0] -> [0, 2]""#,
            #""source":"user","kind":"note","objects":{},"indexPaths":[],"text":"[user] (no move: the data source has no moveRowAtIndexPath, so t shows no reorder control)""#,
            #""source":"user","kind":"scroll","objects":{},"indexPaths":[[0,2]],"text":"[user] scroll t [0, 2]""#,
        ], "\(got)")
    }

    @Test("warnings: of kind warning, the names in their text are not read as objects; a snapshot's lists its identifier")
    func warnings() throws {
        let got = try events("""
            local ctx = ripple.container(ripple.model { C = { name = "string" } }).viewContext
            ctx:insert("C", { name = "C#4" }); ctx:save()
            local frc = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "name" }, name = "F" }
            frc:performFetch()
            frc.predicate = "name == 'C#4'"
            local _ = frc.fetchedObjects
            local s = ripple.snapshot(); s:appendSections({ "main" }); s:appendItems({ "C#7" }); s:appendItems({ "C#7" })
            """, sources: ["frc F", "UIDiffableDataSource"])
        #expect(got == [
            #""source":"frc F","kind":"warning","objects":{},"indexPaths":[],"text":"[frc F] warning: the predicate changed to name == \"C#4\" after the last performFetch; fetchedObjects and sections still follow the previous fetch (call performFetch)""#,
            #""source":"UIDiffableDataSource","kind":"warning","objects":{"identifiers":["C#7"]},"indexPaths":[],"text":"[UIDiffableDataSource] Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Item identifier that already exists: C#7""#,
        ], "\(got)")
    }

    @Test("a profile change and a store's remote change")
    func profileAndRemoteChange() throws {
        let got = try events("""
            ripple.uikit.profile = ripple.uikit.profiles[1]
            local container = ripple.container(ripple.model { C = { n = "integer" } },
              { persistentHistoryTracking = true, remoteChangeNotificationPost = true })
            container.viewContext:insert("C", { n = 1 }); container.viewContext:save()
            ripple.tick()
            """, sources: ["uikit", "coordinator"])
        #expect(got.count == 2, "\(got)")
        #expect(got.first?.hasPrefix(#""source":"uikit","kind":"profile","objects":{},"indexPaths":[],"text":"[uikit] profile = "#) == true, "\(got)")
        #expect(got.last == #""source":"coordinator","kind":"persistentStoreRemoteChange","objects":{},"indexPaths":[],"text":"[coordinator] persistentStoreRemoteChange InMemory store, historyToken 1""#, "\(got)")
    }

    @Test("a detail's object names and index paths are the pieces marked so; its text is written when read")
    func detailPieces() {
        let path = IndexPath(section: 1, item: 2)
        let note = TraceNote(source: "s", kind: "k", "\(object: "C#1") at \(path), \(3) C#2 [4, 5]")
        let event = TraceEvent(note)
        #expect(event.text == "[s] k C#1 at [1, 2], 3 C#2 [4, 5]")
        #expect(event.jsonFields == #""source":"s","kind":"k","objects":{"named":["C#1"]},"indexPaths":[[1,2]]"#)
        let bare = TraceEvent(TraceNote(source: nil, kind: "plain"))
        #expect(bare.text == "plain")
        #expect(bare.jsonFields == #""source":null,"kind":"plain","objects":{},"indexPaths":[]"#)
    }
}

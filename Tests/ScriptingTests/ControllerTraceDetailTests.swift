import FetchedResults
import Testing
@testable import Scripting

/// A controller's detailed callbacks and a detail view controller's `dvc_` events are recorded by their parts;
/// their text is written when read, exactly as the lines were formatted when they were recorded.
@Suite struct ControllerTraceDetailTests {
    @Test("section, snapshot and difference lines, with their edge cases: unnamed sections, nothing to list")
    func controllerLines() {
        func line(_ detail: ControllerTraceDetail) -> String { TraceEvent(.controllerDetail(controller: "F", detail)).text }
        #expect(line(.section(name: "", type: .insert, index: 0)) == #"[frc F] didChangeSection "" insert 0"#)
        #expect(line(.section(name: "B", type: .delete, index: 2)) == "[frc F] didChangeSection B delete 2")
        #expect(line(.snapshot(sections: [("", ["C#1", "C#2"]), ("x: y; z", [])], reloaded: ["C#2"]))
                == #"[frc F] didChangeContentWithSnapshot "": C#1, C#2; x: y; z:  reload: C#2"#)
        #expect(line(.snapshot(sections: [], reloaded: [])) == "[frc F] didChangeContentWithSnapshot")
        #expect(line(.snapshot(sections: [], reloaded: ["C#1"])) == "[frc F] didChangeContentWithSnapshot  reload: C#1")
        #expect(line(.difference([(false, 0, "C#1"), (true, 1, "C#1")]))
                == "[frc F] didChangeContentWithDifference remove 0 C#1, insert 1 C#1")
        #expect(line(.difference([])) == "[frc F] didChangeContentWithDifference")
        let difference = TraceEvent(.controllerDetail(controller: "F", .difference([(false, 0, "C#1"), (true, 1, "C#2")])))
        #expect(difference.jsonFields == #""source":"frc F","kind":"didChangeContentWithDifference","objects":{"removed":[{"offset":0,"object":"C#1"}],"inserted":[{"offset":1,"object":"C#2"}]},"indexPaths":[]"#)
        let snapshot = TraceEvent(.controllerDetail(controller: "F", .snapshot(sections: [("", ["C#1"])], reloaded: [])))
        #expect(snapshot.jsonFields == #""source":"frc F","kind":"didChangeContentWithSnapshot","objects":{"sections":[{"section":"","objects":["C#1"]}]},"indexPaths":[]"#)
    }

    @Test("dvc_updated and dvc_deleted: the controller, the object, the sorted keys")
    func dependencyLines() {
        let updated = TraceEvent(.dependency(DependencyTraceEvent(controller: "Detail", object: "Order#1", changedKeys: ["name", "total"])))
        #expect(updated.text == "dvc_updated Detail Order#1 {name, total}")
        #expect(updated.jsonFields == #""source":null,"kind":"dvc_updated","objects":{"updated":[{"object":"Order#1","keys":["name","total"]}]},"indexPaths":[]"#)
        let deleted = TraceEvent(.dependency(DependencyTraceEvent(controller: "Detail", object: "Order#1", changedKeys: nil)))
        #expect(deleted.text == "dvc_deleted Detail Order#1")
        #expect(deleted.jsonFields == #""source":null,"kind":"dvc_deleted","objects":{"deleted":["Order#1"]},"indexPaths":[]"#)
    }
}

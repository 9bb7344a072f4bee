import Testing
@testable import Scripting

/// The `objects` field of JSON trace lines for kinds the CLI tests do not reach.
@Suite struct EventLogJSONTests {
    private func objects(_ line: String) -> Substring {
        let json = EventLog.json(line, step: 1, file: "f.lua")
        let start = json.firstRange(of: "\"objects\":")!.upperBound
        let end = json.firstRange(of: ",\"indexPaths\"")!.lowerBound
        return json[start..<end]
    }

    @Test("a detail view controller's update and deletion name the object (and its changed keys)")
    func detailViewControllers() {
        #expect(objects("dvc_updated Form Customer#1 {name, since}") == #"{"updated":[{"object":"Customer#1","keys":["name","since"]}]}"#)
        #expect(objects("dvc_deleted Groceries for Sunday Note#12") == #"{"deleted":["Note#12"]}"#)
    }

    @Test("controller changes are grouped by change type; moves keep both index paths")
    func controllerChanges() {
        let json = EventLog.json("[frc Customers] didChangeObject Customer#1 move [0, 0] -> [0, 2]", step: 4, file: "f.lua")
        #expect(json.contains(#""objects":{"moved":["Customer#1"]},"indexPaths":[[0,0],[0,2]]"#), "\(json)")
        #expect(objects("[frc C] didChangeObject Customer#1 update [0, 0] -> [0, 0]") == #"{"updated":["Customer#1"]}"#)
    }

    @Test("snapshots list their sections in order, then reloaded items; differences their offsets")
    func snapshotsAndDifferences() {
        #expect(objects(#"[frc P] didChangeContentWithSnapshot A: Person#4, Person#1; B: Person#2 reload: Person#1"#)
            == #"{"sections":[{"section":"A","objects":["Person#4","Person#1"]},{"section":"B","objects":["Person#2"]}],"reloaded":["Person#1"]}"#)
        #expect(objects("[people] apply A: Person#1; B: Person#2")
            == #"{"sections":[{"section":"A","objects":["Person#1"]},{"section":"B","objects":["Person#2"]}]}"#)
        #expect(objects("[frc C] didChangeContentWithDifference remove 0 Customer#1, insert 2 Customer#1")
            == #"{"removed":[{"offset":0,"object":"Customer#1"}],"inserted":[{"offset":2,"object":"Customer#1"}]}"#)
    }

    @Test("any other line that names objects lists them under named; a line that names none has no groups")
    func otherLines() {
        #expect(objects("[cv] scrollToItem Customer#3 at [0, 2]") == #"{"named":["Customer#3"]}"#)
        #expect(objects("viewDidLoad Customers") == "{}")
        #expect(objects("[viewContext] willSave") == "{}")
    }
}

import FetchedResults

/// A fetched results controller's delegate call that carries details — `didChangeSection`,
/// `didChangeContentWithSnapshot`, `didChangeContentWithDifference` — recorded by the names, numbers and
/// change types it was made of; its line (``text(controller:)``) and its JSON groups (``groups``) are
/// written from them when the event is read.
enum ControllerTraceDetail {
    /// A section inserted or deleted: its name (`""` when unnamed), the change and the section's index.
    case section(name: String, type: FetchedResultsChangeType, index: Int)
    /// The snapshot delivered: each section's name with its objects' names, and the objects marked for reload.
    case snapshot(sections: [(name: String, objects: [String])], reloaded: [String])
    /// The difference delivered: its removals and insertions in the order the difference lists them.
    case difference([(inserts: Bool, offset: Int, object: String)])

    /// The delegate method's name, the event's kind.
    var kind: String {
        switch self {
        case .section: return "didChangeSection"
        case .snapshot: return "didChangeContentWithSnapshot"
        case .difference: return "didChangeContentWithDifference"
        }
    }

    /// The line: `[frc NAME] didChangeSection A insert 0`, `[frc NAME] didChangeContentWithSnapshot A: C#1;
    /// B: C#2 reload: C#1`, `[frc NAME] didChangeContentWithDifference remove 0 C#1, insert 1 C#1`.
    func text(controller: String) -> String {
        var detail = ""
        switch self {
        case .section(let name, let type, let index):
            detail = (name.isEmpty ? "\"\"" : name) + " " + type.rawValue + " " + String(index)
        case .snapshot(let sections, let reloaded):
            for (i, section) in sections.enumerated() {
                if i > 0 { detail += "; " }
                detail += (section.name.isEmpty ? "\"\"" : section.name) + ": " + section.objects.joined(separator: ", ")
            }
            if !reloaded.isEmpty { detail += " reload: " + reloaded.joined(separator: ", ") }
        case .difference(let changes):
            for (i, change) in changes.enumerated() {
                if i > 0 { detail += ", " }
                detail += (change.inserts ? "insert " : "remove ") + String(change.offset) + " " + change.object
            }
        }
        let head = "[frc " + controller + "] " + kind
        return detail.isEmpty ? head : head + " " + detail
    }

    /// The event's objects by group: none for a section; `sections` (and `reloaded` when some are marked)
    /// for a snapshot; `removed` and `inserted` for a difference.
    var groups: [(name: String, group: TraceEvent.Group)] {
        switch self {
        case .section:
            return []
        case .snapshot(let sections, let reloaded):
            var groups: [(name: String, group: TraceEvent.Group)] = [("sections", .sections(sections))]
            if !reloaded.isEmpty { groups.append(("reloaded", .names(.list(reloaded)))) }
            return groups
        case .difference(let changes):
            return [("removed", .offsets(changes.filter { !$0.inserts }.map { ($0.offset, $0.object) })),
                    ("inserted", .offsets(changes.filter(\.inserts).map { ($0.offset, $0.object) }))]
        }
    }
}
